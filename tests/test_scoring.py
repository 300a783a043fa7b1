"""One game: every impossible entry of RULES.md §8 is rejected naming its field, and the
breakdown lines say what the points are made of.

The numbers per preset live in test_scoring_presets.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorer.core.rules import InvalidInput, InvalidRules, preset, rules_from_spec
from scorer.core.scoring import (
    GameFacts,
    InvalidGame,
    Level,
    Party,
    parse_game,
    score,
    score_game,
    trickless_matters,
)

PLAYERS = ["A", "B", "C", "D"]


def game(rules: Any = "ddv", **fields: Any) -> dict[str, Any]:
    """A CLI.md `score` input: a normal game of A, B, C, D with Re = A and C, Re 130 Augen."""
    data: dict[str, Any] = {"rules": rules, "players": PLAYERS, "kind": "normal",
                            "re": ["A", "C"], "re_eyes": 130}
    for key, value in fields.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def solo(rules: Any = "ddv", solo_kind: str = "damen", **fields: Any) -> dict[str, Any]:
    return game(rules, **{"kind": "solo", "solo": solo_kind, "re": ["A"], **fields})


def problem_fields(data: dict[str, Any]) -> list[str]:
    with pytest.raises(InvalidGame) as err:
        score(data)
    return [f for f, _ in err.value.problems]


# ---------------------------------------------------------------- RULES.md §8 impossibles

INVALID = [
    # "more than 2 foxes caught in total"
    pytest.param(game(extras={"re": {"fuchs_gefangen": 2}, "kontra": {"fuchs_gefangen": 1}}),
                 "extras.kontra.fuchs_gefangen", id="three-foxes-over-both-parties"),
    pytest.param(game(extras={"re": {"fuchs_gefangen": 3}}), "extras.re.fuchs_gefangen",
                 id="three-foxes-for-one-party"),
    # "more Doppelkopf tricks than 6 or than tricks in the deck"
    pytest.param(game(extras={"re": {"doppelkopf": 4}, "kontra": {"doppelkopf": 3}}),
                 "extras.kontra.doppelkopf", id="seven-doppelkopf-over-both-parties"),
    pytest.param(game("voss", extras={"re": {"doppelkopf": 7}}), "extras.re.doppelkopf",
                 id="seven-doppelkopf-with-40-cards"),
    # "last-trick extras for both parties (only the party that won the last trick has them)"
    pytest.param(game("bockrunde", extras={"re": {"karlchen": 1},
                                           "kontra": {"karlchen_gefangen": 1}}),
                 "extras.kontra.karlchen_gefangen", id="karlchen-and-karlchen-gefangen-split"),
    pytest.param(game("voss", extras={"re": {"fuchs_letzter_stich": 1},
                                      "kontra": {"karlchen": 1}}),
                 "extras.kontra.karlchen", id="fuchs-letzter-stich-and-karlchen-split"),
    pytest.param(game(extras={"re": {"karlchen": 2}}), "extras.re.karlchen",
                 id="only-one-karlchen-wins-the-last-trick"),
    pytest.param(game("voss", extras={"re": {"karlchen": 1, "fuchs_letzter_stich": 1}}),
                 "extras.re.fuchs_letzter_stich", id="karlchen-or-fox-wins-the-last-trick"),
    # Two Kreuz Buben in the deck: the winning Karlchen and at most one caught beside it.
    pytest.param(game("bockrunde", extras={"re": {"karlchen": 1, "karlchen_gefangen": 2}}),
                 "extras.re.karlchen_gefangen", id="three-kreuz-buben-in-the-last-trick"),
    # "With 40 cards a party with 0 Augen took no trick": so it earned no Sonderpunkte.
    pytest.param(game("voss", re_eyes=240, extras={"kontra": {"doppelkopf": 1}}),
                 "extras.kontra", id="a-40-card-party-with-0-augen-has-no-doppelkopf"),
    pytest.param(game(re_eyes=0, trickless="re", extras={"re": {"fuchs_gefangen": 1}}),
                 "extras.re", id="a-trickless-party-caught-no-fox"),
    # "more than one herzstich, or any with 48 cards"
    pytest.param(game("voss", extras={"re": {"herzstich": 1}, "kontra": {"herzstich": 1}}),
                 "extras.kontra.herzstich", id="two-herzstiche-over-both-parties"),
    pytest.param(game("voss", extras={"re": {"herzstich": 2}}), "extras.re.herzstich",
                 id="two-herzstiche-for-one-party"),
    pytest.param(game("ddv", extras={"re": {"herzstich": 1}}), "extras.re.herzstich",
                 id="herzstich-with-48-cards-ddv"),
    pytest.param(game("bockrunde", extras={"kontra": {"herzstich": 1}}),
                 "extras.kontra.herzstich", id="herzstich-with-48-cards-bockrunde"),
    # "an extra the preset does not use"
    pytest.param(game("ddv", extras={"re": {"karlchen_gefangen": 1}}),
                 "extras.re.karlchen_gefangen", id="ddv-has-no-karlchen-gefangen"),
    pytest.param(game("orbital", extras={"kontra": {"fuchs_letzter_stich": 1}}),
                 "extras.kontra.fuchs_letzter_stich", id="orbital-has-no-fuchs-letzter-stich"),
    pytest.param(solo("ddv", extras={"re": {"karlchen_gefangen": 1}}),
                 "extras.re.karlchen_gefangen", id="unused-extra-is-rejected-even-in-a-solo"),
    pytest.param(game(extras={"re": {"schweinchen": 1}}), "extras.re.schweinchen",
                 id="unknown-extra"),
    # "Augen outside 0–240"
    pytest.param(game(re_eyes=241), "re_eyes", id="241-augen"),
    pytest.param(game(re_eyes=-1), "re_eyes", id="minus-one-augen"),
    pytest.param(game(re_eyes="120"), "re_eyes", id="augen-as-a-string"),
    pytest.param(game(re_eyes=120.5), "re_eyes", id="half-an-auge"),
    pytest.param(game(re_eyes=True), "re_eyes", id="augen-as-a-bool"),
    pytest.param(game(re_eyes=None), "re_eyes", id="augen-missing"),
    # "trickless for a party that has Augen"
    pytest.param(game(re_eyes=10, trickless="re"), "trickless", id="trickless-re-with-10-augen"),
    pytest.param(game(re_eyes=200, trickless="kontra"), "trickless",
                 id="trickless-kontra-with-40-augen"),
    pytest.param(game("voss", kind="schwarze_sau", re=["B"], re_eyes=100, trickless="re"),
                 "trickless", id="trickless-with-augen-in-a-schwarze-sau"),
    pytest.param(game(trickless="both"), "trickless", id="trickless-names-a-party"),
    pytest.param(game(re_eyes=0, trickless="re", extras={"re": {"doppelkopf": 1}}), "extras.re",
                 id="a-party-without-a-trick-has-no-extras"),
    # "an Absage without an Ansage of the same party" (doppelt mode, RULES.md §3)
    pytest.param(game("orbital", announced={"re": "keine_90"}), "announced.re",
                 id="orbital-absage-without-doppelt"),
    pytest.param(game("orbital", announced={"kontra": "keine_60"}, doppelt={"re": 1}),
                 "announced.kontra", id="orbital-absage-needs-a-doppelt-of-its-own-party"),
    pytest.param(game("orbital", announced={"kontra": "ansage"}, doppelt={"kontra": 1}),
                 "announced.kontra", id="orbital-has-no-ansage-only-doppelt"),
    pytest.param(game("ddv", doppelt={"re": 1}), "doppelt.re", id="doppelt-outside-doppelt-mode"),
    pytest.param(game("voss", doppelt={"kontra": 1}), "doppelt.kontra",
                 id="doppelt-is-not-voss-double-mode"),
    pytest.param(game("orbital", doppelt={"re": 3}), "doppelt.re",
                 id="orbital-normal-game-two-doppelt-per-party"),
    pytest.param(game("orbital", doppelt={"re": -1}), "doppelt.re", id="negative-doppelt"),
    pytest.param(game("orbital", doppelt={"both": 1}), "doppelt.both", id="doppelt-unknown-party"),
    pytest.param(game("orbital", doppelt=[1, 1]), "doppelt", id="doppelt-not-an-object"),
    # kuss-rosa, solo_absagen off: "beim Solo kann man max. Re ansagen bzw. die Gegenpartei Kontra"
    pytest.param(solo("kuss-rosa", announced={"re": "keine_90"}), "announced.re",
                 id="kuss-rosa-soloist-absage"),
    pytest.param(solo("kuss-rosa", announced={"kontra": "keine_60"}), "announced.kontra",
                 id="kuss-rosa-opponents-absage-in-a-solo"),
    # Re players (CLI.md `re`: two, or one for solo, stille_hochzeit, schwarze_sau, lonely hochzeit)
    pytest.param(game(re=["A"]), "re", id="normal-game-with-one-re-player"),
    pytest.param(game(re=["A", "B", "C"]), "re", id="normal-game-with-three-re-players"),
    pytest.param(game(re=[]), "re", id="normal-game-without-re"),
    pytest.param(game("voss", kind="armut", re=["A"]), "re", id="armut-with-one-re-player"),
    pytest.param(solo(re=["A", "C"]), "re", id="solo-with-two-soloists"),
    pytest.param(game(kind="stille_hochzeit", re=["A", "C"]), "re",
                 id="stille-hochzeit-with-two-re-players"),
    pytest.param(game(kind="hochzeit", re=["A", "B", "C"]), "re", id="hochzeit-with-three"),
    pytest.param(game(kind="hochzeit", re=[]), "re", id="hochzeit-without-hochzeiter"),
    pytest.param(game("voss", kind="schwarze_sau", re=["A", "C"]), "re",
                 id="schwarze-sau-with-two-re-players"),
    pytest.param(game(kind="redeal", re_eyes=None), "re", id="redeal-with-re-players"),
    pytest.param(game(re=["A", "E"]), "re", id="re-player-not-in-this-game"),
    pytest.param(game(re=["A", "A"]), "re", id="re-player-twice"),
    pytest.param(game(re="A"), "re", id="re-not-a-list"),
    # kinds and solos the preset does not have
    pytest.param(game(kind="bogus"), "kind", id="unknown-kind"),
    pytest.param(game(kind=["normal"]), "kind", id="unhashable-kind"),
    pytest.param(game("ddv", kind="armut"), "kind", id="ddv-has-no-armut"),
    pytest.param(game("orbital", kind="hammelrennen", re=[], re_eyes=None,
                      eyes={"A": 60, "B": 60, "C": 60, "D": 60}), "kind",
                 id="hammelrennen-is-voss-only"),
    pytest.param(game("bockrunde", kind="schwarze_sau", re=["A"]), "kind",
                 id="schwarze-sau-is-voss-only"),
    pytest.param(solo("ddv", "damen_buben"), "solo", id="ddv-has-no-damen-buben-solo"),
    pytest.param(solo("voss", "fleischlos"), "solo", id="voss-has-no-fleischloser"),
    pytest.param(solo("kuss-rosa", "kreuz"), "solo", id="kuss-rosa-has-no-farbsolo-but-karo"),
    pytest.param(solo("kuss-rosa", "fleischlos"), "solo", id="kuss-rosa-has-no-fleischloser"),
    pytest.param(solo("ddv", "trumpf"), "solo", id="unknown-solo-kind"),
    pytest.param(game(kind="solo", re=["A"]), "solo", id="solo-without-its-kind"),
    pytest.param(game(solo="damen"), "solo", id="solo-kind-on-a-normal-game"),
    # Pflicht
    pytest.param(solo(pflicht="yes"), "pflicht", id="pflicht-is-a-bool"),
    pytest.param(game(pflicht=True), "pflicht", id="only-an-announced-solo-is-a-pflichtsolo"),
    pytest.param(game(kind="stille_hochzeit", re=["A"], pflicht=True), "pflicht",
                 id="stille-hochzeit-is-never-a-pflichtsolo"),
    pytest.param(solo("orbital", pflicht=True), "pflicht", id="orbital-has-no-pflichtsolo"),
    # players
    pytest.param(game(players=["A", "B", "C"]), "players", id="three-players"),
    pytest.param(game(players=["A", "B", "C", "C"]), "players", id="a-player-twice"),
    pytest.param(game(players=["A", "B", "C", " "]), "players", id="a-blank-name"),
    pytest.param(game(players=["A", "B", "C", 4]), "players", id="a-number-as-name"),
    pytest.param(game(players=None), "players", id="players-missing"),
    # announcements
    pytest.param(game(announced={"re": "keine_120"}), "announced.re", id="unknown-level"),
    pytest.param(game(announced={"alle": "ansage"}), "announced.alle", id="unknown-party"),
    pytest.param(game(announced="re"), "announced", id="announced-not-an-object"),
    # special games (RULES.md §5)
    pytest.param(game("voss", kind="hammelrennen", re=[], re_eyes=None), "eyes",
                 id="hammelrennen-without-eyes"),
    pytest.param(game("voss", kind="hammelrennen", re=[], re_eyes=None,
                      eyes={"A": 100, "B": 60, "C": 60, "D": 10}), "eyes",
                 id="hammelrennen-eyes-sum-to-230"),
    pytest.param(game("voss", kind="hammelrennen", re=[], re_eyes=None,
                      eyes={"A": 120, "B": 60, "C": 60, "E": 0}), "eyes",
                 id="hammelrennen-eyes-of-a-stranger"),
    pytest.param(game("voss", kind="hammelrennen", re=[], re_eyes=None,
                      eyes={"A": 120, "B": 60, "C": 60, "D": -0.5}), "eyes",
                 id="hammelrennen-eyes-not-whole"),
    pytest.param(game("voss", kind="hammelrennen", re=[],
                      eyes={"A": 60, "B": 60, "C": 60, "D": 60}), "re_eyes",
                 id="hammelrennen-has-no-re-eyes"),
    pytest.param(game("voss", kind="hammelrennen", re=[], re_eyes=None, trickless="re",
                      eyes={"A": 60, "B": 60, "C": 60, "D": 60}), "trickless",
                 id="hammelrennen-has-no-parties"),
    pytest.param(game("voss", kind="hammelrennen", re=[], re_eyes=None,
                      announced={"re": "ansage"}, eyes={"A": 60, "B": 60, "C": 60, "D": 60}),
                 "announced.re", id="hammelrennen-es-gibt-keine-ansagen"),
    pytest.param(game("voss", eyes={"A": 60, "B": 60, "C": 60, "D": 60}), "eyes",
                 id="eyes-only-in-a-hammelrennen"),
    pytest.param(game("voss", kind="schwarze_sau", re=["B"], announced={"kontra": "ansage"}),
                 "announced.kontra", id="schwarze-sau-es-gibt-keine-ansagen"),
    pytest.param(game("voss", kind="schwarze_sau", re=["B"],
                      extras={"re": {"doppelkopf": 1}}), "extras.re",
                 id="schwarze-sau-es-gibt-keine-sonderpunkte"),
    pytest.param(game(kind="redeal", re=[], announced={"re": "ansage"}), "announced.re",
                 id="redeal-has-no-announcements"),
    pytest.param(game(kind="redeal", re=[]), "re_eyes", id="redeal-has-no-augen"),
    pytest.param(game("orbital", kind="redeal", re=[], re_eyes=None, doppelt={"kontra": 1}),
                 "doppelt.kontra", id="redeal-has-no-doppelt"),
    # extras shape
    pytest.param(game(extras={"both": {"doppelkopf": 1}}), "extras.both",
                 id="extras-unknown-party"),
    pytest.param(game(extras={"re": {"doppelkopf": -1}}), "extras.re.doppelkopf",
                 id="negative-extra-count"),
    pytest.param(game(extras={"re": {"doppelkopf": 1.0}}), "extras.re.doppelkopf",
                 id="extra-count-not-whole"),
    pytest.param(game(extras={"re": ["doppelkopf"]}), "extras.re", id="extras-not-counted"),
    pytest.param(game(extras=["doppelkopf"]), "extras", id="extras-not-an-object"),
    # the rest of the input
    pytest.param(game(bock=3), "bock", id="bock-is-a-power-of-two"),
    pytest.param(game(bock=0), "bock", id="bock-zero"),
    pytest.param(game(bock=2.0), "bock", id="bock-not-whole"),
    pytest.param(game(schweine=True), "schweine", id="unknown-field"),
    # who called a Hochzeit or had the Armut (optional; it changes no point): a Re player,
    # and only in those two kinds
    pytest.param(game("bockrunde", kind="armut", caller="B"), "caller",
                 id="armut-caller-is-not-re"),
    pytest.param(game("bockrunde", kind="armut", caller=["A"]), "caller",
                 id="armut-caller-not-a-name"),
    pytest.param(game("bockrunde", kind="armut", caller=""), "caller", id="armut-caller-empty"),
    pytest.param(game(kind="hochzeit", caller="E"), "caller", id="hochzeit-caller-not-playing"),
    pytest.param(game(caller="A"), "caller", id="caller-in-a-normal-game"),
    pytest.param(solo(caller="A"), "caller", id="caller-in-a-solo"),
    pytest.param({k: v for k, v in game().items() if k != "rules"}, "rules", id="rules-missing"),
]


@pytest.mark.parametrize(("data", "field"), INVALID)
def test_impossible_entry_is_rejected_naming_the_field(data: dict[str, Any], field: str) -> None:
    assert field in problem_fields(data)


def test_a_game_that_is_not_an_object_is_rejected() -> None:
    with pytest.raises(InvalidGame) as err:
        score(["not", "a", "game"])  # type: ignore[arg-type]
    assert err.value.field == ""
    with pytest.raises(InvalidGame):
        parse_game("a game")


def test_every_problem_of_one_entry_is_reported_at_once() -> None:
    fields = problem_fields(game(re_eyes=300, kind="bogus", bock=5, extras={"x": {}}))
    assert sorted(fields) == ["bock", "extras.x", "kind", "re_eyes"]


def test_invalid_game_is_invalid_input_and_a_value_error() -> None:
    with pytest.raises(InvalidInput):
        score(game(re_eyes=999))
    with pytest.raises(ValueError):
        score(game(re_eyes=999))


@pytest.mark.parametrize(("rules", "field"), [
    pytest.param({"preset": "ddv", "deck": 52}, "rules.deck", id="impossible-option"),
    pytest.param(None, "rules", id="null-rules"),
    pytest.param("doko", "rules", id="unknown-preset"),
])
def test_invalid_rules_inside_a_game_name_the_rules_field(rules: Any, field: str) -> None:
    with pytest.raises(InvalidRules) as err:
        score(game(rules))
    assert err.value.field == field


@pytest.mark.parametrize("data", [
    # Limits reached exactly are fine: 2 foxes, 6 Doppelkopf, 1 herzstich, 0 and 240 Augen.
    pytest.param(game(extras={"re": {"fuchs_gefangen": 1}, "kontra": {"fuchs_gefangen": 1}}),
                 id="two-foxes"),
    pytest.param(game(extras={"re": {"doppelkopf": 3}, "kontra": {"doppelkopf": 3}}),
                 id="six-doppelkopf"),
    pytest.param(game("voss", extras={"kontra": {"herzstich": 1}}), id="one-herzstich"),
    pytest.param(game(re_eyes=0, trickless="re"), id="zero-augen-trickless"),
    pytest.param(game(re_eyes=240), id="240-augen-kontra-had-a-zero-trick"),
    pytest.param(game("bockrunde", extras={"re": {"karlchen": 1, "karlchen_gefangen": 1}}),
                 id="karlchen-wins-and-catches-the-other-karlchen"),
    pytest.param(game(extras={"re": {"doppelkopf": 0}}), id="a-zero-count"),
    pytest.param({**game(), "announced": None, "doppelt": None, "extras": None,
                  "trickless": None, "solo": None, "pflicht": None}, id="nulls-mean-absent"),
    pytest.param(game(extras={"re": None}), id="a-party-without-extras"),
    pytest.param(game("orbital", doppelt={"re": 2, "kontra": 2}), id="orbital-four-doppelt"),
    pytest.param(solo("kuss-rosa", announced={"re": "ansage", "kontra": "ansage"}),
                 id="kuss-rosa-re-and-kontra-in-a-solo"),
    pytest.param(game("kuss-rosa", kind="stille_hochzeit", re=["A"],
                      announced={"re": "keine_90"}), id="kuss-rosa-absage-in-a-stille-hochzeit"),
    pytest.param(game("bockrunde", kind="armut", caller="C"), id="armut-with-its-caller"),
    pytest.param(game(kind="hochzeit", caller="A"), id="hochzeit-with-its-caller"),
    pytest.param(game(kind="hochzeit", re=["A"], caller="A"), id="hochzeit-without-partner"),
    pytest.param(game("bockrunde", kind="armut", caller=None), id="armut-caller-null"),
])
def test_possible_entry_is_accepted(data: dict[str, Any]) -> None:
    result = score(data)
    assert sum(result.points.values()) == 0


# ---------------------------------------------------------------- the breakdown


def lines(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [line.to_dict() for line in score(data).lines]


def test_breakdown_of_a_won_ddv_game_with_absage() -> None:
    # ddv: Re 151 after "Re, keine 90" and "Kontra":
    # 1 gewonnen + unter 90 + keine 90 abgesagt + Re 2 + Kontra 2 = 7
    data = game(re_eyes=151, announced={"re": "keine_90", "kontra": "ansage"})
    assert lines(data) == [
        {"label": "gewonnen", "party": "re", "points": 1},
        {"label": "unter 90 gespielt", "party": "re", "points": 1},
        {"label": "keine 90 abgesagt", "party": "re", "points": 1},
        {"label": "Re angesagt", "party": "re", "points": 2},
        {"label": "Kontra angesagt", "party": "re", "points": 2},
    ]
    result = score(data)
    assert (result.winner, result.value) == ("re", 7)
    assert result.points == {"A": 7, "B": -7, "C": 7, "D": -7}


def test_breakdown_of_a_lost_absage_credits_the_winner_and_names_the_announcer() -> None:
    # ddv: Re said keine 90, Kontra made exactly 90 -> Re missed, Kontra wins:
    # 1 gewonnen + keine 90 abgesagt (by Re) + Re 2 + gegen die Alten 1 = 5
    # (Kontra's 90 Augen are no 120 against keine 90: no against-point)
    data = game(re_eyes=150, announced={"re": "keine_90"})
    got = lines(data)
    assert [line["party"] for line in got] == ["kontra"] * 4
    assert [line["points"] for line in got] == [1, 1, 2, 1]
    assert got[0]["label"] == "gewonnen"
    assert got[1]["label"].startswith("keine 90 abgesagt")
    assert got[3]["label"] == "gegen die Alten"
    assert score(data).points == {"A": -5, "B": 5, "C": -5, "D": 5}


def test_breakdown_lists_under_60_and_under_30_and_schwarz() -> None:
    # ddv: Kontra took no trick: 1 + unter 90 + unter 60 + unter 30 + schwarz = 5
    got = lines(game(re_eyes=240, trickless="kontra"))
    assert [line["label"] for line in got] == [
        "gewonnen", "unter 90 gespielt", "unter 60 gespielt", "unter 30 gespielt",
        "schwarz gespielt"]


def test_breakdown_in_double_mode_shows_re_and_bock_as_factors_after_the_items() -> None:
    # bockrunde: Re said Re, made 151, Bock 2: (1 + unter 90) x Re 2 x Bock 2 = 8
    data = game("bockrunde", re_eyes=151, announced={"re": "ansage"}, bock=2)
    assert lines(data) == [
        {"label": "gewonnen", "party": "re", "points": 1},
        {"label": "unter 90 gespielt", "party": "re", "points": 1},
        {"label": "Re", "factor": 2},
        {"label": "Bock", "factor": 2},
    ]
    result = score(data)
    assert result.points == {"A": 8, "B": -8, "C": 8, "D": -8}
    assert result.value == 4, "the Grundwert is the value before Bock"


def test_breakdown_of_the_kuss_rosa_example_shows_both_factors_and_the_fox() -> None:
    # kuss-rosa "Aufschreiben 4": Keine 120 (1), keine 90 angesagt (2), Fuchs gefangen (1)
    # = 4; Re verdoppelt, Kontra verdoppelt nochmal = 16.
    data = game("kuss-rosa", re_eyes=160, announced={"re": "keine_90", "kontra": "ansage"},
                extras={"re": {"fuchs_gefangen": 1}})
    got = lines(data)
    assert [(line["label"], line.get("points"), line.get("factor")) for line in got] == [
        ("gewonnen", 1, None), ("unter 90 gespielt", 1, None), ("keine 90 abgesagt", 1, None),
        ("Fuchs gefangen", 1, None), ("Re", None, 2), ("Kontra", None, 2)]
    assert score(data).points == {"A": 16, "B": -16, "C": 16, "D": -16}


def test_breakdown_of_netted_extras_names_the_party_of_each_extra() -> None:
    # ddv: Re wins 125 (1), Kontra caught both foxes (2): 1 - 2 = -1 for the winner.
    data = game(re_eyes=125, extras={"kontra": {"fuchs_gefangen": 2}})
    assert lines(data) == [
        {"label": "gewonnen", "party": "re", "points": 1},
        {"label": "Fuchs gefangen", "party": "kontra", "points": 2},
    ]
    assert score(data).points == {"A": -1, "B": 1, "C": -1, "D": 1}


def test_breakdown_of_an_against_point() -> None:
    # ddv: Kontra said keine 90, Re made 120 -> Re wins:
    # 1 + keine 90 abgesagt (Kontra) + Kontra 2 + 120 gegen keine 90 = 5
    got = lines(game(re_eyes=120, announced={"kontra": "keine_90"}))
    assert [line["points"] for line in got] == [1, 1, 2, 1]
    assert all(line["party"] == "re" for line in got)
    assert "120" in got[3]["label"] and "keine 90" in got[3]["label"]


def test_breakdown_of_a_solo_notes_that_the_soloist_counts_three_times() -> None:
    result = score(solo(re_eyes=130))
    got = [line.to_dict() for line in result.lines]
    assert {"label": "gewonnen", "party": "re", "points": 1} in got
    assert {"label": "Solist zählt dreifach"} in got
    assert "Solist zählt dreifach" in [line.text() for line in result.lines]


def test_breakdown_of_a_redeal_is_a_single_note() -> None:
    result = score(game(kind="redeal", re=[], re_eyes=None))
    assert [line.to_dict() for line in result.lines] == [{"label": "neu gegeben"}]
    assert (result.winner, result.value, result.bock_reasons) == (None, 0, ())


def test_line_text_is_what_the_sheet_prints() -> None:
    texts = [line.text() for line in score(game("bockrunde", re_eyes=151,
                                                 announced={"re": "ansage"}, bock=2)).lines]
    assert texts == ["gewonnen +1", "unter 90 gespielt +1", "Re ×2", "Bock ×2"]


def test_score_output_has_the_cli_md_fields() -> None:
    out = score(game()).to_dict()
    assert set(out) >= {"winner", "points", "lines", "bock_reasons"}
    assert out["winner"] == "re" and out["bock_reasons"] == []


# ---------------------------------------------------------------- facts


def test_parsed_facts_round_trip_to_the_input_shape() -> None:
    data = {"players": PLAYERS, "kind": "solo", "solo": "karo", "pflicht": False, "re": ["B"],
            "re_eyes": 0, "trickless": "re", "announced": {"kontra": "keine_30"},
            "extras": {"kontra": {"doppelkopf": 2}}, "bock": 4}
    facts = parse_game(data)
    assert facts.re_level is Level.NONE and facts.kontra_level is Level.KEINE_30
    assert facts.trickless is Party.RE and facts.scored_as_solo
    assert facts.to_dict() == data


def test_orbital_facts_round_trip_with_doppelt_and_hammelrennen_eyes() -> None:
    data = {"players": PLAYERS, "kind": "normal", "re": ["A", "B"], "re_eyes": 100,
            "doppelt": {"re": 1, "kontra": 2}}
    assert parse_game(data).to_dict() == data
    eyes = {"players": PLAYERS, "kind": "hammelrennen", "eyes": {"A": 90, "B": 50, "C": 50,
                                                                 "D": 50}}
    assert parse_game(eyes).to_dict() == eyes


def test_the_caller_of_an_armut_round_trips_and_changes_no_point() -> None:
    data = {"players": PLAYERS, "kind": "armut", "re": ["A", "C"], "re_eyes": 130,
            "caller": "C"}
    assert parse_game(data).caller == "C"
    assert parse_game(data).to_dict() == data
    without = {k: v for k, v in data.items() if k != "caller"}
    assert parse_game(without).caller is None
    rules = preset("bockrunde")
    assert score_game(parse_game(data), rules) == score_game(parse_game(without), rules)


def test_the_caller_messages_are_german_and_name_the_field() -> None:
    with pytest.raises(InvalidGame) as err:
        score(game("bockrunde", kind="armut", caller="B"))
    assert list(err.value.problems) == [
        ("caller", "muss einer der Re-Spieler sein: B spielt nicht Re")]
    with pytest.raises(InvalidGame) as err:
        score(game(caller="A"))
    assert list(err.value.problems) == [("caller", "nur bei einer Hochzeit oder Armut")]


def test_players_can_come_from_the_evening() -> None:
    facts = parse_game({"re": ["A", "B"], "re_eyes": 121}, players=("A", "B", "C", "D"))
    assert facts.players == ("A", "B", "C", "D")


def test_score_game_validates_facts_built_by_hand() -> None:
    facts = GameFacts(players=("A", "B", "C", "D"), re=("A", "B"), re_eyes=130,
                      re_level=Level.KEINE_90)
    with pytest.raises(InvalidGame) as err:
        score_game(facts, preset("orbital"))
    assert err.value.field == "announced.re"
    with pytest.raises(InvalidGame) as err:
        score_game(GameFacts(players=("A", "A", "C", "D"), re=("A", "C"), re_eyes=1),
                   preset("ddv"))
    assert err.value.field == "players"


@pytest.mark.parametrize(("name", "ok"), [
    pytest.param("Anna", True, id="a name"),
    pytest.param("Anna-Lena Groß", True, id="spaces, hyphen and umlauts"),
    pytest.param("", False, id="empty"),
    pytest.param("   ", False, id="blank"),
    pytest.param(5, False, id="a number"),
    pytest.param("Anna\n", False, id="a newline"),
    pytest.param("B\x00", False, id="a NUL"),
    pytest.param("C\u2028", False, id="a line separator"),
    pytest.param("\ud800", False, id="a lone surrogate"),
])
def test_a_name_is_text_without_control_characters(name: Any, ok: bool) -> None:
    from scorer.core.scoring import name_problem

    assert (name_problem(name) is None) is ok


# --------------------------------------------------------------------------- the schwarz question
# With 48 cards a party with 0 Augen may still have taken a trick (four nines, RULES.md
# Terms), so the entry form asks, and must ask whenever the answer changes the game.


@pytest.mark.parametrize(
    ("fields", "matters"),
    [
        # ddv: the loser schwarz is +1 for the winner (schwarz_point): it changes the value.
        pytest.param({"re_eyes": 240}, True, id="ddv-kontra-0-the-schwarz-point"),
        pytest.param({"re_eyes": 0}, True, id="ddv-re-0-the-schwarz-point"),
        # grundregeln has no schwarz point and nothing was said: the same game either way.
        pytest.param({"rules": "grundregeln", "re_eyes": 240}, False,
                     id="grundregeln-nothing-hangs-on-it"),
        # Re said schwarz: met only if Kontra took no trick; one trick and Kontra wins (§1).
        pytest.param({"rules": "grundregeln", "re_eyes": 240,
                      "announced": {"re": "schwarz"}}, True,
                     id="grundregeln-re-said-schwarz"),
        # A schwarz Bock trigger fires only for a party without a trick (§7).
        pytest.param({"rules": {"preset": "grundregeln", "bock_triggers": ["schwarz"]},
                      "re_eyes": 240}, True, id="the-schwarz-bock-trigger"),
        # Kontra caught a fox, so it took a trick: "no trick" is impossible, nothing to ask.
        pytest.param({"re_eyes": 240, "extras": {"kontra": {"fuchs_gefangen": 1}}}, False,
                     id="kontra-with-a-fox-took-a-trick"),
        pytest.param({"re_eyes": 200}, False, id="nobody-has-0-augen"),
        # 40 cards: every trick holds Augen, 0 Augen is schwarz without asking.
        pytest.param({"rules": "voss", "re_eyes": 240}, False, id="40-cards-never-ask"),
        pytest.param({"kind": "redeal", "re": None, "re_eyes": None}, False,
                     id="a-redeal-has-no-parties"),
    ],
)
def test_the_schwarz_question_matters_only_where_the_answer_changes_the_game(
        fields: dict[str, Any], matters: bool) -> None:
    data = game(**fields)
    rules = rules_from_spec(data.pop("rules"))
    assert trickless_matters(parse_game(data), rules) is matters
