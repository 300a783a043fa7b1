"""Worked examples per preset: every option where a preset differs from ddv, each case traced
to a sentence of its rule sheet (quoted in the comment) or of RULES.md.

Every expected number is derived by hand in the case id: "1 gewonnen + unter 90 + Re 2 = 4".
A case's number is the *side*: what each Re player gets, or in a game scored as a solo what
the soloist gets from each opponent (so the soloist has 3x, the others -x), Bock included.

Players are A, B, C, D; in a normal game Re is A and C, in a solo A is the soloist.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from scorer.core.evening import InvalidEvening, evening
from scorer.core.rules import InvalidInput
from scorer.core.scoring import InvalidGame, score

PLAYERS = ["A", "B", "C", "D"]
IGNORED_NOTE = "Sonderpunkte zählen im Solo nicht"


def g(rules: Any, **fields: Any) -> dict[str, Any]:
    """A normal game of A, B, C, D, Re = A and C, with ``fields`` changed."""
    data: dict[str, Any] = {"rules": rules, "players": PLAYERS, "kind": "normal",
                            "re": ["A", "C"]}
    data.update(fields)
    return data


def solo(rules: Any, solo_kind: str, **fields: Any) -> dict[str, Any]:
    """An announced solo of A."""
    return g(rules, **{"kind": "solo", "solo": solo_kind, "re": ["A"], **fields})


def single(rules: Any, kind: str, **fields: Any) -> dict[str, Any]:
    """A game of one Re player A that is not an announced solo (Hochzeit, stille Hochzeit)."""
    return g(rules, **{"kind": kind, "re": ["A"], **fields})


def hammel(a: int, b: int, c: int, d: int, rules: Any = "voss", **fields: Any) -> dict[str, Any]:
    return g(rules, **{"kind": "hammelrennen", "re": [], "eyes": {"A": a, "B": b, "C": c,
                                                                   "D": d}, **fields})


@dataclass(frozen=True)
class Game:
    """A game that scores: who wins and the side (see the module docstring)."""

    data: dict[str, Any]
    winner: str | None
    side: int
    reasons: tuple[str, ...] | None = None
    """Expected bock_reasons, when the case is about them."""
    ignored_note: bool | None = None
    """Whether the breakdown must (True) or must not (False) say extras did not count."""

    def check(self) -> None:
        result = score(self.data)
        re = self.data["re"]
        in_solo = len(re) == 1
        expected = {p: (3 * self.side if in_solo else self.side) if p in re else -self.side
                    for p in self.data["players"]}
        assert (result.winner, result.points) == (self.winner, expected)
        assert sum(result.points.values()) == 0
        if self.reasons is not None:
            assert [r.value for r in result.bock_reasons] == list(self.reasons)
        if self.ignored_note is not None:
            texts = [line.label for line in result.lines]
            assert (IGNORED_NOTE in texts) == self.ignored_note


@dataclass(frozen=True)
class Points:
    """A game with explicit points per player (Hammelrennen, Schwarze Sau)."""

    data: dict[str, Any]
    winner: str | None
    points: dict[str, int]

    def check(self) -> None:
        result = score(self.data)
        assert (result.winner, result.points) == (self.winner, self.points)


@dataclass(frozen=True)
class Rejected:
    """Input the preset does not allow, with the field the problem must name."""

    data: dict[str, Any]
    field: str

    def check(self) -> None:
        with pytest.raises(InvalidInput) as err:
            if "seats" in self.data:
                evening(self.data)
            else:
                score(self.data)
        assert self.field in [f for f, _ in err.value.problems]


@dataclass(frozen=True)
class Evening:
    """An evening and the ledger facts it must produce.

    ``expect`` keys: dealers, pflicht, bock (per game), next_dealer, forced (next
    forced_soloist), queue (bock_queue), open (pflichtsolo_open).
    """

    data: dict[str, Any]
    expect: dict[str, Any] = field(default_factory=dict)

    def check(self) -> None:
        ledger = evening(self.data)
        got = {
            "dealers": [x.dealer for x in ledger.games],
            "pflicht": [x.pflicht for x in ledger.games],
            "bock": [x.bock for x in ledger.games],
            "next_dealer": ledger.next.dealer,
            "forced": ledger.next.forced_soloist,
            "queue": list(ledger.bock_queue),
            "open": list(ledger.pflichtsolo_open),
        }
        assert {k: got[k] for k in self.expect} == self.expect
        assert sum(ledger.totals.values()) == 0


def ev(rules: Any, games: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    return {"rules": rules, "seats": PLAYERS, "first_dealer": "A", "games": games, **fields}


def eg(**fields: Any) -> dict[str, Any]:
    """A game of an evening: players follow from the dealer."""
    return {"kind": "normal", **fields}


def esolo(who: str, eyes: int = 130, solo_kind: str = "damen", **fields: Any) -> dict[str, Any]:
    return {"kind": "solo", "solo": solo_kind, "re": [who], "re_eyes": eyes, **fields}


P = pytest.param

# ================================================================ ddv (TSR)

DDV = [
    # TSR 7.1: Re needs 121, Kontra 120.
    P(Game(g("ddv", re_eyes=121), "re", 1), id="121 Augen: Re wins, gewonnen 1 = 1"),
    P(Game(g("ddv", re_eyes=120), "kontra", -2),
      id="120 Augen: Kontra wins with 120, gewonnen 1 + gegen die Alten 1 = 2"),
    # kontra_only_shift: only Kontra announced -> Re wins with 120, Kontra needs 121.
    P(Game(g("ddv", re_eyes=120, announced={"kontra": "ansage"}), "re", 3),
      id="only Kontra said, Re 120: Re wins, 1 + Kontra angesagt 2 = 3"),
    P(Game(g("ddv", re_eyes=119, announced={"kontra": "ansage"}), "kontra", -4),
      id="only Kontra said, Re 119: 1 + Kontra 2 + gegen die Alten 1 = 4"),
    P(Game(g("ddv", re_eyes=120, announced={"re": "ansage", "kontra": "ansage"}), "kontra", -6),
      id="both said, 120:120, no shift: 1 + Re 2 + Kontra 2 + gegen die Alten 1 = 6"),
    # TSR 7.1.2: Re said keine 90 -> needs Kontra < 90.
    P(Game(g("ddv", re_eyes=151, announced={"re": "keine_90"}), "re", 5),
      id="Re keine 90, Kontra 89: 1 + unter 90 + keine 90 abgesagt 1 + Re 2 = 5"),
    P(Game(g("ddv", re_eyes=150, announced={"re": "keine_90"}), "kontra", -5),
      id="Re keine 90, Kontra 90: Kontra wins 1 + Absage 1 + Re 2 + gegen die Alten 1 = 5"),
    # schwarz means no trick; with 48 cards 240 Augen do not make the other side trickless.
    P(Game(g("ddv", re_eyes=240, trickless="kontra"), "re", 5),
      id="Kontra took no trick: 1 + unter 90, 60, 30 (3) + schwarz 1 = 5"),
    P(Game(g("ddv", re_eyes=240, announced={"re": "schwarz"}), "kontra", -8),
      id="Re said schwarz, 240 Augen but Kontra had a 0-Augen trick: Re missed, "
         "Kontra 1 + 4 Absagen + Re 2 + gegen die Alten 1 = 8"),
    # against-points (TSR 7.2.2).
    P(Game(g("ddv", re_eyes=120, announced={"re": "schwarz"}), "kontra", -12),
      id="Re said schwarz, Kontra 120: 1 + 4 Absagen + Re 2 + against 120/90/60/30 (4) "
         "+ gegen die Alten 1 = 12"),
    P(Game(g("ddv", re_eyes=180, announced={"re": "keine_30"}), "kontra", -8),
      id="Re said keine 30, Kontra 60: 1 + 3 Absagen + Re 2 + 60 gegen keine 30 (1) "
         "+ gegen die Alten 1 = 8"),
    P(Game(g("ddv", re_eyes=90, announced={"kontra": "keine_60"}), "re", 6),
      id="Kontra said keine 60, Re 90: Re wins 1 + 2 Absagen + Kontra 2 + 90 gegen keine 60 = 6"),
    # TSR 7.2.3: extras per party, netted.
    P(Game(g("ddv", re_eyes=130, extras={"re": {"doppelkopf": 1, "karlchen": 1},
                                         "kontra": {"fuchs_gefangen": 1}}), "re", 2),
      id="extras netted: 1 + Doppelkopf 1 + Karlchen 1 - Fuchs 1 = 2"),
    # RULES.md §4: the soloist gets 3 x side; ddv counts no extras in solos.
    P(Game(solo("ddv", "damen", re_eyes=100), "kontra", -1),
      id="lost solo costs the soloist three times: gewonnen 1, soloist -3"),
    P(Game(solo("ddv", "fleischlos", re_eyes=130, extras={"re": {"doppelkopf": 1}}), "re", 1,
           ignored_note=True),
      id="ddv solo: the Doppelkopf does not count, 1 = 1, soloist +3"),
    P(Game(single("ddv", "stille_hochzeit", re_eyes=100), "kontra", -1),
      id="ddv stille Hochzeit lost: 1, no gegen die Alten (no extras in ddv solos)"),
    P(Game(g("ddv", kind="hochzeit", re_eyes=100), "kontra", -2),
      id="Hochzeit with partner lost: 1 + gegen die Alten 1 = 2"),
    P(Game(single("ddv", "hochzeit", re_eyes=130), "re", 1),
      id="Hochzeit without partner is a solo: 1, no solo point, soloist +3"),
    P(Game(g("ddv", re_eyes=120, announced={"re": "ansage"}), "kontra", -4, reasons=()),
      id="ddv has no Bock: 120:120 after Re gives no reasons (1 + Re 2 + gegen die Alten 1)"),
    P(Rejected(g("ddv", kind="armut", re_eyes=130), "kind"), id="ddv has no Armut"),
    P(Rejected(solo("ddv", "damen_buben", re_eyes=130), "solo"), id="ddv has no Damen-Buben-Solo"),
    # TSR 4.2: the first solo of a player is the Pflichtsolo; the dealer stays after it.
    P(Evening(ev("ddv", [esolo("B"), esolo("B"), eg(re=["C", "D"], re_eyes=130)]),
              {"dealers": ["A", "A", "B"], "pflicht": [True, False, False], "next_dealer": "C",
               "open": ["A", "C", "D"]}),
      id="first solo is the Pflichtsolo, dealer stays; the second is Lust, dealer moves"),
    # TSR 4.2.3/4.2.5: forced within the plan; a forced solo moves the dealer on.
    P(Evening(ev("ddv", [], planned_games=4), {"forced": "B", "next_dealer": "A"}),
      id="4 open Pflichtsoli and 4 planned games: B, after the dealer, is forced at once"),
    P(Evening(ev("ddv", [esolo("B")], planned_games=4),
              {"dealers": ["A"], "pflicht": [True], "next_dealer": "B", "forced": "C"}),
      id="a forced Pflichtsolo counts as a planned game: dealer moves, C is forced next"),
]


@pytest.mark.parametrize("case", DDV)
def test_ddv_scores_by_the_turnierspielregeln(case: Any) -> None:
    case.check()


# ================================================================ grundregeln

GRUNDREGELN = [
    # "fürs Überschreiten jeder weiteren 30-Augen Marke einen weiteren Punkt" (151, 181, 211),
    # no schwarz point (schwarz_point off).
    P(Game(g("grundregeln", re_eyes=240, trickless="kontra"), "re", 4),
      id="Kontra took no trick: 1 + marks 151, 181, 211 (3) = 4, no schwarz point"),
    P(Game(g("grundregeln", re_eyes=150), "re", 1), id="150 passes no further mark: 1"),
    P(Game(g("grundregeln", re_eyes=151), "re", 2), id="151 passes the 150 mark: 1 + 1 = 2"),
    P(Game(g("grundregeln", re_eyes=240, trickless="kontra", announced={"re": "schwarz"}),
           "re", 10),
      id="Re said schwarz and made it: 1 + 3 + 4 Absagen + Re 2 = 10 (ddv: 11)"),
    P(Game(g("grundregeln", re_eyes=0, trickless="re"), "kontra", -5),
      id="Re took no trick: Kontra 1 + 3 + gegen die Alten 1 = 5, no schwarz point"),
    # "Nach einem Pflichtsolo rotiert der Geber nicht"; the first solo is not automatically
    # the Pflichtsolo (first_solo_is_pflicht off): without a flag it is Lust.
    P(Evening(ev("grundregeln", [esolo("B"), esolo("C", pflicht=True)]),
              {"dealers": ["A", "B"], "pflicht": [False, True], "next_dealer": "B",
               "open": ["A", "B", "D"]}),
      id="a Lustsolo moves the dealer, a Pflichtsolo keeps him"),
    # "oder es wird am Ende erzwungen" (pflichtsolo_forced after).
    P(Evening(ev("grundregeln", [], planned_games=1), {"forced": None}),
      id="not forced while planned games are left (ddv would force at once)"),
    P(Evening(ev("grundregeln", [eg(re=["B", "D"], re_eyes=130)], planned_games=1),
              {"next_dealer": "B", "forced": "C"}),
      id="plan played: C, first owing after dealer B, is forced"),
    P(Evening(ev("grundregeln", [eg(re=["B", "D"], re_eyes=130), esolo("C")], planned_games=1),
              {"dealers": ["A", "B"], "pflicht": [False, True], "next_dealer": "B",
               "forced": "D"}),
      id="the forced solo without flag is Pflicht, the dealer stays, D is forced next"),
]


@pytest.mark.parametrize("case", GRUNDREGELN)
def test_grundregeln_scores_as_its_sheet_says(case: Any) -> None:
    case.check()


# ================================================================ voss

VOSS = [
    # "Gespielt wird mit 40 Karten": a party with 0 Augen took no trick. (With an Ansage: a
    # silent 240 would fall under the 60er-Regel.)
    P(Game(g("voss", re_eyes=240, announced={"re": "ansage"}), "re", 10),
      id="40 cards, Kontra 0 Augen is schwarz: (1 + 3 + schwarz 1) x Re 2 = 10"),
    # "pauschal verdoppelt (wie bei RE)": Re and Kontra double.
    P(Game(g("voss", re_eyes=130, announced={"re": "ansage"}), "re", 2), id="Re: 1 x2 = 2"),
    P(Game(g("voss", re_eyes=130, announced={"re": "ansage", "kontra": "ansage"}), "re", 4),
      id="Re and Kontra: 1 x2 x2 = 4"),
    # extras_doubled (RULES.md §8 Decision: Re/Kontra double everything incl. Sonderpunkte).
    P(Game(g("voss", re_eyes=125, announced={"re": "ansage"}, extras={"re": {"doppelkopf": 1}}),
           "re", 4), id="(1 + Doppelkopf 1) x2 = 4"),
    # "im letzten Stich Charly gefangen", "jeder reine Herzstich", "letzter Stich mit dem Fuchs".
    P(Game(g("voss", re_eyes=130, extras={"re": {"karlchen_gefangen": 1}}), "re", 2),
      id="Karlchen gefangen counts: 1 + 1 = 2"),
    P(Game(g("voss", re_eyes=130, extras={"re": {"fuchs_letzter_stich": 1},
                                          "kontra": {"herzstich": 1}}), "re", 1),
      id="Fuchs im letzten Stich 1 - Kontra Herzstich 1: 1 + 1 - 1 = 1"),
    # "bei Soli und normalen Spielen: jeder Stich mit 40 oder mehr Augen; nur bei normalen
    # Spielen: ... Fuchs"
    P(Game(solo("voss", "damen", re_eyes=130, extras={"re": {"doppelkopf": 1},
                                                      "kontra": {"fuchs_gefangen": 1}}),
           "re", 2, ignored_note=True),
      id="solo: Doppelkopf counts, the fox does not: 1 + 1 = 2, soloist +6"),
    # "Die RE-Partei benötigt 121 Augen zum Sieg, die KONTRA-Partei 120 Augen": no shift,
    # no against-points (RULES.md §8 Decision).
    P(Game(g("voss", re_eyes=120, announced={"kontra": "ansage"}), "kontra", -4),
      id="only Kontra said, 120:120: Kontra wins (1 + gegen die Alten 1) x2 = 4"),
    P(Game(g("voss", re_eyes=120, announced={"re": "keine_90"}), "kontra", -6),
      id="Re keine 90, Kontra 120: (1 + Absage 1 + gegen die Alten 1) x2 = 6, "
         "no 120-gegen-keine-90 point"),
    # "Wenn eine Partei höher als 180 zu 60 abschließt, ohne RE oder KONTRA gesagt zu haben,
    # gewinnt die Gegenpartei"
    P(Game(g("voss", re_eyes=181), "kontra", -2),
      id="60er: Re 181 silent, Kontra wins 1 + gegen die Alten 1 = 2"),
    P(Game(g("voss", re_eyes=40), "re", 1),
      id="60er: Kontra 200 silent, Re wins 1 = 1 (no gegen die Alten for Re)"),
    # "Diese Regel gilt ... NICHT bei Solospielen"
    P(Game(solo("voss", "damen", re_eyes=200), "re", 3),
      id="60er not in a solo: 1 + unter 90 + unter 60 = 3, soloist +9"),
    # Trumpfabgabe: "sie bekommen aber im Falle eines Sieges keinen Extrapunkt gegen die Alten"
    P(Game(g("voss", kind="armut", re_eyes=100), "kontra", -1),
      id="Armut lost: Kontra 1, no gegen die Alten"),
    # "reines Damensolo, reines Bubensolo, gemischtes Damen/Buben-Solo, Farbensolo"
    P(Game(solo("voss", "damen_buben", re_eyes=130), "re", 1),
      id="Damen-Buben-Solo exists: 1, soloist +3"),
    P(Rejected(solo("voss", "fleischlos", re_eyes=130), "solo"), id="no Fleischloser in voss"),
    # Hammelrennen and Schwarze Sau (RULES.md §5).
    P(Points(hammel(121, 60, 39, 20), "A", {"A": 3, "B": -1, "C": -1, "D": -1}),
      id="Hammelrennen: A has more than 120, +3, the others -1"),
    P(Points(g("voss", kind="schwarze_sau", re=["B"], re_eyes=130), "re",
             {"A": -2, "B": 6, "C": -2, "D": -2}),
      id="Schwarze Sau won by B: 1 x2 = 2, B +6"),
    # "Nach einem Solo wird nicht gewechselt, außer nach dem dritten Solo in Folge"
    P(Evening(ev("voss", [esolo("B"), esolo("C"), esolo("D"), esolo("A")]),
              {"dealers": ["A", "A", "A", "B"], "pflicht": [False] * 4, "next_dealer": "B"}),
      id="dealer stays after two solos, moves after the third in a row"),
    # "Pflichtsolo, das ggf. nach Leeren des Punktetopfes vorgeführt wird"; "zunächst der weiter
    # vorn sitzende Spieler"
    P(Evening(ev("voss", [eg(re=["B", "C"], re_eyes=150)], planned_games=1),
              {"next_dealer": "B", "forced": "C", "open": ["A", "B", "C", "D"]}),
      id="after the pot: C, first after dealer B, is forced; solos without flag are Lust"),
]


@pytest.mark.parametrize("case", VOSS)
def test_voss_scores_as_its_sheet_says(case: Any) -> None:
    case.check()


# ================================================================ orbital

ORBITAL = [
    # "gespielt wird mit 40 Karten"
    P(Game(g("orbital", re_eyes=0), "kontra", -6),
      id="40 cards, Re 0 Augen is schwarz: 1 + 3 + schwarz 1 + gegen die Alten 1 = 6"),
    # "Jedes Doppelt, verdoppelt die ... Punkte, inklusive der Ansagen. Sonderpunkte werden
    # nicht mit verdoppelt."
    P(Game(g("orbital", re_eyes=130, doppelt={"re": 1, "kontra": 1},
             extras={"re": {"fuchs_gefangen": 1}}), "re", 5),
      id="two Doppelt: 1 x4 + Fuchs 1 (not doubled) = 5"),
    P(Game(g("orbital", re_eyes=160, doppelt={"re": 1}, announced={"re": "keine_90"}), "re", 6),
      id="Doppelt + keine 90, Kontra 80: (1 + unter 90 + Absage 1) x2 = 6, no Ansage points"),
    P(Game(g("orbital", re_eyes=130, doppelt={"re": 2, "kontra": 2}), "re", 16),
      id="four Doppelt: 1 x16 = 16"),
    # "außer es ist nur von der Kontra-Partei doppelt angesagt worden ... Dann reichen 120"
    P(Game(g("orbital", re_eyes=120, doppelt={"kontra": 1}, extras={"re": {"doppelkopf": 1}}),
           "re", 3), id="only Kontra Doppelt, Re 120 wins: 1 x2 + Doppelkopf 1 = 3"),
    # "120 (90/60/30) Augen gegen Absage ... je 1 Punkt" (against_points on)
    P(Game(g("orbital", re_eyes=90, doppelt={"kontra": 1}, announced={"kontra": "keine_60"}),
           "re", 8), id="Kontra keine 60, Re 90: (1 + 2 Absagen + 90 gegen keine 60) x2 = 8"),
    # "Es gibt auch hier keine Füchse" (extras_in_solo all_but_fuchs)
    P(Game(solo("orbital", "damen", re_eyes=130, extras={"re": {"karlchen": 1,
                                                                "fuchs_gefangen": 1}}),
           "re", 2, ignored_note=True),
      id="solo: Karlchen counts, the fox does not: 1 + 1 = 2, soloist +6"),
    # "Dies gilt auch für ein Farbensolo in Karo, das aus einer Hochzeit entstehen kann."
    P(Game(single("orbital", "hochzeit", re_eyes=130, extras={"re": {"doppelkopf": 1}}), "re", 2),
      id="Hochzeit without partner: Doppelkopf counts, 1 + 1 = 2, no solo point"),
    P(Game(single("orbital", "stille_hochzeit", re_eyes=100), "kontra", -2),
      id="stille Hochzeit lost: 1 + gegen die Alten 1 = 2, soloist -6"),
    # "Stehen die Parteien durch Solo oder Hochzeit von vornherein fest, so kann pro Partei nur
    # einmal doppelt angesagt werden."
    P(Game(solo("orbital", "karo", re_eyes=130, doppelt={"re": 1, "kontra": 1}), "re", 4),
      id="solo with one Doppelt each: 1 x4 = 4, soloist +12"),
    P(Rejected(solo("orbital", "karo", re_eyes=130, doppelt={"re": 2}), "doppelt.re"),
      id="solo: two Doppelt of the soloist's party rejected"),
    P(Game(solo("orbital", "damen_buben", re_eyes=130), "re", 1),
      id="Buben/Damen Gemischt exists: 1, soloist +3"),
    # orbital has no Pflichtsolo; Armut (Trumpfabgabe) exists; Schmeißen is a redeal.
    P(Rejected(solo("orbital", "damen", re_eyes=130, pflicht=True), "pflicht"),
      id="no Pflichtsolo in orbital"),
    P(Game(g("orbital", kind="armut", re_eyes=100), "kontra", -1),
      id="Armut lost: 1, no gegen die Alten"),
    P(Points(g("orbital", kind="redeal", re=[]), None, {"A": 0, "B": 0, "C": 0, "D": 0}),
      id="Schmeissen: redeal, no points"),
    # "Wer raus kommt, bleibt dabei grundsätzlich unberührt" (dealer_after_solo advance)
    P(Evening(ev("orbital", [esolo("B"), eg(re=["A", "B"], re_eyes=130)]),
              {"dealers": ["A", "B"], "pflicht": [False, False], "next_dealer": "C",
               "open": []}),
      id="the dealer moves after a solo, nobody owes a Pflichtsolo"),
]


@pytest.mark.parametrize("case", ORBITAL)
def test_orbital_scores_as_its_sheet_says(case: Any) -> None:
    case.check()


# ================================================================ kuss-rosa

KUSS_ROSA = [
    # Aufschreiben 4: "Keine 120 (1 Punkt), keine 90 angesagt (2 Punkte), Fuchs gefangen
    # (1 Punkt) macht 4 Punkte. Re verdoppelt alles, Kontra verdoppelt nochmal ... 16 Punkte."
    P(Game(g("kuss-rosa", re_eyes=160, announced={"re": "keine_90", "kontra": "ansage"},
             extras={"re": {"fuchs_gefangen": 1}}), "re", 16),
      id="worked example 4: (1 + unter 90 + keine 90 + Fuchs 1) x2 x2 = 16"),
    # Aufschreiben 5: "Keine 120 (1 Punkt), keine 90 (1 Punkt), Solo gespielt (1 Extra-Punkt),
    # Re gesagt (Verdopplung), macht 6 Punkte ... 18 Pluspunkte ... jeweils 6 Minuspunkte"
    P(Game(solo("kuss-rosa", "damen", re_eyes=151, announced={"re": "ansage"}), "re", 6),
      id="worked example 5: (1 + unter 90 + Solo 1) x2 = 6, soloist +18"),
    # "Kontra gewinnt +1 Punkt" (gegen die Alten)
    P(Game(g("kuss-rosa", re_eyes=100), "kontra", -2), id="Kontra gewinnt: 1 + 1 = 2"),
    # "Extrapunkte gelten nur im Trumpfsolo bzw. bei einer stillen Hochzeit"
    P(Game(solo("kuss-rosa", "damen", re_eyes=130, extras={"re": {"doppelkopf": 1}}), "re", 2,
           ignored_note=True),
      id="Damensolo: the Doppelkopf does not count, 1 + Solo 1 = 2, soloist +6"),
    P(Game(solo("kuss-rosa", "karo", re_eyes=130, extras={"re": {"doppelkopf": 1}}), "re", 3,
           ignored_note=False),
      id="Karo solo: 1 + Solo 1 + Doppelkopf 1 = 3, soloist +9"),
    # "nur eine stille Hochzeit gilt als Solo" (solo point), extras count in it.
    P(Game(single("kuss-rosa", "stille_hochzeit", re_eyes=130, extras={"re": {"doppelkopf": 1}}),
           "re", 3), id="stille Hochzeit: 1 + Solo 1 + Doppelkopf 1 = 3, soloist +9"),
    P(Game(single("kuss-rosa", "hochzeit", re_eyes=130, extras={"re": {"doppelkopf": 1}}),
           "re", 2), id="Hochzeit without partner: 1 + Doppelkopf 1 = 2, no solo point"),
    # "beim Solo kann man max. Re ansagen bzw. die Gegenpartei Kontra"
    P(Game(solo("kuss-rosa", "buben", re_eyes=100, announced={"kontra": "ansage"}), "kontra", -4),
      id="Kontra in a solo: (1 + Solo 1) x2 = 4 for the winners, soloist -12"),
    P(Rejected(solo("kuss-rosa", "karo", re_eyes=130, announced={"re": "keine_90"}),
               "announced.re"), id="no Absage in a solo"),
    P(Game(single("kuss-rosa", "stille_hochzeit", re_eyes=160, announced={"re": "keine_90"}),
           "re", 8),
      id="Absage in a stille Hochzeit is fine: (1 + unter 90 + Absage 1 + Solo 1) x2 = 8"),
    # "Die Repartei gewinnt mit 121 Punkten, die Kontrapartei mit 120": no shift, no against.
    P(Game(g("kuss-rosa", re_eyes=120, announced={"kontra": "ansage"}), "kontra", -4),
      id="only Kontra said, 120:120: (1 + Kontra gewinnt 1) x2 = 4"),
    P(Game(g("kuss-rosa", re_eyes=120, announced={"re": "keine_90"}), "kontra", -6),
      id="Re keine 90, Kontra 120: (1 + Absage 1 + Kontra gewinnt 1) x2 = 6, no against-point"),
    # "kein Fleischloser; kein Farbsolo außer Karo"
    P(Rejected(solo("kuss-rosa", "pik", re_eyes=130), "solo"), id="no Pik solo"),
    P(Rejected(solo("kuss-rosa", "fleischlos", re_eyes=130), "solo"), id="no Fleischloser"),
    # Armut: "Gemeinsam bilden sie nun die Re-Partei, ganz gleich wie die Kreuz Damen verteilt"
    P(Game(g("kuss-rosa", kind="armut", re_eyes=100), "kontra", -1),
      id="Armut lost: 1, no Kontra-gewinnt point"),
    P(Game(g("kuss-rosa", re_eyes=240), "re", 5),
      id="40 cards, Kontra 0 Augen: 1 + 3 + schwarz 1 = 5"),
    # "Solo kommt nicht automatisch raus; ... kein Pflichtsolo"
    P(Evening(ev("kuss-rosa", [esolo("C", solo_kind="karo")]),
              {"dealers": ["A"], "pflicht": [False], "next_dealer": "B", "open": []}),
      id="the dealer moves after a solo"),
    P(Rejected(ev("kuss-rosa", [esolo("C", solo_kind="karo", pflicht=True)]), "games[0].pflicht"),
      id="kein Pflichtsolo"),
]


@pytest.mark.parametrize("case", KUSS_ROSA)
def test_kuss_rosa_scores_as_its_sheet_says(case: Any) -> None:
    case.check()


# ================================================================ bockrunde

BOCKRUNDE = [
    # "Sonderpunkte werden vor Re und/oder Kontra gezählt; verdoppeln die Punkte"
    P(Game(g("bockrunde", re_eyes=130, announced={"re": "ansage"},
             extras={"re": {"fuchs_gefangen": 1}}), "re", 4),
      id="(1 + Fuchs 1) x Re 2 = 4"),
    P(Game(g("bockrunde", re_eyes=130, announced={"re": "ansage", "kontra": "ansage"}), "re", 4,
           reasons=("lost_announcement",)),
      id="Re and Kontra, Re wins: 1 x4 = 4; Kontra lost its Ansage: Bock"),
    # Sonderpunkte "gelten auch bei Soli"; "Soli zählen 1 Punkt extra"
    P(Game(solo("bockrunde", "kreuz", re_eyes=130, extras={"kontra": {"doppelkopf": 1}}), "re", 1),
      id="solo: 1 + Solo 1 - Kontra Doppelkopf 1 = 1, soloist +3"),
    P(Game(solo("bockrunde", "kreuz", re_eyes=100), "kontra", -2),
      id="lost solo: the solo point goes to the winners, 1 + 1 = 2, soloist -6"),
    # "wenn Hochzeit-Ansager die ersten 3 Stiche selbst erhält, spielt er automatisch ein
    # Farb-Solo in Karo" (solo_point solo_and_hochzeit)
    P(Game(single("bockrunde", "hochzeit", re_eyes=130), "re", 2),
      id="Hochzeit without partner: 1 + Solo 1 = 2, soloist +6"),
    P(Game(single("bockrunde", "stille_hochzeit", re_eyes=130), "re", 2),
      id="stille Hochzeit: 1 + Solo 1 = 2, soloist +6"),
    # Abrechnung lists no against-points.
    P(Game(g("bockrunde", re_eyes=140, announced={"re": "keine_60"}), "kontra", -8,
           reasons=("lost_announcement",)),
      id="Re keine 60, Kontra 100: (1 + 2 Absagen + gegen die Alten 1) x2 = 8, no against"),
    # Bockrunden "entstehen bei verlorenem Re oder Kontra, 0-Punkte-Spielen, gespaltenem Arsch"
    P(Game(g("bockrunde", re_eyes=120), "kontra", -2, reasons=("tie_120",)),
      id="120:120: 1 + gegen die Alten 1 = 2, Bock for the tie"),
    P(Game(g("bockrunde", re_eyes=130, announced={"kontra": "ansage"}), "re", 2,
           reasons=("lost_announcement",)), id="lost Kontra: 1 x2 = 2, Bock"),
    P(Game(g("bockrunde", re_eyes=125, announced={"re": "ansage"},
             extras={"kontra": {"doppelkopf": 1}}), "re", 0, reasons=("zero_game",)),
      id="0-Punkte-Spiel: (1 - Doppelkopf 1) x2 = 0, Bock"),
    P(Game(g("bockrunde", re_eyes=120, announced={"re": "ansage"},
             extras={"re": {"doppelkopf": 2}}), "kontra", 0,
           reasons=("tie_120", "lost_announcement", "zero_game")),
      id="all three: Kontra 1 x2, extras Re 2 - gegen die Alten 1 = 1 x2, side 0"),
    # Bockrunden "werden nach Re und/oder Kontra gezählt"
    P(Game(g("bockrunde", re_eyes=130, announced={"re": "ansage"},
             extras={"re": {"fuchs_gefangen": 1}}, bock=4), "re", 16),
      id="Bock last: (1 + Fuchs 1) x Re 2 x Bock 4 = 16"),
    P(Game(g("bockrunde", kind="armut", re_eyes=100), "kontra", -1),
      id="Armut lost: 1, no gegen die Alten"),
    P(Game(single("bockrunde", "stille_hochzeit", re_eyes=110), "kontra", -3),
      id="stille Hochzeit lost: 1 + Solo 1 + gegen die Alten 1 = 3, soloist -9"),
    # "es wird beim nächsten Spiel danach vom gleichen Geber noch mal gegeben"
    P(Evening(ev("bockrunde", [esolo("B", solo_kind="kreuz"), esolo("C", solo_kind="pik"),
                               eg(re=["A", "B"], re_eyes=130)]),
              {"dealers": ["A", "A", "A"], "next_dealer": "B"}),
      id="the dealer deals again after every solo"),
    # "Bockrunden zählen auch beim Solo, werden aber um eine Bockrunde verlängert"
    P(Evening(ev("bockrunde", [eg(re=["B", "C"], re_eyes=120), esolo("B", solo_kind="karo")]),
              {"bock": [1, 2], "queue": [2, 2, 2, 2]}),
      id="a solo in a Bock round is doubled but uses up no Bock game"),
    # "sofern in einem Spiel 2 oder 3 der vorgenannten Gründe zusammentreffen ... Doppel- bzw.
    # Dreifachböcke"
    P(Evening(ev("bockrunde", [eg(re=["B", "C"], re_eyes=120, announced={"re": "ansage"})]),
              {"queue": [4, 4, 4, 4]}), id="two reasons: one round x4"),
    # "entstehen während Bockrunden neue Bockrunden, so werden diese hinten angefügt"
    P(Evening(ev("bockrunde", [eg(re=["B", "C"], re_eyes=120), eg(re=["C", "D"], re_eyes=120)]),
              {"bock": [1, 2], "queue": [2] * 7}),
      id="a Bock game that triggers again appends a round: 3 left + 4 new"),
    P(Rejected(ev("bockrunde", [esolo("B", pflicht=True)]), "games[0].pflicht"),
      id="no Pflichtsolo in bockrunde"),
]


@pytest.mark.parametrize("case", BOCKRUNDE)
def test_bockrunde_scores_as_its_sheet_says(case: Any) -> None:
    case.check()


# ================================================================ across presets

GEGEN_DIE_ALTEN = [
    # RULES.md §2: a normal game or a Hochzeit with partner; in solos only a stille Hochzeit or
    # a Hochzeit without partner, and only where extras count in that solo; never after Armut.
    P(Game(g("ddv", re_eyes=100), "kontra", -2), id="normal game: 1 + 1 = 2"),
    P(Game(g({"preset": "ddv", "gegen_die_alten": False}, re_eyes=100), "kontra", -1),
      id="option off: 1"),
    P(Game(g("ddv", re_eyes=130), "re", 1), id="only Kontra gets it: Re wins 1"),
    P(Game(g("ddv", kind="hochzeit", re_eyes=100), "kontra", -2),
      id="Hochzeit with partner: 1 + 1 = 2"),
    P(Game(single("ddv", "stille_hochzeit", re_eyes=100), "kontra", -1),
      id="stille Hochzeit, extras_in_solo none: 1"),
    P(Game(single("bockrunde", "stille_hochzeit", re_eyes=100), "kontra", -3),
      id="stille Hochzeit, all: 1 + Solo 1 + 1 = 3"),
    P(Game(single("orbital", "stille_hochzeit", re_eyes=100), "kontra", -2),
      id="stille Hochzeit, all_but_fuchs: 1 + 1 = 2"),
    P(Game(single("voss", "stille_hochzeit", re_eyes=100), "kontra", -1),
      id="stille Hochzeit, doppelkopf only: 1"),
    P(Game(single("kuss-rosa", "stille_hochzeit", re_eyes=100), "kontra", -3),
      id="stille Hochzeit, trumpfsolo: 1 + Solo 1 + 1 = 3"),
    P(Game(single("ddv", "hochzeit", re_eyes=100), "kontra", -1),
      id="Hochzeit without partner, none: 1"),
    P(Game(single("kuss-rosa", "hochzeit", re_eyes=100), "kontra", -2),
      id="Hochzeit without partner, trumpfsolo: 1 + 1 = 2"),
    P(Game(single("bockrunde", "hochzeit", re_eyes=100), "kontra", -3),
      id="Hochzeit without partner, all: 1 + Solo 1 + 1 = 3"),
    P(Game(solo("orbital", "damen", re_eyes=100), "kontra", -1),
      id="announced solo never: 1"),
    P(Game(solo("bockrunde", "kreuz", re_eyes=100), "kontra", -2),
      id="announced solo never, even with all extras: 1 + Solo 1 = 2"),
    P(Game(g("bockrunde", kind="armut", re_eyes=100), "kontra", -1), id="Armut never: 1"),
    P(Game(g({"preset": "orbital", "gegen_die_alten_after_armut": True}, kind="armut",
             re_eyes=100), "kontra", -2), id="Armut with gegen_die_alten_after_armut: 1 + 1 = 2"),
    P(Game(g("ddv", re_eyes=150, announced={"re": "keine_90", "kontra": "keine_90"}), None, 1),
      id="nobody wins: no gegen die Alten, Re 120 gegen keine 90 = 1"),
    # "It is an extra and follows extras_doubled."
    P(Game(g("voss", re_eyes=100, announced={"re": "ansage"}), "kontra", -4),
      id="doubled with extras: 1 x2 + 1 x2 = 4"),
    P(Game(g("orbital", re_eyes=100, doppelt={"re": 1}), "kontra", -3),
      id="not doubled in orbital: 1 x2 + 1 = 3"),
]


@pytest.mark.parametrize("case", GEGEN_DIE_ALTEN)
def test_gegen_die_alten_applies_where_rules_md_says(case: Game) -> None:
    case.check()


NOBODY_WINS = [
    # TSR 7.1.3 / RULES.md §2: both Absagen missed; each party collects its under-points and
    # against-points and extras; netted; no gewonnen, no Ansage/Absage points, no solo point.
    P(Game(g("ddv", re_eyes=150, announced={"re": "keine_90", "kontra": "keine_90"}), None, 1),
      id="ddv both keine 90, 150:90: Re 120 gegen keine 90 (1) - Kontra 0 = 1"),
    P(Game(g("ddv", re_eyes=150, announced={"re": "keine_90", "kontra": "keine_90"},
             extras={"kontra": {"doppelkopf": 2}}), None, -1),
      id="ddv netted with extras: 1 - Kontra Doppelkopf 2 = -1"),
    P(Game(g("ddv", re_eyes=70, announced={"re": "keine_60", "kontra": "keine_60"}), None, -3),
      id="ddv both keine 60, 70:170: Kontra unter 90 1 + 120 and 90 against (2) = 3"),
    P(Game(g("bockrunde", re_eyes=150, announced={"re": "keine_90", "kontra": "keine_90"}),
           None, 0, reasons=("lost_announcement", "zero_game")),
      id="bockrunde (no against-points): 0 x4 = 0, one lost-announcement reason + zero game"),
    P(Game(g("bockrunde", re_eyes=70, announced={"re": "keine_60", "kontra": "keine_60"},
             extras={"re": {"fuchs_gefangen": 1}}), None, 0),
      id="bockrunde: Kontra unter 90 1 x4 - ... Re Fuchs 1 x4: -4 + 4 = 0"),
    P(Game(g("bockrunde", re_eyes=150, announced={"re": "keine_90", "kontra": "keine_90"},
             extras={"re": {"fuchs_gefangen": 1}}), None, 4),
      id="bockrunde: 0 x4 + Re Fuchs 1 x4 = 4"),
    P(Game(g("orbital", re_eyes=150, doppelt={"re": 1, "kontra": 1},
             announced={"re": "keine_90", "kontra": "keine_90"},
             extras={"kontra": {"fuchs_gefangen": 1}}), None, 3),
      id="orbital: Re 120 gegen keine 90 (1) x4 - Kontra Fuchs 1 (not doubled) = 3"),
    P(Game(solo("ddv", "damen", re_eyes=150, announced={"re": "keine_90", "kontra": "keine_90"}),
           None, 1), id="ddv solo: 1 against-point, soloist +3"),
    P(Game(solo({"preset": "ddv", "solo_point": "solo"}, "damen", re_eyes=150,
                announced={"re": "keine_90", "kontra": "keine_90"}), None, 1),
      id="no solo point when nobody wins: still 1, soloist +3"),
]


@pytest.mark.parametrize("case", NOBODY_WINS)
def test_nobody_wins_when_both_absagen_miss(case: Game) -> None:
    case.check()


AGAINST_POINTS = [
    # RULES.md §2: 120 against keine 90, 90 against keine 60, 60 against keine 30, 30 against
    # schwarz, stacked, for the winner.
    P(Game(g("ddv", re_eyes=120, announced={"kontra": "keine_90"}), "re", 5),
      id="ddv Re 120 vs Kontra keine 90: 1 + Absage 1 + Kontra 2 + 1 = 5"),
    P(Game(g("ddv", re_eyes=119, announced={"kontra": "keine_90"}), "re", 4),
      id="ddv Re 119 vs Kontra keine 90: 1 + Absage 1 + Kontra 2, no against-point = 4"),
    P(Game(g("ddv", re_eyes=120, announced={"re": "schwarz"}), "kontra", -12),
      id="ddv all four stacked: 1 + 4 Absagen + Re 2 + 4 against + gegen die Alten 1 = 12"),
    P(Game(g("ddv", re_eyes=210, announced={"re": "schwarz"}), "kontra", -9),
      id="ddv Kontra 30 vs schwarz: 1 + 4 Absagen + Re 2 + 30 gegen schwarz 1 "
         "+ gegen die Alten 1 = 9"),
    P(Game(g("ddv", re_eyes=211, announced={"re": "schwarz"}), "kontra", -8),
      id="ddv Kontra 29 vs schwarz: 1 + 4 Absagen + Re 2 + gegen die Alten 1 = 8, no against"),
    P(Game(g({"preset": "ddv", "against_points": False}, re_eyes=120,
             announced={"kontra": "keine_90"}), "re", 4),
      id="option off: 1 + Absage 1 + Kontra 2 = 4"),
]


@pytest.mark.parametrize("case", AGAINST_POINTS)
def test_against_points_go_to_the_winner_per_level(case: Game) -> None:
    case.check()


SIXTY_RULE = [
    # voss: "Wenn eine Partei höher als 180 zu 60 abschließt, ohne RE oder KONTRA gesagt zu
    # haben, gewinnt die Gegenpartei"; RULES.md §6 Decision: gewonnen 1 + gegen die Alten +
    # Absage points + extras, Ansagen as usual, no under-90/60/30 points.
    P(Game(g("voss", re_eyes=180), "re", 2),
      id="Re 180 is not more than 180: Re wins 1 + unter 90 = 2"),
    P(Game(g("voss", re_eyes=181), "kontra", -2),
      id="Re 181 silent: Kontra wins 1 + gegen die Alten 1 = 2"),
    P(Game(g("voss", re_eyes=190, announced={"re": "ansage"}), "re", 6),
      id="Re 190 after Re: rule off, (1 + unter 90 + unter 60) x2 = 6"),
    P(Game(g("voss", re_eyes=190, announced={"kontra": "ansage"}), "kontra", -4),
      id="Re 190 silent, Kontra said: (1 + gegen die Alten 1) x Kontra 2 = 4"),
    P(Game(g("voss", re_eyes=190, announced={"kontra": "keine_90"}), "kontra", -6),
      id="Re 190 silent, Kontra keine 90: (1 + Absage 1 + gegen die Alten 1) x2 = 6"),
    P(Game(g("voss", re_eyes=40), "re", 1),
      id="Kontra 200 silent: Re wins 1, no gegen die Alten for Re"),
    P(Game(g("voss", kind="hochzeit", re_eyes=190), "kontra", -2),
      id="Hochzeit with partner is no solo: Kontra wins 1 + gegen die Alten 1 = 2"),
    # "Diese Regel gilt nach einer mehrheitlich beschlossenen Änderung NICHT bei Solospielen."
    P(Game(solo("voss", "damen", re_eyes=200), "re", 3),
      id="solo exempt: 1 + unter 90 + unter 60 = 3, soloist +9"),
    P(Game(single("voss", "stille_hochzeit", re_eyes=200), "re", 3),
      id="stille Hochzeit is scored as a solo, exempt: 3, soloist +9"),
    P(Game(single("voss", "hochzeit", re_eyes=200), "re", 3),
      id="Hochzeit without partner is scored as a solo, exempt: 3, soloist +9"),
    P(Game(g({"preset": "voss", "sixty_rule": False}, re_eyes=190), "re", 3),
      id="option off: Re 190 wins 1 + unter 90 + unter 60 = 3"),
    P(Game(g({"preset": "ddv", "sixty_rule": True}, re_eyes=181, announced={"kontra": "ansage"}),
           "kontra", -4), id="ddv with the rule: Kontra 1 + Kontra angesagt 2 + gda 1 = 4"),
]


@pytest.mark.parametrize("case", SIXTY_RULE)
def test_sixty_rule_hands_a_silent_walkover_to_the_opponent(case: Game) -> None:
    case.check()


SPECIAL_GAMES = [
    # Hammelrennen: "Es gewinnt derjenige Spieler, der mehr als 120 Augen bekommt oder 60 Augen
    # am nächsten kommt." RULES.md §5 Decision: winner +3, the others -1; a tie scores 0.
    P(Points(hammel(121, 60, 39, 20), "A", {"A": 3, "B": -1, "C": -1, "D": -1}),
      id="Hammelrennen A 121 beats B with exactly 60"),
    P(Points(hammel(70, 58, 65, 47), "B", {"A": -1, "B": 3, "C": -1, "D": -1}),
      id="Hammelrennen nobody over 120, B is 2 from 60"),
    P(Points(hammel(120, 60, 40, 20), "B", {"A": -1, "B": 3, "C": -1, "D": -1}),
      id="Hammelrennen 120 is not more than 120: B with 60 wins"),
    P(Points(hammel(62, 58, 70, 50), None, {"A": 0, "B": 0, "C": 0, "D": 0}),
      id="Hammelrennen A and B both 2 from 60: tie, nobody scores"),
    P(Points(hammel(130, 50, 40, 20, bock=2), "A", {"A": 6, "B": -2, "C": -2, "D": -2}),
      id="Hammelrennen with Bock 2: 3 x2, -1 x2"),
    # Schwarze Sau: "ein Solo ... Keine Ansagen und keine Sonderpunkte ... pauschal verdoppelt"
    P(Points(g("voss", kind="schwarze_sau", re=["B"], re_eyes=100), "kontra",
             {"A": 2, "B": -6, "C": 2, "D": 2}),
      id="Schwarze Sau lost: 1 x2 = 2, no gegen die Alten, B -6"),
    P(Points(g("voss", kind="schwarze_sau", re=["B"], re_eyes=200), "re",
             {"A": -6, "B": 18, "C": -6, "D": -6}),
      id="Schwarze Sau 200: no 60er (a solo), (1 + unter 90 + unter 60) x2 = 6, B +18"),
    P(Points(g({"preset": "voss", "solo_point": "solo"}, kind="schwarze_sau", re=["B"],
               re_eyes=130), "re", {"A": -2, "B": 6, "C": -2, "D": -2}),
      id="Schwarze Sau is no announced solo: no solo point, 1 x2 = 2"),
    # redeal: no points, whatever the rules.
    P(Points(g("ddv", kind="redeal", re=[]), None, {"A": 0, "B": 0, "C": 0, "D": 0}),
      id="redeal ddv: 0"),
    P(Points(g("bockrunde", kind="redeal", re=[], bock=4), None, {"A": 0, "B": 0, "C": 0, "D": 0}),
      id="redeal in a Bock game: 0"),
]


@pytest.mark.parametrize("case", SPECIAL_GAMES)
def test_special_games_score_as_rules_md_section_5_says(case: Points) -> None:
    case.check()


def test_a_redeal_never_fires_zero_game() -> None:
    # RULES.md §7: zero_game is "a scored game whose side before Bock is 0; never a redeal".
    result = score(g("bockrunde", kind="redeal", re=[]))
    assert result.bock_reasons == ()


DOPPELT_LIMITS = [
    # RULES.md §3: solo and Hochzeit 1 per party; otherwise once per player of the party
    # (stille Hochzeit Re 1, Kontra 3; normal and Armut 2 each).
    P(Game(solo("orbital", "damen", re_eyes=130, doppelt={"re": 1, "kontra": 1}), "re", 4),
      id="solo 1 + 1: 1 x4 = 4"),
    P(Game(g("orbital", kind="hochzeit", re_eyes=130, doppelt={"re": 1, "kontra": 1}), "re", 4),
      id="Hochzeit with partner 1 + 1: 1 x4 = 4"),
    P(Game(single("orbital", "hochzeit", re_eyes=130, doppelt={"re": 1, "kontra": 1}), "re", 4),
      id="Hochzeit without partner 1 + 1: 1 x4 = 4, soloist +12"),
    P(Game(single("orbital", "stille_hochzeit", re_eyes=130, doppelt={"re": 1, "kontra": 3}),
           "re", 16), id="stille Hochzeit 1 + 3: 1 x16 = 16, soloist +48"),
    P(Game(g("orbital", re_eyes=130, doppelt={"re": 2, "kontra": 2}), "re", 16),
      id="normal 2 + 2: 1 x16 = 16"),
    P(Game(g("orbital", kind="armut", re_eyes=130, doppelt={"re": 2, "kontra": 2}), "re", 16),
      id="Armut 2 + 2 (RULES.md §8: one per player): 1 x16 = 16"),
    P(Rejected(solo("orbital", "damen", re_eyes=130, doppelt={"re": 2}), "doppelt.re"),
      id="solo Re 2"),
    P(Rejected(solo("orbital", "damen", re_eyes=130, doppelt={"kontra": 2}), "doppelt.kontra"),
      id="solo Kontra 2"),
    P(Rejected(g("orbital", kind="hochzeit", re_eyes=130, doppelt={"re": 2}), "doppelt.re"),
      id="Hochzeit with partner Re 2"),
    P(Rejected(single("orbital", "hochzeit", re_eyes=130, doppelt={"kontra": 2}),
               "doppelt.kontra"), id="Hochzeit without partner Kontra 2"),
    P(Rejected(single("orbital", "stille_hochzeit", re_eyes=130, doppelt={"re": 2}), "doppelt.re"),
      id="stille Hochzeit Re 2"),
    P(Rejected(single("orbital", "stille_hochzeit", re_eyes=130, doppelt={"kontra": 4}),
               "doppelt.kontra"), id="stille Hochzeit Kontra 4"),
    P(Rejected(g("orbital", re_eyes=130, doppelt={"re": 3}), "doppelt.re"), id="normal Re 3"),
    P(Rejected(g("orbital", re_eyes=130, doppelt={"kontra": 3}), "doppelt.kontra"),
      id="normal Kontra 3"),
    P(Rejected(g("orbital", kind="armut", re_eyes=130, doppelt={"kontra": 3}), "doppelt.kontra"),
      id="Armut Kontra 3"),
]


@pytest.mark.parametrize("case", DOPPELT_LIMITS)
def test_doppelt_is_limited_per_party(case: Any) -> None:
    case.check()


EXTRAS_IN_SOLO = [
    # RULES.md §4: extras the preset uses but extras_in_solo excludes are not counted, and the
    # breakdown says "Sonderpunkte zählen im Solo nicht".
    P(Game(solo("ddv", "damen", re_eyes=130, extras={"re": {"doppelkopf": 1}}), "re", 1,
           ignored_note=True), id="none (ddv): 1, soloist +3"),
    P(Game(single("ddv", "stille_hochzeit", re_eyes=130, extras={"re": {"doppelkopf": 1}}),
           "re", 1, ignored_note=True), id="none (ddv), stille Hochzeit: 1"),
    P(Game(g("ddv", kind="hochzeit", re_eyes=130, extras={"re": {"doppelkopf": 1}}), "re", 2,
           ignored_note=False), id="Hochzeit with partner is no solo: 1 + 1 = 2"),
    P(Game(solo({"preset": "ddv", "extras_in_solo": "all"}, "damen", re_eyes=130,
                extras={"re": {"doppelkopf": 1}}), "re", 2, ignored_note=False),
      id="ddv overridden to all: 1 + 1 = 2, soloist +6"),
    P(Game(solo("bockrunde", "kreuz", re_eyes=130, extras={"re": {"doppelkopf": 1,
                                                                  "fuchs_gefangen": 1}}),
           "re", 4, ignored_note=False), id="all (bockrunde): 1 + Solo 1 + 2 = 4, soloist +12"),
    P(Game(solo("orbital", "damen", re_eyes=130, extras={"re": {"doppelkopf": 1,
                                                                "fuchs_gefangen": 1}}),
           "re", 2, ignored_note=True), id="all_but_fuchs (orbital): 1 + Doppelkopf 1 = 2"),
    P(Game(solo("orbital", "damen", re_eyes=130, extras={"kontra": {"karlchen_gefangen": 1}}),
           "re", 0, ignored_note=False),
      id="all_but_fuchs: Karlchen gefangen counts, 1 - 1 = 0"),
    P(Game(solo("voss", "herz", re_eyes=130, extras={"re": {"doppelkopf": 1, "karlchen": 1}}),
           "re", 2, ignored_note=True), id="doppelkopf (voss): 1 + Doppelkopf 1 = 2"),
    P(Game(solo("kuss-rosa", "buben", re_eyes=130, extras={"kontra": {"doppelkopf": 1}}),
           "re", 2, ignored_note=True), id="trumpfsolo (kuss-rosa), Bubensolo: 1 + Solo 1 = 2"),
    P(Game(solo("kuss-rosa", "karo", re_eyes=130, extras={"kontra": {"doppelkopf": 1}}),
           "re", 1, ignored_note=False), id="trumpfsolo, Karo solo: 1 + Solo 1 - 1 = 1"),
    P(Game(single("kuss-rosa", "hochzeit", re_eyes=130, extras={"kontra": {"doppelkopf": 1}}),
           "re", 0, ignored_note=False), id="trumpfsolo, Hochzeit without partner: 1 - 1 = 0"),
    P(Game(single("kuss-rosa", "stille_hochzeit", re_eyes=130,
                  extras={"kontra": {"doppelkopf": 1}}), "re", 1, ignored_note=False),
      id="trumpfsolo, stille Hochzeit: 1 + Solo 1 - 1 = 1"),
]


@pytest.mark.parametrize("case", EXTRAS_IN_SOLO)
def test_extras_in_solo_follow_the_option(case: Game) -> None:
    case.check()


SOLO_POINT = [
    P(Game(solo("ddv", "damen", re_eyes=130), "re", 1), id="off (ddv): 1, soloist +3"),
    P(Game(solo({"preset": "ddv", "solo_point": "solo"}, "damen", re_eyes=130), "re", 2),
      id="solo: announced solo 1 + 1 = 2"),
    P(Game(single({"preset": "ddv", "solo_point": "solo"}, "stille_hochzeit", re_eyes=130),
           "re", 2), id="solo: stille Hochzeit 1 + 1 = 2"),
    P(Game(single({"preset": "ddv", "solo_point": "solo"}, "hochzeit", re_eyes=130), "re", 1),
      id="solo: not a Hochzeit without partner, 1"),
    P(Game(single({"preset": "ddv", "solo_point": "solo_and_hochzeit"}, "hochzeit",
                  re_eyes=130), "re", 2), id="solo_and_hochzeit: Hochzeit without partner 2"),
    P(Game(single("kuss-rosa", "hochzeit", re_eyes=130), "re", 1),
      id="kuss-rosa (solo): Hochzeit without partner 1"),
    P(Game(single("bockrunde", "hochzeit", re_eyes=130), "re", 2),
      id="bockrunde (solo_and_hochzeit): Hochzeit without partner 1 + 1 = 2"),
    P(Game(solo("bockrunde", "pik", re_eyes=100), "kontra", -2),
      id="lost solo: the point goes to the winners, 1 + 1 = 2"),
    P(Game(g("bockrunde", kind="hochzeit", re_eyes=130), "re", 1),
      id="Hochzeit with partner is no solo: 1"),
]


@pytest.mark.parametrize("case", SOLO_POINT)
def test_solo_point_follows_the_option(case: Game) -> None:
    case.check()


BOCK_LAST = [
    # RULES.md §3: "Bock is applied last, to everything."
    P(Game(g("ddv", re_eyes=151, announced={"re": "ansage"}, bock=2), "re", 8),
      id="ddv (1 + unter 90 + Re 2) x Bock 2 = 8"),
    P(Game(g("orbital", re_eyes=130, doppelt={"re": 1}, extras={"re": {"fuchs_gefangen": 1}},
             bock=2), "re", 6), id="orbital (1 x2 + Fuchs 1 undoubled) x Bock 2 = 6"),
    P(Game(g("kuss-rosa", re_eyes=160, announced={"re": "keine_90", "kontra": "ansage"},
             extras={"re": {"fuchs_gefangen": 1}}, bock=2), "re", 32),
      id="kuss-rosa example 4 in Bock: 16 x2 = 32"),
    P(Game(solo("ddv", "damen", re_eyes=130, bock=4), "re", 4),
      id="solo 1 x Bock 4 = 4, soloist +12"),
    P(Game(g("ddv", re_eyes=125, extras={"kontra": {"fuchs_gefangen": 2}}, bock=8), "re", -8),
      id="a negative side is multiplied too: (1 - 2) x8 = -8"),
    P(Game(g("ddv", re_eyes=150, announced={"re": "keine_90", "kontra": "keine_90"}, bock=2),
           None, 2), id="nobody wins 1 x Bock 2 = 2"),
]


@pytest.mark.parametrize("case", BOCK_LAST)
def test_bock_factor_is_applied_last(case: Game) -> None:
    case.check()


def test_bock_shows_as_the_last_factor_line() -> None:
    result = score(g("bockrunde", re_eyes=151, announced={"re": "ansage", "kontra": "ansage"},
                     bock=4))
    factors = [(line.label, line.factor) for line in result.lines if line.factor is not None]
    assert factors == [("Re", 2), ("Kontra", 2), ("Bock", 4)]
    # (1 + unter 90) x2 x2 = 8 before Bock: the Grundwert; x4 = 32 on the sheet.
    assert result.value == 8 and result.points["A"] == 32


def with_triggers(base: str, *triggers: str, **more: Any) -> dict[str, Any]:
    return {"preset": base, "bock_triggers": list(triggers), **more}


BOCK_REASONS = [
    # RULES.md §7: tie_120, lost_announcement, zero_game, lost_solo, schwarz, herzstich.
    P(Game(g(with_triggers("ddv", "tie_120"), re_eyes=120), "kontra", -2, reasons=("tie_120",)),
      id="tie_120 at 120:120"),
    P(Game(g(with_triggers("ddv", "tie_120"), re_eyes=121), "re", 1, reasons=()),
      id="tie_120 not at 121:119"),
    P(Game(g(with_triggers("ddv", "lost_announcement"), re_eyes=100, announced={"re": "ansage"}),
           "kontra", -4, reasons=("lost_announcement",)),
      id="lost_announcement: Re said and lost, 1 + Re 2 + gda 1 = 4"),
    P(Game(g(with_triggers("ddv", "lost_announcement"), re_eyes=130, announced={"re": "ansage"}),
           "re", 3, reasons=()), id="lost_announcement not when the announcer wins"),
    P(Game(g(with_triggers("ddv", "lost_announcement"), re_eyes=150,
             announced={"re": "keine_90", "kontra": "keine_90"}), None, 1,
           reasons=("lost_announcement",)),
      id="lost_announcement fires once when both parties lose"),
    P(Game(g(with_triggers("ddv", "zero_game"), re_eyes=125,
             extras={"kontra": {"fuchs_gefangen": 1}}), "re", 0, reasons=("zero_game",)),
      id="zero_game: 1 - Fuchs 1 = 0"),
    P(Game(solo(with_triggers("ddv", "lost_solo"), "damen", re_eyes=100), "kontra", -1,
           reasons=("lost_solo",)), id="lost_solo"),
    P(Game(solo(with_triggers("ddv", "lost_solo"), "damen", re_eyes=130), "re", 1, reasons=()),
      id="lost_solo not for a won solo"),
    P(Game(single(with_triggers("ddv", "lost_solo"), "hochzeit", re_eyes=100), "kontra", -1,
           reasons=("lost_solo",)), id="lost_solo for a lonely Hochzeit scored as a solo"),
    P(Game(solo(with_triggers("ddv", "lost_solo"), "damen", re_eyes=150,
                announced={"re": "keine_90", "kontra": "keine_90"}), None, 1,
           reasons=("lost_solo",)), id="lost_solo when nobody wins"),
    P(Game(g(with_triggers("ddv", "schwarz"), re_eyes=240, trickless="kontra"), "re", 5,
           reasons=("schwarz",)), id="schwarz: Kontra took no trick"),
    P(Game(g(with_triggers("ddv", "schwarz"), re_eyes=240), "re", 4, reasons=()),
      id="schwarz not for 240 Augen with a 0-Augen trick (48 cards)"),
    P(Game(g(with_triggers("kuss-rosa", "schwarz"), re_eyes=0), "kontra", -6,
           reasons=("schwarz",)),
      id="schwarz with 40 cards from 0 Augen: 1 + 3 + 1 + Kontra gewinnt 1 = 6"),
    P(Game(g(with_triggers("voss", "herzstich"), re_eyes=130,
             extras={"kontra": {"herzstich": 1}}), "re", 0, reasons=("herzstich",)),
      id="herzstich: 1 - Herzstich 1 = 0"),
    P(Game(solo(with_triggers("ddv", "schwarz", "lost_solo", "tie_120"), "damen", re_eyes=0,
                trickless="re"), "kontra", -5, reasons=("lost_solo", "schwarz")),
      id="reported in RULES.md order whatever order they were configured in"),
    P(Game(g("bockrunde", re_eyes=0, trickless="re"), "kontra", -6, reasons=()),
      id="bockrunde has no schwarz trigger: 1 + 3 + 1 + gda 1 = 6"),
]


@pytest.mark.parametrize("case", BOCK_REASONS)
def test_bock_reasons_name_every_trigger_that_fires(case: Game) -> None:
    case.check()


def test_a_hammelrennen_tie_is_a_zero_game() -> None:
    # RULES.md §7 zero_game: "a scored game whose side before Bock is 0; never a redeal".
    result = score(hammel(62, 58, 70, 50, rules=with_triggers("voss", "zero_game")))
    assert [r.value for r in result.bock_reasons] == ["zero_game"]


def test_an_invalid_evening_game_names_its_index() -> None:
    with pytest.raises(InvalidEvening) as err:
        evening(ev("ddv", [eg(re=["B", "C"], re_eyes=130), eg(re=["B"], re_eyes=130)]))
    assert err.value.index == 1 and err.value.field == "games[1].re"


def test_a_rejected_game_raises_invalid_game() -> None:
    with pytest.raises(InvalidGame):
        score(solo("kuss-rosa", "karo", re_eyes=130, announced={"kontra": "keine_90"}))
