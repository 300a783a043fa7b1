"""Migration e4b9c2d7a613: the price of a point goes from whole cents to tenths of a cent
(issue 25, item 17). Evenings of the old schema keep their price and their settlement; a
downgrade brings whole cents back, a price below a cent staying a price."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from conftest import game_entry

BEFORE = "e8b4d2c6a1f3"
"""The revision before the price in tenths."""


@pytest.fixture
def migrated(app: Any) -> Any:
    """Six evenings of one Runde at six prices, stored by today's services."""
    from scorer import services
    from scorer.core.rules import preset

    prices = [10, 0, Decimal("0.5"), Decimal("1.5"), Decimal("0.3"), 25]
    with app.app_context():
        group = services.create_group("Preisrunde", "ddv")
        ids = [services.add_player(group, n).id for n in ("Anna", "Ben", "Cem", "Dora")]
        for day, price in enumerate(prices, start=1):
            evening = services.start_evening(
                group, played_on=dt.date(2025, 11, day), seat_ids=ids, first_dealer_id=ids[0],
                preset="ddv", rules=preset("ddv"), planned_games=None, cents_per_point=price)
            facts = {"players": ids, "re": ids[:2], "re_eyes": 151}
            assert services.add_game(evening, game_entry(facts),
                                     f"00000000-0000-4000-8000-{day:012d}")
        token = group.edit_token
    return app, token


def _column(app: Any, name: str) -> list[Any]:
    import sqlalchemy as sa

    from scorer.store.extensions import db

    with app.app_context():
        with db.engine.connect() as connection:
            rows = connection.execute(sa.text(f"SELECT {name} FROM evenings ORDER BY number"))
            return [row[0] for row in rows]


def test_a_downgrade_keeps_whole_cents_and_a_price_below_a_cent_stays_a_price(migrated):
    from flask_migrate import downgrade

    app, _ = migrated
    assert _column(app, "tenth_cents_per_point") == [100, 0, 5, 15, 3, 250]
    with app.app_context():
        downgrade(revision=BEFORE)
    # 0,5 and 1,5 Cent to the nearest cent, halves up; 0,3 Cent is 1 Cent, not "no money".
    assert _column(app, "cents_per_point") == [10, 0, 1, 2, 1, 25]


def test_old_evenings_keep_their_price_and_settlement_after_the_upgrade(migrated):
    from flask_migrate import downgrade, upgrade

    app, token = migrated
    client = app.test_client()
    before = {n: client.get(f"/r/{token}/abend/{n}/").text for n in (1, 6)}
    with app.app_context():
        downgrade(revision=BEFORE)
        upgrade()
    assert _column(app, "tenth_cents_per_point") == [100, 0, 10, 20, 10, 250]
    for number, price, line in [(1, "10 Cent", "Cem zahlt Anna 0,20 €"),
                                (6, "25 Cent", "Cem zahlt Anna 0,50 €")]:
        page = client.get(f"/r/{token}/abend/{number}/").text
        assert f"{price} pro Punkt · Ausgleich untereinander" in page
        assert line in page
        assert _money(page) == _money(before[number])


def _money(page: str) -> str:
    start = page.index('<div class="money" id="abrechnung">')
    return page[start:page.index("</div>", start)]
