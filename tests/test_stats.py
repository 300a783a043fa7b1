"""Statistics of a Runde (scorer.core.stats): worked examples and invariants over real ledgers."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core.evening import evening
from scorer.core.settlement import settle
from scorer.core.stats import combined, runde_stats, soloist, won_game
from tests.budget import examples

ROOT = Path(__file__).resolve().parents[1]

# voss (40 cards) has every kind there is. Four seats, so all four play every game.
#  1  normal, Re Anna+Ben 130 Augen: Re wins.                 won: Anna Ben
#  2  Cem's Damensolo with 100: Cem loses.                     won: Anna Ben Dora; Cem's solo lost
#  3  stille Hochzeit, Dora alone with 150: Dora wins.         won: Dora; Dora's solo won
#  4  Hochzeit without partner, Anna alone with 80: lost.      won: Ben Cem Dora; Anna's solo lost
#  5  Schwarze Sau, Ben alone with 130: Ben wins.              won: Ben; Ben's solo won
#  6  Hammelrennen, Anna has more than 120 Augen: Anna wins.   won: Anna
#  7  thrown in (redeal): no game.
VOSS_EVENING = {
    "rules": "voss",
    "seats": ["Anna", "Ben", "Cem", "Dora"],
    "games": [
        {"re": ["Anna", "Ben"], "re_eyes": 130},
        {"kind": "solo", "solo": "damen", "re": ["Cem"], "re_eyes": 100},
        {"kind": "stille_hochzeit", "re": ["Dora"], "re_eyes": 150},
        {"kind": "hochzeit", "re": ["Anna"], "re_eyes": 80},
        {"kind": "schwarze_sau", "re": ["Ben"], "re_eyes": 130},
        {"kind": "hammelrennen", "eyes": {"Anna": 130, "Ben": 40, "Cem": 40, "Dora": 30}},
        {"kind": "redeal"},
    ],
}
# Five seats: Anna deals the only game and sits out; Emil plays his first game.
FIVE_EVENING = {
    "rules": "ddv",
    "seats": ["Anna", "Ben", "Cem", "Dora", "Emil"],
    "games": [{"re": ["Ben", "Emil"], "re_eyes": 130}],
}


def _by_name(result):
    return {p.name: p for p in result.players}


def test_games_won_and_solos_follow_the_winning_side_of_each_kind():
    ledger = evening(VOSS_EVENING)
    players = _by_name(runde_stats([(ledger, None)]))
    figures = {n: (p.games, p.won, p.solos, p.solos_won) for n, p in players.items()}
    assert figures == {
        "Anna": (6, 3, 1, 0),
        "Ben": (6, 4, 1, 1),
        "Cem": (6, 1, 1, 0),
        "Dora": (6, 3, 1, 1),
    }


def test_points_are_the_ledger_totals_and_the_redeal_is_no_game():
    ledger = evening(VOSS_EVENING)
    result = runde_stats([(ledger, None)])
    assert {p.name: p.points for p in result.players} == ledger.totals
    assert result.games == 6 and result.evenings == 1
    assert [p.points for p in result.players] == sorted(ledger.totals.values(), reverse=True)


def test_a_hammelrennen_counts_for_its_winner_only():
    game = evening(VOSS_EVENING).games[5]
    assert [won_game(game, n) for n in ("Anna", "Ben", "Cem", "Dora")] == [True, False, False,
                                                                            False]
    assert soloist(game) is None


def test_sitting_out_is_no_game_but_the_evening_counts():
    result = runde_stats([(evening(VOSS_EVENING), None), (evening(FIVE_EVENING), None)])
    players = _by_name(result)
    assert (players["Anna"].evenings, players["Anna"].games) == (2, 6)
    assert (players["Emil"].evenings, players["Emil"].games, players["Emil"].won) == (1, 1, 1)
    assert result.games == 7 and result.evenings == 2


def test_the_average_is_points_per_game_played():
    ledger = evening(FIVE_EVENING)
    players = _by_name(runde_stats([(ledger, None)]))
    assert players["Emil"].average == ledger.totals["Emil"] / 1
    assert players["Anna"].average is None  # sat out the only game


def test_money_adds_up_each_evening_settlement_and_the_kasse():
    first, second = evening(VOSS_EVENING), evening(FIVE_EVENING)
    paid = settle(first.totals, 10)
    kasse = settle(second.totals, 5, mode="pay_losses", rounding="ten_cents")
    result = runde_stats([(first, paid), (second, kasse)])
    for player in result.players:
        assert player.cents == (paid.balances.get(player.name, 0)
                                + kasse.balances.get(player.name, 0))
    assert result.pot == kasse.pot > 0


def test_an_evening_without_money_adds_no_cents():
    result = runde_stats([(evening(VOSS_EVENING), None)])
    assert {p.cents for p in result.players} == {0} and result.pot == 0


def test_no_evenings_give_no_players():
    result = runde_stats([])
    assert (result.players, result.evenings, result.games, result.pot) == ((), 0, 0, 0)


# --------------------------------------------------------------------------- invariants

NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil", "Finn", "Greta"]


@st.composite
def evenings(draw):
    """A ddv evening of 4–7 seats with normal games, solos, Hochzeiten and redeals."""
    seats = NAMES[:draw(st.integers(4, 7))]
    games = []
    for _ in range(draw(st.integers(0, 12))):
        four = draw(st.permutations(seats))[:4]
        kind = draw(st.sampled_from(["normal", "normal", "solo", "stille_hochzeit",
                                     "hochzeit", "redeal"]))
        eyes = draw(st.integers(1, 239))
        if kind == "redeal":
            game = {"kind": "redeal", "players": four}
        elif kind == "normal":
            game = {"players": four, "re": four[:2], "re_eyes": eyes}
        elif kind == "hochzeit":
            game = {"kind": "hochzeit", "players": four,
                    "re": four[:draw(st.integers(1, 2))], "re_eyes": eyes}
        else:
            game = {"kind": kind, "players": four, "re": four[:1], "re_eyes": eyes}
            if kind == "solo":
                game["solo"] = "buben"
        games.append(game)
    return evening({"rules": "ddv", "seats": seats, "games": games})


@settings(max_examples=examples(60, 600), deadline=None)
@given(st.lists(evenings(), max_size=4))
def test_the_figures_agree_with_the_ledgers(ledgers):
    result = runde_stats([(ledger, settle(ledger.totals, 10)) for ledger in ledgers])
    counted = [g for ledger in ledgers for g in ledger.games if g.facts.kind.value != "redeal"]
    assert result.games == len(counted)
    assert sum(p.points for p in result.players) == 0
    assert sum(p.cents for p in result.players) == 0
    assert sum(p.games for p in result.players) == 4 * len(counted)
    assert sum(p.solos for p in result.players) == sum(g.facts.scored_as_solo for g in counted)
    for player in result.players:
        assert player.points == sum(ledger.totals.get(player.name, 0) for ledger in ledgers)
        assert 0 <= player.won <= player.games
        assert 0 <= player.solos_won <= player.solos <= player.games
    points = [p.points for p in result.players]
    assert points == sorted(points, reverse=True)


@settings(max_examples=examples(40, 400), deadline=None)
@given(st.lists(evenings(), max_size=3), st.lists(evenings(), max_size=3))
def test_the_figures_of_two_stretches_add_up_to_those_of_both(first, second):
    def figures(ledgers):
        result = runde_stats([(ledger, None) for ledger in ledgers])
        return {p.name: (p.evenings, p.points, p.games, p.won, p.solos, p.solos_won)
                for p in result.players}

    both, one, two = figures(first + second), figures(first), figures(second)
    zero = (0,) * 6
    for name, row in both.items():
        assert row == tuple(a + b for a, b in zip(one.get(name, zero), two.get(name, zero)))


@settings(max_examples=examples(40, 400), deadline=None)
@given(st.lists(evenings(), max_size=3), st.lists(evenings(), max_size=3))
def test_the_figures_of_two_seasons_combined_are_those_of_all_their_evenings(first, second):
    # What a page keeps per season (or per evening) adds up to the figures of all of them,
    # order of ties included.
    def stats(ledgers):
        return runde_stats([(ledger, settle(ledger.totals, 10)) for ledger in ledgers])

    assert combined([stats(first), stats(second)]) == stats(first + second)


# --------------------------------------------------------------------------- purity


def test_the_statistics_load_no_web_framework():
    code = ("import json, sys, scorer.core.stats\n"
            "print(json.dumps(sorted(m for m in ('flask', 'sqlalchemy', 'wtforms', "
            "'weasyprint', 'jinja2') if m in sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert json.loads(done.stdout) == []


def test_the_statistics_import_only_the_standard_library_and_the_core():
    tree = ast.parse((ROOT / "scorer" / "core" / "stats.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
    core = {"scorer.core.evening", "scorer.core.rules", "scorer.core.settlement"}
    assert {m for m in imported if m and m.split(".")[0] == "scorer"} <= core
    assert all(m.split(".")[0] in sys.stdlib_module_names or m in core
               for m in imported if m and m != "__future__")


def test_a_hammelrennen_without_winner_and_a_game_sat_out_are_won_by_nobody():
    tie = evening({"rules": "voss", "seats": ["A", "B", "C", "D"], "games": [
        {"kind": "hammelrennen", "eyes": {"A": 60, "B": 60, "C": 60, "D": 60}}]}).games[0]
    assert not any(won_game(tie, n) for n in "ABCD")
    game = evening(FIVE_EVENING).games[0]
    assert "Anna" not in game.players and not won_game(game, "Anna")
