"""How hard the randomised tests work: one set of tests, two budgets.

The README's test command runs the ``fast`` Hypothesis profile (the default); `.ci/run` sets
``HYPOTHESIS_PROFILE=thorough``. A test asks :func:`examples` for its number of examples
instead of writing one down, so both runs execute the same tests with the same strategies.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "fast")
if PROFILE not in ("fast", "thorough"):
    raise RuntimeError(f"HYPOTHESIS_PROFILE must be fast or thorough, not {PROFILE!r}")
THOROUGH = PROFILE == "thorough"

settings.register_profile("fast", deadline=None, max_examples=50,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", deadline=None, max_examples=500,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(PROFILE)


def examples(fast: int, thorough: int) -> int:
    """The number of examples for this run's profile."""
    return thorough if THOROUGH else fast
