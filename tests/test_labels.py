"""The words of a sheet row (scorer.words.labels): what happened in a forced game, how a solo
counted, why the dealer stays or moves, who played instead of whom, and the evening's plan.

Who is forced, whether a solo is Pflicht and whether the dealer stays are worked out by hand
from RULES.md §7 in the comments; the sentences are the ones the sheet promises the table.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorer.core.evening import Ledger, evening
from scorer.words.labels import (
    deletion_note,
    forced_notice,
    genitive,
    names,
    owes_before,
    plan_complete,
    plan_text,
)
from scorer.words.rows import sheet_words

SEATS = ["Anna", "Ben", "Cem", "Dora"]
FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]


def ev(rules: Any, games: list[Any], seats: list[str] = SEATS, **fields: Any) -> Ledger:
    return evening({"rules": rules, "seats": seats, "games": games, **fields})


def normal(a: str, b: str, eyes: int = 130, **fields: Any) -> dict[str, Any]:
    return {"re": [a, b], "re_eyes": eyes, **fields}


def solo(who: str, eyes: int = 130, **fields: Any) -> dict[str, Any]:
    return {"kind": "solo", "solo": "damen", "re": [who], "re_eyes": eyes, **fields}


REDEAL = {"kind": "redeal"}
VOSS_WITHIN = {"preset": "voss", "pflichtsolo_forced": "within"}

# --------------------------------------------------------------------------- a forced slot

# planned_games 0: with four open Pflichtsoli the very first game is forced, under `within`
# (4 open >= 0 left) and under `after` (the plan is played). Anna deals; Ben is the first
# player owing one after her, so Ben is forced.
BEN_PLAYED = "Ben war mit dem Pflichtsolo dran und hat es gespielt."
BEN_LUST = ("Ben war mit dem Pflichtsolo dran, hat aber ein Lustsolo gespielt: Bens Pflichtsolo "
            "bleibt offen.")
CEM_PFLICHT = ("Ben war mit dem Pflichtsolo dran, gespielt wurde das Pflichtsolo von Cem: Bens "
               "Pflichtsolo bleibt offen.")
CEM_LUST = ("Ben war mit dem Pflichtsolo dran, gespielt wurde ein Lustsolo von Cem: Bens "
            "Pflichtsolo bleibt offen.")
NORMAL_GAME = ("Ben war mit dem Pflichtsolo dran, gespielt wurde ein Normalspiel: Bens "
               "Pflichtsolo bleibt offen.")
WITHIN_MOVES = "Das vorgeführte Pflichtsolo zählt als geplantes Spiel: der Geber wechselt."
OTHER_WITHIN_MOVES = ("Ein Pflichtsolo in einem vorgeführten Spiel zählt als geplantes Spiel: "
                      "der Geber wechselt.")
PFLICHT_STAYS = "Nach dem Pflichtsolo gibt Anna noch einmal."
LUST_MOVES = "Nach einem Lustsolo wechselt der Geber."
VOSS_STAYS = ("Nach dem Solo gibt Anna noch einmal (erst nach dem dritten Solo in Folge "
              "wechselt der Geber).")

FORCED_SLOT = [
    # -- the forced player plays the Pflichtsolo ("wie es sich ergibt"): ddv, first solo is
    # Pflicht; grundregeln/voss, absent means Pflicht for the forced soloist.
    pytest.param("ddv", solo("Ben"), "P", "Pflichtsolo", (BEN_PLAYED, WITHIN_MOVES), False,
                 "Ben", id="ddv-within-pflicht: a planned game, the dealer moves on"),
    pytest.param("grundregeln", solo("Ben"), "P", "Pflichtsolo", (BEN_PLAYED, PFLICHT_STAYS),
                 False, "Anna", id="grundregeln-after-pflicht: the dealer stays"),
    pytest.param("voss", solo("Ben"), "P", "Pflichtsolo", (BEN_PLAYED, VOSS_STAYS), False,
                 "Anna", id="voss-after-pflicht: first solo in a row, the dealer stays"),
    pytest.param(VOSS_WITHIN, solo("Ben"), "P", "Pflichtsolo", (BEN_PLAYED, WITHIN_MOVES),
                 False, "Ben", id="voss-within-pflicht: a planned game, the dealer moves on"),
    # -- the forced player says Lust: not a Pflichtsolo; it stays open.
    pytest.param("ddv", solo("Ben", pflicht=False), "S", "Lustsolo", (BEN_LUST, LUST_MOVES),
                 True, "Ben", id="ddv-within-lust: stay_pflicht moves on after a Lustsolo"),
    pytest.param("grundregeln", solo("Ben", pflicht=False), "S", "Lustsolo",
                 (BEN_LUST, LUST_MOVES), True, "Ben", id="grundregeln-after-lust"),
    pytest.param("voss", solo("Ben", pflicht=False), "S", "Lustsolo", (BEN_LUST, VOSS_STAYS),
                 True, "Anna", id="voss-after-lust: any solo keeps the voss dealer"),
    pytest.param(VOSS_WITHIN, solo("Ben", pflicht=False), "S", "Lustsolo",
                 (BEN_LUST, VOSS_STAYS), True, "Anna", id="voss-within-lust"),
    # -- another player solos. ddv: Cem's first solo is Cem's Pflichtsolo, and in a forced
    # game under `within` it moves the dealer; grundregeln/voss: unflagged, not the forced
    # soloist's, so Lust.
    pytest.param("ddv", solo("Cem"), "P", "Pflichtsolo", (CEM_PFLICHT, OTHER_WITHIN_MOVES),
                 True, "Ben", id="ddv-within-other-player"),
    pytest.param("grundregeln", solo("Cem"), "S", "Lustsolo", (CEM_LUST, LUST_MOVES), True,
                 "Ben", id="grundregeln-after-other-player"),
    pytest.param("voss", solo("Cem"), "S", "Lustsolo", (CEM_LUST, VOSS_STAYS), True, "Anna",
                 id="voss-after-other-player"),
    pytest.param("grundregeln", solo("Cem", pflicht=True), "P", "Pflichtsolo",
                 (CEM_PFLICHT, PFLICHT_STAYS), True, "Anna",
                 id="grundregeln-after-other-player-flagged-pflicht: the dealer stays"),
    # -- a normal game: no dealer note, the dealer moves on as after every normal game.
    pytest.param("ddv", normal("Anna", "Ben"), "", "Normalspiel", (NORMAL_GAME,), True, "Ben",
                 id="ddv-within-normal-game"),
    pytest.param("grundregeln", normal("Anna", "Ben"), "", "Normalspiel", (NORMAL_GAME,), True,
                 "Ben", id="grundregeln-after-normal-game"),
    pytest.param("voss", normal("Anna", "Ben"), "", "Normalspiel", (NORMAL_GAME,), True, "Ben",
                 id="voss-after-normal-game"),
    pytest.param(VOSS_WITHIN, normal("Anna", "Ben"), "", "Normalspiel", (NORMAL_GAME,), True,
                 "Ben", id="voss-within-normal-game"),
]


@pytest.mark.parametrize(("rules", "game", "marker", "kind", "notes", "warned", "next_dealer"),
                         FORCED_SLOT)
def test_a_forced_game_says_what_was_played_and_what_the_dealer_does(
        rules: Any, game: dict[str, Any], marker: str, kind: str, notes: tuple[str, ...],
        warned: bool, next_dealer: str) -> None:
    ledger = ev(rules, [game], planned_games=0)
    assert ledger.games[0].forced_soloist == "Ben"
    assert ledger.next.dealer == next_dealer
    (words,) = sheet_words(ledger)
    assert (words.marker, words.kind, words.notes) == (marker, kind, notes)
    assert words.forced_missed is warned
    # The entry form warns with exactly the sentence that says what happened instead.
    assert words.warnings == ((notes[0],) if warned else ())


def test_the_old_label_is_gone_a_normal_game_is_never_called_a_forced_pflichtsolo() -> None:
    words = sheet_words(ev("ddv", [normal("Anna", "Ben")], planned_games=0))[0]
    text = " ".join((words.kind_text, words.winner, words.breakdown, *words.notes))
    assert "vorgeführt für" not in text and "gespielt wurde ein Normalspiel" in text


@pytest.mark.parametrize("rules", ["ddv", "grundregeln", "voss"])
def test_a_redeal_in_a_forced_slot_only_postpones_it_and_is_no_warning(rules: str) -> None:
    # After a redeal the dealer stays (every preset), so Ben is still forced next.
    ledger = ev(rules, [REDEAL], planned_games=0)
    (words,) = sheet_words(ledger)
    assert words.notes == ("Neu gegeben: Bens Pflichtsolo bleibt offen.",
                           "Anna gibt noch einmal.")
    assert not words.forced_missed and words.warnings == ()
    assert ledger.next.forced_soloist == "Ben"


def test_every_forced_pflichtsolo_of_a_ddv_evening_reads_as_played_and_moves_the_dealer() -> None:
    # ddv, 4 seats, 5 planned: game 1 is free (4 open < 5 left); then 4 open = 4 left, every
    # game is forced on the first owing player after the dealer: Cem, Dora, Anna, Ben.
    ledger = ev("ddv", [normal("Anna", "Ben"), solo("Cem"), solo("Dora"), solo("Anna"),
                        solo("Ben")], planned_games=5)
    words = sheet_words(ledger)
    assert words[0].notes == ()
    for row, who in zip(words[1:], ["Cem", "Dora", "Anna", "Ben"]):
        assert row.notes == (f"{who} war mit dem Pflichtsolo dran und hat es gespielt.",
                             WITHIN_MOVES)
    assert plan_complete(ledger)


# --------------------------------------------------------------------------- Pflicht or Lust

OUTSIDE_A_FORCED_SLOT = [
    # No plan: nothing is forced. Anna deals, Ben solos.
    pytest.param("ddv", solo("Ben"), "Pflichtsolo (Damensolo)",
                 ("Das erste Solo ist das Pflichtsolo: für Ben zählt es als Pflicht.",
                  PFLICHT_STAYS), id="ddv-first-solo-is-pflicht"),
    pytest.param("ddv", solo("Ben", pflicht=False), "Lustsolo (Damensolo)",
                 ("Als Lustsolo eingetragen zählt es nicht als Pflicht, obwohl Ben das "
                  "Pflichtsolo noch offen hat: Bens Pflichtsolo bleibt offen.", LUST_MOVES),
                 id="ddv-explicit-lust-on-a-first-solo"),
    pytest.param("grundregeln", solo("Ben"), "Lustsolo (Damensolo)",
                 ("Wie es sich ergibt: Ben ist gerade nicht mit dem Pflichtsolo dran, also "
                  "zählt es als Lust, und das Pflichtsolo bleibt offen.", LUST_MOVES),
                 id="grundregeln-unflagged-is-lust-unless-forced"),
    pytest.param("voss", solo("Ben"), "Lustsolo (Damensolo)",
                 ("Wie es sich ergibt: Ben ist gerade nicht mit dem Pflichtsolo dran, also "
                  "zählt es als Lust, und das Pflichtsolo bleibt offen.", VOSS_STAYS),
                 id="voss-unflagged-is-lust-unless-forced"),
    pytest.param("grundregeln", solo("Ben", pflicht=True), "Pflichtsolo (Damensolo)",
                 ("Als Pflicht eingetragen: es ist das Pflichtsolo von Ben.", PFLICHT_STAYS),
                 id="grundregeln-flagged-pflicht"),
    # bockrunde has no Pflichtsolo: a solo is just a solo, and its dealer stays.
    pytest.param("bockrunde", solo("Ben"), "Solo (Damensolo)",
                 ("Nach dem Solo gibt Anna noch einmal.",), id="bockrunde-no-pflichtsolo"),
]


@pytest.mark.parametrize(("rules", "game", "kind_text", "notes"), OUTSIDE_A_FORCED_SLOT)
def test_a_solo_says_how_it_counted(rules: str, game: dict[str, Any], kind_text: str,
                                    notes: tuple[str, ...]) -> None:
    (words,) = sheet_words(ev(rules, [game]))
    assert (words.kind_text, words.notes, words.warnings) == (kind_text, notes, ())


def test_a_solo_of_someone_who_owes_none_needs_no_pflicht_sentence() -> None:
    # ddv: Ben's first solo is his Pflichtsolo (the dealer Anna stays), his second is Lust.
    words = sheet_words(ev("ddv", [solo("Ben"), solo("Ben")]))
    assert words[1].kind_text == "Lustsolo (Damensolo)"
    assert words[1].notes == (LUST_MOVES,)


# --------------------------------------------------------------------------- the dealer


def test_voss_says_why_the_dealer_stays_twice_and_moves_after_the_third_solo() -> None:
    # voss, no plan: Anna deals; Ben's, Cem's and Dora's solos come in a row (a redeal in
    # between neither counts nor breaks the row): Anna stays, stays, stays after the redeal,
    # and moves after the third solo.
    ledger = ev("voss", [solo("Ben"), solo("Cem"), REDEAL, solo("Dora")])
    assert [g.dealer for g in ledger.games] + [ledger.next.dealer] == ["Anna"] * 4 + ["Ben"]
    notes = [w.notes[-1] for w in sheet_words(ledger)]
    assert notes == [
        VOSS_STAYS,
        "Nach dem zweiten Solo in Folge gibt Anna noch einmal (nach dem dritten wechselt "
        "der Geber).",
        "Anna gibt noch einmal.",
        "Drittes Solo in Folge: der Geber wechselt.",
    ]


@pytest.mark.parametrize(("rules", "game", "sentence"), [
    # RULES.md §7: "a Hochzeit without partner and a stille Hochzeit are normal games for the
    # dealer". Scored as solos, the rows read like one, so they say why the dealer moves on.
    ("bockrunde", {"kind": "stille_hochzeit", "re": ["Ben"], "re_eyes": 130},
     "Eine stille Hochzeit zählt für den Geber nicht als angesagtes Solo: der Geber wechselt."),
    ("voss", {"kind": "hochzeit", "re": ["Ben"], "re_eyes": 130},
     "Eine Hochzeit ohne Partner zählt für den Geber nicht als angesagtes Solo: der Geber "
     "wechselt."),
])
def test_a_game_scored_as_a_solo_that_moves_the_dealer_says_so(rules, game, sentence) -> None:
    ledger = ev(rules, [game])
    assert ledger.next.dealer == "Ben"  # Anna dealt, and the dealer moved on
    assert sheet_words(ledger)[0].notes[-1] == sentence


def test_a_stille_hochzeit_says_nothing_of_the_dealer_where_he_always_moves_on() -> None:
    (words,) = sheet_words(ev("kuss-rosa", [{"kind": "stille_hochzeit", "re": ["Ben"],
                                               "re_eyes": 130}]))
    assert not any("Geber" in note for note in words.notes)


def test_the_voss_row_starts_again_with_the_next_dealer() -> None:
    # Any other game breaks the row: after the normal game Ben deals, and his first solo is
    # again the first in a row.
    words = sheet_words(ev("voss", [solo("Ben"), normal("Anna", "Cem"), solo("Cem")]))
    assert words[2].notes[-1] == ("Nach dem Solo gibt Ben noch einmal (erst nach dem dritten "
                                  "Solo in Folge wechselt der Geber).")


def test_a_redeal_says_neu_gegeben_once() -> None:
    (words,) = sheet_words(ev("ddv", [REDEAL]))
    assert (words.marker, words.kind_text, words.winner, words.breakdown) == (
        "NG", "neu gegeben", "keine Punkte", "")
    assert words.notes == ("Anna gibt noch einmal.",)
    said = " ".join((words.kind_text, words.winner, words.breakdown, *words.notes))
    assert said.count("neu gegeben") == 1


# --------------------------------------------------------------------------- who played


def test_a_game_played_by_others_than_the_rotation_says_who_played_instead_of_whom() -> None:
    # 5 seats, Anna deals and sits out by the rotation; the table says Anna played for Emil.
    ledger = ev("ddv", [{"players": ["Anna", "Ben", "Cem", "Dora"], **normal("Anna", "Ben")},
                        normal("Cem", "Dora")], FIVE)
    first, second = sheet_words(ledger)
    assert first.off_rotation and not second.off_rotation
    assert first.notes == ("Anders besetzt als laut Zettel: Anna spielte statt Emil.",)
    assert first.warnings == first.notes


def test_deleting_a_game_names_the_games_that_then_differ_from_the_rotation() -> None:
    # 5 seats. Game 1: Anna deals, B C D E play. Game 2: Ben deals, C D E A play (entered
    # with its four, as the web form stores them). Deleting game 1 makes Anna deal game 2's
    # slot, where Ben, Cem, Dora, Emil would play: the stored four (with Anna) differ.
    two = {"players": ["Cem", "Dora", "Emil", "Anna"], **normal("Cem", "Dora")}
    before = ev("ddv", [normal("Ben", "Cem"), two], FIVE)
    after = ev("ddv", [two], FIVE)
    assert not any(w.off_rotation for w in sheet_words(before))
    assert sheet_words(after)[0].notes == (
        "Anders besetzt als laut Zettel: Anna spielte statt Ben.",)
    assert deletion_note(before, after, 1) == (
        "Nach dem Löschen anders besetzt als laut Zettel: Spiel 2 (dann Spiel 1).")
    assert deletion_note(before, ev("ddv", [normal("Ben", "Cem")], FIVE), 2) is None


# --------------------------------------------------------------------------- the plan


def test_the_plan_is_complete_when_every_planned_game_counted_and_nothing_is_forced() -> None:
    # grundregeln, 2 planned: after two normal games all four Pflichtsoli are forced (after);
    # each forced Pflichtsolo keeps the dealer C: D, A, B, C play them, then nothing is left.
    games = [normal("Anna", "Ben"), normal("Anna", "Ben")]
    ledger = ev("grundregeln", games, planned_games=2)
    assert not plan_complete(ledger)
    assert plan_text(ledger) == "Die geplanten Spiele sind gespielt; jetzt die offenen Pflichtsoli."
    assert forced_notice(ledger) == "die geplanten Spiele sind gespielt"
    done = ev("grundregeln", games + [solo(p) for p in ("Dora", "Anna", "Ben", "Cem")],
              planned_games=2)
    assert plan_complete(done)
    assert plan_text(done) == ("Der Abend ist fertig: alle 2 geplanten Spiele und alle "
                               "Pflichtsoli sind gespielt.")


def test_a_running_plan_counts_the_games_after_which_the_dealer_moved() -> None:
    # ddv, 8 planned: Ben's first solo keeps the dealer and does not count.
    ledger = ev("ddv", [normal("Anna", "Ben"), solo("Ben")], planned_games=8)
    assert plan_text(ledger) == ("1 von 8 geplanten gezählt, dazu 1 Pflichtsolo, das nicht "
                                 "mitzählt")
    assert forced_notice(ledger) is None and not plan_complete(ledger)


def test_within_the_plan_the_notice_says_how_many_games_and_pflichtsoli_are_left() -> None:
    # ddv, 5 planned: after one normal game 4 left, 4 open -> forced.
    ledger = ev("ddv", [normal("Anna", "Ben")], planned_games=5)
    assert ledger.next.forced_soloist == "Cem"
    assert forced_notice(ledger) == "noch 4 geplante Spiele, 4 Pflichtsoli offen"


@pytest.mark.parametrize(("rules", "planned", "text"), [
    pytest.param("bockrunde", 2, "Der Abend ist fertig: alle 2 geplanten Spiele sind gespielt.",
                 id="no-pflichtsolo"),
    pytest.param("bockrunde", None, None, id="no-plan"),
])
def test_without_pflichtsoli_the_plan_is_just_the_games(rules: str, planned: int | None,
                                                       text: str | None) -> None:
    ledger = ev(rules, [normal("Anna", "Ben"), normal("Anna", "Ben")], planned_games=planned)
    assert plan_text(ledger) == text
    assert plan_complete(ledger) is (text is not None)


def test_who_owes_a_pflichtsolo_before_each_game() -> None:
    ledger = ev("ddv", [normal("Anna", "Ben"), solo("Ben")])
    assert [owes_before(ledger, n, "Ben") for n in (1, 2, 3)] == [True, True, False]
    assert owes_before(ledger, 3, "Anna")


@pytest.mark.parametrize(("name", "genitive_form"), [
    ("Dora", "Doras"), ("Ben", "Bens"), ("Klaus", "Klaus’"), ("Max", "Max’"),
    ("Moritz", "Moritz’"), ("Grüß", "Grüß’")])
def test_names_take_the_german_genitive(name: str, genitive_form: str) -> None:
    assert genitive(name) == genitive_form


def test_names_are_listed_as_in_a_sentence() -> None:
    assert [names([]), names(["A"]), names(["A", "B"]), names(["A", "B", "C"])] == [
        "", "A", "A und B", "A, B und C"]


@pytest.mark.parametrize(("game", "sentence"), [
    pytest.param({"kind": "hochzeit", "re": ["Cem"], "re_eyes": 130},
                 "Ben war mit dem Pflichtsolo dran, gespielt wurde eine Hochzeit ohne Partner: "
                 "Bens Pflichtsolo bleibt offen.", id="hochzeit-without-partner"),
    # TSR 4.4: a stille Hochzeit is never a Pflichtsolo, even by the forced player.
    pytest.param({"kind": "stille_hochzeit", "re": ["Ben"], "re_eyes": 130},
                 "Ben war mit dem Pflichtsolo dran, gespielt wurde eine stille Hochzeit: Bens "
                 "Pflichtsolo bleibt offen.", id="stille-hochzeit-of-the-forced-player"),
])
def test_special_games_in_a_forced_slot_are_named_with_their_article(game, sentence) -> None:
    (words,) = sheet_words(ev("ddv", [game], planned_games=0))
    assert words.notes == (sentence,) and words.forced_missed


@pytest.mark.parametrize(("rules", "game", "winner", "notes"), [
    # Both parties said keine 90 and both missed (Re 130, Kontra 110): nobody wins (§1).
    pytest.param("ddv", normal("Anna", "Ben", announced={"re": "keine_90",
                                                         "kontra": "keine_90"}),
                 "niemand gewinnt", (), id="nobody-wins"),
    pytest.param("ddv", normal("Anna", "Ben", 100), "Kontra gewinnt", (), id="kontra-wins"),
    # orbital: the dealer always moves on, so a solo needs no dealer sentence.
    pytest.param("orbital", solo("Ben"), "Ben gewinnt", (), id="advance-no-dealer-note"),
    # A redeal that moves the dealer on (dealer_after_redeal advance) says nothing about him.
    pytest.param({"preset": "ddv", "dealer_after_redeal": "advance"}, REDEAL, "keine Punkte",
                 (), id="redeal-advance"),
])
def test_the_winner_and_the_dealer_in_plain_cases(rules, game, winner, notes) -> None:
    (words,) = sheet_words(ev(rules, [game]))
    assert (words.winner, words.notes) == (winner, notes)


def test_a_game_s_note_is_one_of_its_sentences_a_recorded_game_s_is_its_breakdown() -> None:
    # RULES.md §10.1: a note goes with every kind; the recorded game's breakdown is its note.
    note = "Augen gewählt: Re 151 (Bockzettel: Re gewinnt, unter 90)"
    played, written = sheet_words(ev("ddv", [
        normal("Anna", "Ben", 151, note=note),
        {"kind": "recorded", "points": {"Anna": 1, "Ben": 1, "Cem": -1, "Dora": -1},
         "note": "Strafpunkte"}]))
    assert played.notes == (f"Notiz: {note}",)
    assert (written.breakdown, written.notes) == ("Strafpunkte", ())


@pytest.mark.parametrize(("rules", "planned", "games", "text"), [
    pytest.param("ddv", 1, [solo("Ben"), solo("Cem"), solo("Dora"), solo("Anna")],
                 "Der Abend ist fertig: das geplante Spiel und alle Pflichtsoli sind gespielt.",
                 id="one-planned-game"),
    pytest.param("bockrunde", 1, [normal("Anna", "Ben")],
                 "Der Abend ist fertig: das geplante Spiel ist gespielt.",
                 id="one-game-no-pflicht"),
    # The CLI allows a plan of 0 games: only the forced Pflichtsoli are left to play.
    pytest.param("ddv", 0, [solo("Ben"), solo("Cem"), solo("Dora"), solo("Anna")],
                 "Der Abend ist fertig: alle Pflichtsoli sind gespielt.", id="no-planned-games"),
    pytest.param("bockrunde", 0, [], "Der Abend ist fertig.", id="nothing-to-play"),
])
def test_the_end_of_the_evening_is_worded_for_any_plan(rules, planned, games, text) -> None:
    ledger = ev(rules, games, planned_games=planned)
    assert plan_complete(ledger) and plan_text(ledger) == text


# ---------------------------------------------------------------- who called (issue 25, 13)

@pytest.mark.parametrize(("game", "called"), [
    pytest.param({"kind": "armut", "re": ["Ben", "Anna"], "re_eyes": 130, "caller": "Anna"},
                 "Armut: Anna, mitgenommen von Ben", id="armut"),
    pytest.param({"kind": "hochzeit", "re": ["Anna", "Cem"], "re_eyes": 130, "caller": "Cem"},
                 "Hochzeit: Cem, Partner Anna", id="hochzeit"),
    # Not said, or nothing to tell apart: the row says nothing more.
    pytest.param({"kind": "armut", "re": ["Ben", "Anna"], "re_eyes": 130}, "",
                 id="armut-as-stored-before"),
    pytest.param({"kind": "hochzeit", "re": ["Cem"], "re_eyes": 130, "caller": "Cem"}, "",
                 id="hochzeit-without-partner"),
    pytest.param(normal("Anna", "Ben"), "", id="a-normal-game"),
])
def test_an_armut_and_a_hochzeit_say_who_called_and_who_joined(game, called) -> None:
    (words,) = sheet_words(ev("bockrunde", [game]))
    assert words.called == called
    # Words only: the points are the same as without the caller.
    without = {k: v for k, v in game.items() if k != "caller"}
    assert ev("bockrunde", [game]).totals == ev("bockrunde", [without]).totals


def test_a_forced_pflichtsolo_in_a_bock_round_says_why_it_counts_bock() -> None:
    # ddv with 120:120 as a Bock trigger, 4 planned games and 4 open Pflichtsoli: every game
    # is forced (RULES.md §7). Game 1 (Ben forced, a normal game) ends 120:120 and starts a
    # round of 4 Bock games; game 2 is Cem's forced Pflichtsolo, the first of them.
    rules = {"preset": "ddv", "bock_triggers": ["tie_120"]}
    ledger = ev(rules, [normal("Anna", "Ben", 120), solo("Cem")], planned_games=4)
    first, second = sheet_words(ledger)
    assert ledger.games[1].forced_soloist == "Cem" and second.bock == 2
    assert ("Vorgeführt und trotzdem Bock ×2: die Bockrunde läuft weiter (keine Bockpause bei "
            "vorgeführten Pflichtsoli).") in second.notes
    assert not [n for n in first.notes if "Bock" in n]  # forced, but no Bock yet
    # With the Bock pause the forced game is played without Bock, and nothing is to explain.
    paused = ev({**rules, "bock_pause_forced": True}, [normal("Anna", "Ben", 120), solo("Cem")],
                planned_games=4)
    assert not [n for n in sheet_words(paused)[1].notes if "Bock" in n]
