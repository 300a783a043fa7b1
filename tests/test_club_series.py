"""The club's annual ranking (Vereinsmeisterschaft, issue 37): chosen club evenings ranked
as a season ranks a Runde's evenings (RULES.md §11.1), each club evening's own ranking
(§11.3) as one evening — the sum of the evenings' figures, or placement points n + 1 − r;
then total points, then evenings won; equal in all three, a shared rank. A page, a PDF and
a CSV; its edit link chooses the evenings, its read link only looks."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from tests.club_helpers import NINE, Club
from tests.conftest import fetch_pdf, visible_text


def _evening(totals: dict[str, int]) -> Any:
    from scorer.core.club import TableResult, club_ranking

    return club_ranking(list(totals), [[TableResult(1, 1, totals, {})]])


def test_the_core_ranks_the_year_by_hand() -> None:
    from scorer.core.club import series_ranking

    one = _evening({"A": 30, "B": 10, "C": -10, "D": -30})    # table points 3, 1, -1, -3
    two = _evening({"B": 40, "C": 20, "a": -20, "E": -40})    # 3, 1, -1, -3; "a" is A
    by_sum = [(s.rank, s.player, s.figure, s.points, s.won, s.evenings)
              for s in series_ranking([one, two], "sum")]
    assert by_sum == [
        (1, "B", 4, 50, 1, (1, 3)),
        (2, "A", 2, 10, 1, (3, -1)),
        (3, "C", 0, 10, 0, (-1, 1)),
        (4, "D", -3, -30, 0, (-3, None)),   # D and E equal in figure: points decide
        (5, "E", -3, -40, 0, (None, -3)),
    ]
    by_place = [(s.rank, s.player, s.figure) for s in series_ranking([one, two], "placement")]
    # n = 4: 4, 3, 2, 1 for ranks 1 … 4
    assert by_place == [(1, "B", 7), (2, "A", 6), (3, "C", 5), (4, "D", 1), (5, "E", 1)]
    shared = _evening({"P": 20, "Q": 20, "R": -20, "S": -20})  # ties: 2, 2, -2, -2
    assert [(s.rank, s.player, s.figure, s.won) for s in series_ranking([shared])] == [
        (1, "P", 2, 1), (1, "Q", 2, 1), (3, "R", -2, 0), (3, "S", -2, 0)]
    assert series_ranking([]) == []


def _new_club(app: Any, players: tuple[str, ...], seed: int) -> Club:
    club = Club(app, app.test_client())
    club.create(players, rounds=1)
    club.draw(seed=seed)
    club.start(1)
    club.play_round(1)
    club.end(1)
    return club


def test_a_year_over_two_club_evenings_page_pdf_csv(app, client):
    first = _new_club(app, NINE, 3)
    second = _new_club(app, NINE[:4] + ("Jan", "Kai", "Lea", "Mia"), 4)
    one, two = first.expected(NINE), second.expected(NINE[:4] + ("Jan", "Kai", "Lea", "Mia"))
    # the sum of each evening's figure, by hand from the core's evening rankings
    figure: dict[str, int] = {}
    for standings in (one, two):
        for s in standings:
            figure[s.player] = figure.get(s.player, 0) + s.figure
    page = first.client.get(first.home).text
    assert 'id="vereinsmeisterschaft"' in page
    nameless = first.client.post(first.home + "vereinsmeisterschaft",
                                 data={"name": "  ", "ranking": "sum"}, follow_redirects=True)
    flashed = re.search(r'class="flash flash--error"[^>]*>([^<]*)<', nameless.text)
    assert flashed and "Name der Vereinsmeisterschaft" in flashed.group(1), flashed
    made = first.client.post(first.home + "vereinsmeisterschaft",
                             data={"name": "VM 2026", "ranking": "sum"})
    assert made.status_code == 302
    series = made.location
    with app.app_context():
        from scorer import services
        from scorer.store.extensions import db

        read_link = services.find_tournament(second.token).read_token
        db.session.remove()
    added = client.post(series + "abende", data={"link": f"http://x/t/{read_link}/rangliste"})
    assert added.status_code == 302
    shown = client.get(series).text
    assert "„Vereinsabend“ zählt jetzt mit." in shown
    rows = re.findall(r'<tr data-player="([^"]+)"><td class="num" data-rank>(\d+)\.</td>.*?'
                      r'data-figure><strong>([^<]+)</strong>', shown, re.S)
    assert {name: fig for name, _rank, fig in rows} == {
        name: ("+" if v > 0 else "−" if v < 0 else "") + str(abs(v))
        for name, v in figure.items()}
    assert len(rows) == 13  # nine, and four more
    best = max(figure.values())
    assert figure[rows[0][0]] == best and rows[0][1] == "1"
    # an evening chosen before it began counts nothing yet (no one won it)
    later = Club(app, app.test_client())
    later.create(("Anna", "Ben", "Cem", "Dora"), rounds=1)
    client.post(series + "abende", data={"link": later.token})
    shown = client.get(series).text
    assert "(zählt, sobald eine Runde begonnen hat)" in shown
    assert "2 Abende gespielt" in shown
    table = list(csv.reader(io.StringIO(client.get(series + "tabelle.csv").data.decode(
        "utf-8-sig")), delimiter=";"))
    assert len(table[0]) == 2 + 2 + 3 and {r[1]: int(r[-3]) for r in table[1:]} == figure
    # the same again is refused, and a link that is none
    again = client.post(series + "abende", data={"link": first.token}, follow_redirects=True)
    assert "zählt schon mit" in again.text
    wrong = client.post(series + "abende", data={"link": "http://x/t/nichts/"},
                        follow_redirects=True)
    assert "kein Link eines Turniers" in wrong.text
    # CSV
    answer = client.get(series + "tabelle.csv")
    table = list(csv.reader(io.StringIO(answer.data.decode("utf-8-sig")), delimiter=";"))
    assert table[0][0] == "Platz" and table[0][-3:] == ["Summe", "Pkt", "Siege"]
    assert {r[1]: int(r[-3]) for r in table[1:]} == figure
    absent = next(r for r in table[1:] if r[1] == "Jan")
    assert absent[2] == ""  # not at the first evening
    # PDF
    pdf = fetch_pdf(client, series + "ergebnis.pdf")
    assert pdf.status_code == 200
    text = " ".join(visible_text(pdf.data))
    assert "VM 2026" in text and "Summe der Abendwertungen" in text
    # the read link looks and chooses nothing
    with app.app_context():
        from scorer.services import club_more

        found = club_more.find_series(series.split("/")[2])
        read = found.read_token
        db.session.remove()
    assert client.get(f"/vm/{read}/").status_code == 200
    assert "Abend hinzufügen" not in client.get(f"/vm/{read}/").text
    assert client.post(f"/vm/{read}/abende", data={"link": first.token}).status_code == 403
    # placement points instead: n + 1 - rank per evening
    client.post(series + "einstellungen", data={"name": "VM 2026", "ranking": "placement"})
    points: dict[str, int] = {}
    for standings in (one, two):
        for s in standings:
            points[s.player] = points.get(s.player, 0) + len(standings) + 1 - s.rank
    table = list(csv.reader(io.StringIO(client.get(series + "tabelle.csv").data.decode(
        "utf-8-sig")), delimiter=";"))
    assert {r[1]: int(r[-3]) for r in table[1:]} == points
    # an evening taken out counts no more
    with app.app_context():
        tid = services.find_tournament(second.token).id
        db.session.remove()
    client.post(series + f"abende/{tid}/entfernen")
    table = list(csv.reader(io.StringIO(client.get(series + "tabelle.csv").data.decode(
        "utf-8-sig")), delimiter=";"))
    assert len(table) == 1 + 9


def test_the_other_club_evenings_of_the_runde_are_offered(app, client, table):
    table.create_group(preset="bockrunde", players=("Anna", "Ben"))
    made = []
    for _evening_number in (1, 2):
        club = Club(app, client)
        club.create(NINE[:4], rules="runde", rounds=1, url=f"/r/{table.token}/turnier/neu",
                    preset="bockrunde")
        made.append(club)
    elsewhere = Club(app, client)
    elsewhere.create(NINE[:4], rounds=1)  # not made in the Runde: not offered
    series = client.post(made[0].home + "vereinsmeisterschaft",
                         data={"name": "VM", "ranking": "sum"}).location
    page = client.get(series).text
    offered = re.findall(r'<input type="hidden" name="link" value="([^"]+)">', page)
    with app.app_context():
        from scorer import services
        from scorer.store.extensions import db

        second = services.find_tournament(made[1].token).read_token
        db.session.remove()
    assert offered == [second]
    client.post(series + "abende", data={"link": second})
    page = client.get(series).text
    assert "Weitere Vereinsabende derselben Runde" not in page
    assert page.count("(zählt, sobald eine Runde begonnen hat)") == 2


def test_every_route_of_a_series_refuses_strangers_and_the_read_link_only_looks(app, client):
    """Each /vm/ route, as tests/test_web_trust.py does for a Runde's: a token that does not
    exist is a 404 (a NUL byte a 400); the read link GETs and is refused every POST; nothing
    changes."""
    first = _new_club(app, NINE, 3)
    made = first.client.post(first.home + "vereinsmeisterschaft",
                             data={"name": "VM", "ranking": "sum"})
    edit = made.location.split("/")[2]
    with app.app_context():
        from scorer.services import club_more
        from scorer.store.extensions import db

        found = club_more.find_series(edit)
        read, evening = found.read_token, found.evenings[0].tournament_id
        db.session.remove()
    rules = [(r.endpoint, m, r.rule) for r in app.url_map.iter_rules()
             if r.rule.startswith("/vm/") for m in sorted(r.methods - {"HEAD", "OPTIONS"})]
    assert {e for e, _, _ in rules} >= {"club_series.show", "club_series.add",
                                        "club_series.remove", "club_series.settings"}

    def url(rule: str, token: str) -> str:
        values = {"token": token, "tournament_id": str(evening)}
        return re.sub(r"<(?:int:)?(\w+)>", lambda m: values[m.group(1)], rule)

    before = client.get(f"/vm/{edit}/tabelle.csv").data
    for endpoint, method, rule in rules:
        for stranger in ("x" * 32, "-", edit[:-1]):
            answer = client.open(url(rule, stranger), method=method, data={"name": "Mallory"})
            assert answer.status_code == 404, (endpoint, method, stranger)
        assert client.open(url(rule, "%00"), method=method).status_code == 400, endpoint
        answer = client.open(url(rule, read), method=method,
                             data={"name": "Mallory", "ranking": "placement",
                                   "link": first.token})
        expected = (200, 202) if method == "GET" else (403,)
        assert answer.status_code in expected, (endpoint, method, answer.status_code)
    assert client.get(f"/vm/{edit}/tabelle.csv").data == before
