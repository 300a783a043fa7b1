"""Doko-Zettel: scorekeeping and settlement for Doppelkopf played with real cards.

Importing this package must stay cheap and must not import Flask: the scoring core
(`scorer.core.rules`, `scorer.core.scoring`, `scorer.core.evening`) and the `scorer` CLI stand on their
own. `create_app` is only a thin lazy door so that `flask --app scorer ...` finds the
application factory.
"""

from __future__ import annotations

from typing import Any


def create_app(test_config: dict[str, Any] | None = None) -> Any:
    """Build the Flask app; Flask is imported only when this is called."""
    from scorer.app import create_app as _create_app

    return _create_app(test_config)
