"""Who plays well with whom: the partner and head-to-head figures of scorer.core.stats, hand
computed for a small evening."""

from __future__ import annotations

from scorer.core.evening import evening
from scorer.core.stats import PairStats, combined, evening_stats, runde_stats

SEATS = ["Anna", "Ben", "Cem", "Dora"]
GAMES = [
    # Anna and Cem win with 151 (gewonnen, keine 90): +2 each, Ben and Dora −2.
    {"re": ["Anna", "Cem"], "re_eyes": 151},
    # Anna and Ben lose with 100 (Kontra gewonnen, gegen die Alten): Cem, Dora +2; Anna, Ben −2.
    {"re": ["Anna", "Ben"], "re_eyes": 100},
    # Ben wins a Damensolo with 151 (gewonnen, keine 90, ×3): Ben +6, the three −2 each.
    {"kind": "solo", "solo": "damen", "re": ["Ben"], "re_eyes": 151},
]


def _evening() -> object:
    return evening({"rules": "ddv", "seats": SEATS, "games": GAMES})


def test_partners_are_counted_by_hand():
    stats = evening_stats(_evening(), None)
    assert stats.partners == (
        # G1 won +2, G3 as the soloist's opponents lost −2: 0 a game.
        PairStats("Anna", "Cem", 2, 1, 1, 0, 0),
        # G2 won +2, G3 lost −2.
        PairStats("Cem", "Dora", 2, 1, 1, 0, 0),
        PairStats("Anna", "Ben", 1, 0, 0, -2, -2),   # G2 lost
        PairStats("Anna", "Dora", 1, 0, 0, -2, -2),  # G3 against Ben's solo
        PairStats("Ben", "Dora", 1, 0, 0, -2, -2),   # G1 lost
    )
    assert [p.average for p in stats.partners] == [0.0, 0.0, -2.0, -2.0, -2.0]
    # Ben and Cem never played in one party.
    assert not any({p.first, p.second} == {"Ben", "Cem"} for p in stats.partners)


def test_head_to_head_is_counted_by_hand():
    stats = evening_stats(_evening(), None)
    assert stats.opponents == (
        # G1 Cem +2 / Ben −2, G2 Cem +2 / Ben −2, G3 Ben +6 / Cem −2.
        PairStats("Ben", "Cem", 3, 1, 2, 2, 2),
        # G1 Anna +2 / Ben −2, G3 Ben +6 / Anna −2.
        PairStats("Anna", "Ben", 2, 1, 1, 0, 4),
        # G1 Anna +2 / Dora −2, G2 Dora +2 / Anna −2.
        PairStats("Anna", "Dora", 2, 1, 1, 0, 0),
        # G2 Dora +2 / Ben −2, G3 Ben +6 / Dora −2.
        PairStats("Ben", "Dora", 2, 1, 1, 4, 0),
        PairStats("Anna", "Cem", 1, 0, 1, -2, 2),  # G2
        PairStats("Cem", "Dora", 1, 1, 0, 2, -2),  # G1
    )
    assert stats.opponents[1].first_average == 0.0 and stats.opponents[1].second_average == 2.0


def test_two_evenings_add_up_whatever_order_the_players_sat_in():
    later = evening({"rules": "ddv", "seats": ["Dora", "Cem", "Ben", "Anna"],
                     "games": [{"re": ["Dora", "Anna"], "re_eyes": 151}]})
    both = runde_stats([(_evening(), None), (later, None)])
    pairs = {(p.first, p.second): p for p in both.partners}
    # Anna and Dora: G3 of the first evening (−2 each) and the later win (+2 each).
    assert pairs["Anna", "Dora"] == PairStats("Anna", "Dora", 2, 1, 1, 0, 0)
    assert pairs["Ben", "Cem"] == PairStats("Ben", "Cem", 1, 0, 0, -2, -2)
    # Adding the parts in any grouping gives the same figures.
    parts = [evening_stats(_evening(), None), evening_stats(later, None)]
    assert combined([combined(parts[:1]), combined(parts[1:])]).partners == both.partners
    assert combined(parts).opponents == both.opponents


def test_a_hammelrennen_makes_no_pairs():
    ledger = evening({"rules": "voss", "seats": SEATS, "games": [
        {"kind": "hammelrennen", "eyes": {"Anna": 130, "Ben": 40, "Cem": 40, "Dora": 30}},
        {"kind": "redeal"}]})
    stats = evening_stats(ledger, None)
    assert stats.partners == () and stats.opponents == ()
