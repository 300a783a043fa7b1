"""Driving a club evening through its pages, as the organiser and the tables do, and the
core's own numbers for the same games (the expectation a page is checked against: the
tables' games folded by ``scorer.core.evening`` and ranked by ``scorer.core.club``, never by
the services that the pages use)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scorer.core.club import ClubStanding, club_ranking, planned_for, table_result
from scorer.core.evening import EveningSetup, Ledger, fold
from scorer.core.rules import rules_from_spec

NINE = ("Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ida")
EYES = (151, 100, 121, 180, 90, 135, 60, 200, 119, 131)
"""Re's Augen of the games a test plays, in turn (wins and losses on both sides)."""


@dataclass
class PlayedTable:
    """One table of one round as the test played it: seats, link, the games sent."""

    round: int
    number: int
    seats: tuple[str, ...]
    token: str
    read_token: str
    preset: str
    planned: int
    games: list[dict[str, Any]] = field(default_factory=list)

    @property
    def sheet(self) -> str:
        return f"/r/{self.token}/abend/1/"

    def setup(self) -> EveningSetup:
        return EveningSetup(rules=rules_from_spec(self.preset), seats=self.seats,
                            first_dealer=self.seats[0], planned_games=self.planned)

    def ledger(self) -> Ledger:
        """The core's ledger of the games this test sent."""
        return fold(self.setup(), self.games)


class Club:
    """An organiser's browser (the test client) and the database behind it."""

    def __init__(self, app: Any, client: Any) -> None:
        self.app = app
        self.client = client
        self.token = ""
        self.preset = "bockrunde"
        self.planned = 4
        self.tables: dict[tuple[int, int], PlayedTable] = {}

    # ------------------------------------------------------------------ organiser

    def create(self, players: Sequence[str] = NINE, *, rules: str = "bockrunde",
               planned: int = 4, rounds: int = 2, ranking: str = "table_points",
               absent: int = -3, url: str = "/turnier/neu", preset: str | None = None) -> str:
        """Make the tournament through its form (``rules``: a preset, "ddv-liste", or
        "runde" with the Runde's ``preset``) and register ``players``."""
        response = self.client.post(url, data={
            "name": "Vereinsabend", "played_on": "2026-03-14", "rules": rules,
            "planned_games": str(planned), "round_count": str(rounds), "ranking": ranking,
            "absent_table_points": str(absent)})
        assert response.status_code == 302, response.text
        self.token = response.location.split("/")[2]
        self.preset = preset or ("ddv" if rules == "ddv-liste" else rules)
        self.planned = planned
        if players:
            self.register(*players)
        return self.token

    @property
    def home(self) -> str:
        return f"/t/{self.token}/"

    def register(self, *names: str) -> Any:
        response = self.client.post(self.home + "anmeldung", data={"names": "\n".join(names)})
        assert response.status_code == 302, response.text
        return response

    def post(self, path: str, data: dict[str, Any] | None = None) -> Any:
        """POST as the organiser; the page it leads to (with its flash messages)."""
        response = self.client.post(self.home + path, data=data or {})
        assert response.status_code == 302, response.text
        return self.client.get(response.location)

    def draw(self, seed: int | None = None) -> Any:
        return self.post("auslosen", {"seed": "" if seed is None else str(seed)})

    def start(self, number: int) -> Any:
        page = self.post(f"runde/{number}/starten")
        self.note_tables(number)
        return page

    def end(self, number: int) -> Any:
        return self.post(f"runde/{number}/beenden")

    def seating(self, number: int) -> list[tuple[str, ...]]:
        """Round ``number``'s tables as stored: names in seat order."""
        from scorer import services
        from scorer.store.extensions import db

        with self.app.app_context():
            tournament = services.find_tournament(self.token)
            names = {p.id: p.name for p in tournament.players}
            round_ = services.find_round(tournament, number)
            out = [tuple(names[i] for i in table) for table in round_.seating]
            db.session.remove()
        return out

    def note_tables(self, number: int) -> None:
        """Remember round ``number``'s tables: seats and links (its Runden's tokens)."""
        from scorer import services
        from scorer.store.extensions import db

        seating = self.seating(number)
        with self.app.app_context():
            tournament = services.find_tournament(self.token)
            for k, seats in enumerate(seating, 1):
                table = services.find_table(tournament, number, k)
                self.tables[(number, k)] = PlayedTable(
                    number, k, seats, table.group.edit_token, table.group.read_token,
                    self.preset, planned_for(len(seats), self.planned))
            db.session.remove()

    # ------------------------------------------------------------------ a table

    def ids(self, token: str) -> dict[str, int]:
        """Player name -> id in a table's Runde."""
        from sqlalchemy import select

        from scorer.store.extensions import db
        from scorer.store.models import Group, Player

        with self.app.app_context():
            rows = db.session.execute(select(Player.name, Player.id).join(Group).where(
                Group.edit_token == token)).all()
            db.session.remove()
        return dict(rows)

    def play(self, table: PlayedTable, count: int, client: Any = None,
             eyes: Sequence[int] = EYES) -> None:
        """The table enters ``count`` games through its own link: the four the rotation
        names (the core says who), two of them Re, Augen in turn."""
        import uuid

        client = client or self.app.test_client()
        ids = self.ids(table.token)
        for _ in range(count):
            coming = table.ledger().next
            k = len(table.games)
            four = coming.players
            game = {"players": list(four), "re": [four[k % 4], four[(k + 1) % 4]],
                    "re_eyes": eyes[k % len(eyes)]}
            response = client.post(table.sheet + "spiel/neu", data={
                "entry_key": str(uuid.uuid4()), "players": [str(ids[p]) for p in four],
                "re": [str(ids[p]) for p in game["re"]], "re_eyes": str(game["re_eyes"])})
            assert response.status_code == 302, response.text
            table.games.append(game)

    def solo(self, table: PlayedTable, soloist: str, client: Any = None) -> None:
        """The table enters a Damensolo of ``soloist`` (one of the four the rotation names),
        Pflicht or Lust as it comes (the form's "wie es sich ergibt"), won with 130 Augen."""
        import uuid

        client = client or self.app.test_client()
        ids = self.ids(table.token)
        four = table.ledger().next.players
        assert soloist in four, (soloist, four)
        response = client.post(table.sheet + "spiel/neu", data={
            "entry_key": str(uuid.uuid4()), "players": [str(ids[p]) for p in four],
            "kind": "solo", "solo": "damen", "pflicht": "", "re": [str(ids[soloist])],
            "re_eyes": "130"})
        assert response.status_code == 302, response.text
        table.games.append({"players": list(four), "kind": "solo", "solo": "damen",
                            "re": [soloist], "re_eyes": 130})

    def play_round(self, number: int, count: int | None = None) -> None:
        """Every table of round ``number`` plays ``count`` games (default: its plan)."""
        for (r, _), table in sorted(self.tables.items()):
            if r == number:
                self.play(table, table.planned if count is None else count)

    # ------------------------------------------------------------------ the expectation

    def expected(self, players: Sequence[str], *, by_table_points: bool = True,
                 absent: int = -3) -> list[ClubStanding]:
        """The core's ranking of the games this test sent."""
        rounds: dict[int, list[Any]] = {}
        for (r, k), table in sorted(self.tables.items()):
            rounds.setdefault(r, []).append(table_result(r, k, table.ledger()))
        return club_ranking(players, [rounds[r] for r in sorted(rounds)],
                            by_table_points=by_table_points, absent_table_points=absent)


def shown_ranking(html: str) -> dict[str, tuple[int, str, str, str, list[str]]]:
    """The ranking page as the eye reads it: per player rank, sum, points, solos won and
    each round's figure (signed strings with a real minus, "(−3)" for a missed round that
    gives −3)."""
    out = {}
    for row in re.findall(r'<tr data-player="([^"]+)"[^>]*>(.*?)</tr>', html, re.S):
        name, cells = row
        rank = int(re.search(r'data-rank(?:="")?>(\d+)\.', cells).group(1))
        rounds = re.findall(r'data-round(?:="")?>([^<]+)<', cells)
        figure = re.search(r'data-figure(?:="")?>([^<]+)<', cells).group(1)
        points = re.search(r'data-points(?:="")?>([^<]+)<', cells).group(1)
        solos = re.search(r'data-solos(?:="")?>([^<]+)<', cells).group(1)
        out[name] = (rank, figure, points, solos, rounds)
    return out


def signed(value: int | None) -> str:
    """A number as the ranking prints it, written out here on its own: +3, −1, 0, –."""
    if value is None:
        return "–"
    return f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"


def as_shown(standings: Sequence[ClubStanding], absent: int = -3) -> dict[
        str, tuple[int, str, str, str, list[str]]]:
    """The core's ranking in the form of ``shown_ranking``; a missed round shows what it
    gives in brackets ("(−3)"; ``absent``: 0 for a ranking by points)."""
    return {s.player: (s.rank, signed(s.figure), signed(s.points), str(s.solos_won),
                       [f"({signed(absent)})" if v is None else signed(v) for v in s.rounds])
            for s in standings}
