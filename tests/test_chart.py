"""The SVG charts of running totals (scorer.words.chart), read back with xml.etree."""

from __future__ import annotations

import ast
import doctest
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import scorer.words.chart
from scorer.words.chart import WIDTH, evening_chart, ranking_chart, season_chart

SVG = "{http://www.w3.org/2000/svg}"
SEATS = ["Anna", "Ben", "Cem", "Dora", "Emil", "Finn", "Gül"]


def _running(seats, games):
    """Running totals of a made-up evening: game k moves k % 5 + 1 points, four play."""
    totals = dict.fromkeys(seats, 0)
    out = []
    for k in range(games):
        four = [seats[(k + j) % len(seats)] for j in range(4)]
        value = k % 5 + 1
        for j, name in enumerate(four):
            totals[name] += value if j in ((k % 3), 3) else -value
        out.append(dict(totals))
    return out


def _points(polyline):
    return [tuple(float(c) for c in pair.split(","))
            for pair in polyline.get("points").split()]


def _parse(svg):
    return ET.fromstring(svg)


def test_chart_imports_only_the_standard_library():
    # ... and the pure module that shortens names for every narrow place alike.
    tree = ast.parse(Path(scorer.words.chart.__file__).read_text(encoding="utf-8"))
    modules = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
               for alias in node.names}
    modules |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert {m for m in modules if m.split(".")[0] not in sys.stdlib_module_names} == {
        "scorer.words.short_names"}


def test_the_worked_example_in_the_docstring_holds():
    assert doctest.testmod(scorer.words.chart).failed == 0


@pytest.mark.parametrize(
    ("players", "games"),
    [(4, 0), (4, 1), (5, 24), (6, 60), (7, 80), (7, 300)],
    ids=["4-players-no-game", "4-players-one-game", "5-players-24-games",
         "6-players-60-games", "7-players-80-games", "7-players-300-games"],
)
def test_every_player_gets_one_polyline_with_a_point_per_game_plus_the_start(players, games):
    seats = SEATS[:players]
    root = _parse(evening_chart(seats, _running(seats, games)))
    lines = root.findall(f".//{SVG}polyline")
    assert [line.find(f"{SVG}title").text for line in lines] == seats
    assert [len(_points(line)) for line in lines] == [games + 1] * players


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_the_legend_names_everybody_and_every_line_looks_different(players):
    seats = SEATS[:players]
    root = _parse(evening_chart(seats, _running(seats, 10)))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert all(name in texts for name in seats)
    lines = root.findall(f".//{SVG}polyline")
    assert len({line.get("stroke") for line in lines}) == players
    assert len({(line.get("stroke"), line.get("stroke-dasharray")) for line in lines}) == players


def test_long_names_cut_in_the_legend_still_tell_the_players_apart():
    # Nine characters fit a legend entry: the two Maximilians would both read "Maximili…".
    seats = ["Maximilian-Alexander", "Maximilian-Andreas", "Anna", "Christophorus"]
    root = _parse(evening_chart(seats, _running(seats, 3)))
    legend = [t.text for t in root.iter(f"{SVG}text")][-4:]
    assert legend == ["Maximilian-Al…", "Maximilian-An…", "Anna", "Christop…"]


def test_every_label_is_readable_on_a_phone():
    # Walk-through finding: at 9 units in the 360-unit viewBox the axis labels were about 8 px
    # on a phone's card (some 330 px wide). Every text is at least 11 units: 10 px there.
    seats = ["Anna", "Ben", "Cem", "Dora", "Emil"]
    root = _parse(evening_chart(seats, _running(seats, 24)))
    sizes = {float(g.get("font-size")) for g in root.iter(f"{SVG}g") if g.get("font-size")}
    sizes |= {float(t.get("font-size")) for t in root.iter(f"{SVG}text") if t.get("font-size")}
    texts = [t for t in root.iter(f"{SVG}text")]
    assert texts and sizes and min(sizes) >= 11, sizes


def test_the_chart_scales_by_its_viewbox_and_stays_inside_it():
    seats = SEATS[:7]
    root = _parse(evening_chart(seats, _running(seats, 300)))
    x0, y0, width, height = (float(v) for v in root.get("viewBox").split())
    assert (x0, y0, width) == (0, 0, WIDTH)
    assert root.get("width") is None and root.get("height") is None
    for line in root.iter(f"{SVG}polyline"):
        assert all(0 <= x <= width and 0 <= y <= height for x, y in _points(line))


def test_a_date_under_the_first_evening_is_not_cut_at_the_left_edge():
    # Tester finding: the season's "who led when" printed "0.11." for "20.11.": a label is
    # centred on its position, and the first position sat closer to the edge than half its
    # width. Estimated with a generous glyph width (0.62 of the font size for digits).
    from scorer.words.chart import ranking_chart

    root = _parse(ranking_chart([("20.11.", {"A": 1, "B": 2}), ("27.11.", {"A": 2, "B": 1})]))
    size = float(root.find(f".//{SVG}g[@text-anchor='middle']").get("font-size"))
    for label in root.findall(f".//{SVG}g[@text-anchor='middle']/{SVG}text"):
        half = len(label.text) * size * 0.62 / 2
        assert float(label.get("x")) - half >= 0, label.text


def test_a_higher_total_is_drawn_higher_and_everybody_starts_on_the_zero_line():
    # After two games: Anna +1, Ben −1, Cem +5, Dora −5.
    totals = [{"Anna": 3, "Ben": -3, "Cem": 3, "Dora": -3},
              {"Anna": 1, "Ben": -1, "Cem": 5, "Dora": -5}]
    root = _parse(evening_chart(SEATS[:4], totals))
    last = {line.find(f"{SVG}title").text: _points(line)[-1][1]
            for line in root.iter(f"{SVG}polyline")}
    assert last["Cem"] < last["Anna"] < last["Ben"] < last["Dora"]
    starts = {_points(line)[0] for line in root.iter(f"{SVG}polyline")}
    zero_line = [line for line in root.iter(f"{SVG}line") if line.get("stroke") == "#777777"
                 and line.get("y1") == line.get("y2")]
    assert len(starts) == 1
    assert [float(zero_line[0].get("y1"))] == [y for _, y in starts]


def test_names_are_escaped_and_the_markup_carries_no_script_handler_or_style():
    seats = ['<script>alert("x")</script>', "Ben & Jerry", 'Cem "der Große"', "Dora"]
    svg = evening_chart(seats, _running(seats, 5))
    root = _parse(svg)
    assert [t.text for t in root.iter(f"{SVG}title")][1:] == seats
    assert "<script" not in svg
    for element in root.iter():
        assert not {a for a in element.attrib if a.lower().startswith("on") or a == "style"}


@pytest.mark.parametrize("games", [1, 9, 24, 80, 300])
def test_game_numbers_on_the_x_axis_stay_few_enough_to_read(games):
    root = _parse(evening_chart(SEATS[:4], _running(SEATS[:4], games)))
    numbers = [int(t.text) for t in root.iter(f"{SVG}text") if t.get("y") and t.text.isdigit()
               and t.get("x") and float(t.get("y")) > 185]
    assert 1 <= len(numbers) <= 12
    assert numbers == sorted(numbers) and numbers[-1] <= games


def test_the_season_chart_adds_up_each_evening_and_a_missing_player_runs_flat():
    evenings = [("01.02.", {"Anna": 10, "Ben": -10}),
                ("08.02.", {"Anna": -4, "Ben": 0, "Cem": 4})]
    root = _parse(season_chart(evenings))
    lines = {line.find(f"{SVG}title").text: _points(line)
             for line in root.iter(f"{SVG}polyline")}
    assert list(lines) == ["Anna", "Ben", "Cem"]
    assert all(len(points) == 3 for points in lines.values())
    # Season standings: Anna 0, 10, 6; Ben 0, −10, −10; Cem 0, 0, 4.
    assert lines["Cem"][0][1] == lines["Cem"][1][1] == lines["Anna"][0][1]
    assert lines["Ben"][1][1] == lines["Ben"][2][1]
    assert lines["Anna"][2][1] < lines["Cem"][2][1] < lines["Ben"][2][1]
    assert "08.02." in [t.text for t in root.iter(f"{SVG}text")]


def test_a_player_who_came_later_is_drawn_from_the_game_they_came_after():
    """Emil sits down after game 2 (RULES.md §7) and deals game 3: his line starts there,
    Anna's at 0."""
    from scorer.core.evening import evening

    ledger = evening({"rules": "ddv", "seats": ["Anna", "Ben", "Cem", "Dora"],
                      "first_dealer": "Anna", "games": [
                          {"re": ["Anna", "Ben"], "re_eyes": 151},
                          {"re": ["Cem", "Dora"], "re_eyes": 151},
                          {"table": ["Anna", "Ben", "Cem", "Dora", "Emil"], "dealer": "Emil"},
                          {"re": ["Ben", "Cem"], "re_eyes": 151},
                          {"re": ["Cem", "Dora"], "re_eyes": 151}]})
    assert ledger.arrivals == {"Emil": 2}
    svg = _parse(evening_chart(ledger.players, [g.totals for g in ledger.games],
                               ledger.arrivals))
    lines = {p.find(f"{SVG}title").text: _points(p) for p in svg.iter(f"{SVG}polyline")}
    assert len(lines["Anna"]) == 5 and len(lines["Emil"]) == 3
    # Emil's first point is where everybody stood after game 2, at his 0.
    assert lines["Emil"][0][0] == lines["Anna"][2][0]
    assert lines["Emil"][0][1] == lines["Anna"][0][1]  # the zero line


def test_who_led_when_puts_the_first_place_at_the_top_and_starts_late_players_late():
    # After evening 1 Anna leads, Ben second; after evening 2 Ben leads; Cem is ranked
    # from evening 2 on (first too few games), Dora from evening 3.
    svg = ranking_chart([("08.01.", {"Anna": 1, "Ben": 2, "Cem": None}),
                         ("15.01.", {"Anna": 2, "Ben": 1, "Cem": 3}),
                         ("22.01.", {"Anna": 2, "Ben": 1, "Cem": 4, "Dora": 3})])
    root = _parse(svg)
    lines = {line.find(f"{SVG}title").text: _points(line) for line in root.iter(f"{SVG}polyline")}
    assert list(lines) == ["Anna", "Ben", "Cem", "Dora"]
    assert [len(points) for points in lines.values()] == [3, 3, 2, 1]
    anna, ben = lines["Anna"], lines["Ben"]
    assert anna[0][1] < ben[0][1] and anna[1][1] > ben[1][1]  # smaller y is higher up
    assert lines["Cem"][0][0] == anna[1][0]  # Cem's line begins at evening 2
    assert "−" not in svg  # places, never negative


def _markers(root):
    """Per polyline's colour, the path of its markers (drawn after it)."""
    return {p.get("fill") if p.get("fill") != "none" else p.get("stroke"): p.get("d")
            for p in root.iter(f"{SVG}path")}


@pytest.mark.parametrize("players", [4, 7])
def test_every_line_has_markers_of_its_own_shape_and_lines_on_top_of_each_other_show_both(
        players):
    # Two players with the same totals throughout: one line lies on the other. Their markers
    # take turns along the stretch, so both stay in view.
    seats = SEATS[:players]
    totals = _running(seats, 40)
    for after in totals:
        after[seats[1]] = after[seats[0]]
    root = _parse(evening_chart(seats, totals))
    markers = _markers(root)
    lines = root.findall(f".//{SVG}polyline")
    assert [markers[line.get("stroke")] is not None for line in lines] == [True] * players
    # Each marker is one absolute move to its place, then the same relative steps: its shape.
    shapes = [{re.sub(r"^-?[\d.]+,-?[\d.]+", "", m)
               for m in markers[line.get("stroke")].split("M")[1:]} for line in lines]
    assert all(len(shape) == 1 for shape in shapes)
    assert len({shape.pop() for shape in shapes}) == players
    first, second = (re.findall(r"M(-?[\d.]+),", markers[line.get("stroke")])
                     for line in lines[:2])
    assert set(first[:-1]).isdisjoint(second[:-1])  # on the shared line, never on one spot


def test_the_printed_chart_names_each_line_at_its_end_apart_from_each_other():
    seats = ["Anna", "Ben", "Cem", "Dora"]
    # Three ends close together (Anna 10, Ben 11, Cem 10) and Dora far below.
    totals = [{"Anna": 5, "Ben": 5, "Cem": -5, "Dora": -5},
              {"Anna": 10, "Ben": 11, "Cem": 10, "Dora": -31}]
    root = _parse(evening_chart(seats, totals, end_labels=True, legend=False))
    labels = {t.text: t for t in root.iter(f"{SVG}text") if t.text in seats}
    assert set(labels) == set(seats)
    ends = {line.find(f"{SVG}title").text: _points(line)[-1]
            for line in root.iter(f"{SVG}polyline")}
    assert all(float(labels[n].get("x")) > ends[n][0] for n in seats)
    ys = sorted(float(t.get("y")) for t in labels.values())
    assert min(b - a for a, b in zip(ys, ys[1:])) >= 9  # a label's height apart
    assert float(labels["Dora"].get("y")) == max(ys)


@pytest.mark.parametrize(("low", "high"), [(-103, 95), (-3, 41), (0, 7), (-250, 12)])
def test_the_y_axis_ends_near_the_highest_and_lowest_total(low, high):
    totals = [{"Anna": high, "Ben": low, "Cem": 0, "Dora": 0}]
    root = _parse(evening_chart(["Anna", "Ben", "Cem", "Dora"], totals))
    axis = next(line for line in root.iter(f"{SVG}line")
                if line.get("x1") == line.get("x2") and line.get("stroke") == "#777777")
    top, bottom = float(axis.get("y1")), float(axis.get("y2"))
    ends = [p[1] for line in root.iter(f"{SVG}polyline") for p in _points(line)]
    # The highest and the lowest total lie within a twentieth of the plot from its ends.
    assert min(ends) - top <= (bottom - top) / 20
    assert bottom - max(ends) <= (bottom - top) / 20


def test_a_line_of_thousands_of_games_keeps_its_extremes_at_a_fraction_of_the_points():
    # 6,000 games of small steps; Anna alone jumps to +500 after game 3001 and falls to −400
    # after game 4500, one game each: a thinned line must still show both, where they were.
    seats = SEATS[:5]
    totals = [{name: (k + j) % 7 - 3 for j, name in enumerate(seats)} for k in range(6000)]
    totals[3000] = {**totals[3000], "Anna": 500}
    totals[4499] = {**totals[4499], "Anna": -400}
    root = _parse(evening_chart(seats, totals))
    lines = {line.find(f"{SVG}title").text: _points(line) for line in root.iter(f"{SVG}polyline")}
    assert all(len(points) <= 1300 for points in lines.values())
    everywhere = [y for points in lines.values() for _, y in points]
    anna = lines["Anna"]
    (x0, _), (x_end, _) = anna[0], anna[-1]
    top = min(anna, key=lambda p: p[1])
    bottom = max(anna, key=lambda p: p[1])
    assert top[1] == min(everywhere) and bottom[1] == max(everywhere)
    # Positions 3001 and 4500 of 6000 (the start is position 0).
    assert top[0] == pytest.approx(x0 + (x_end - x0) * 3001 / 6000, abs=0.1)
    assert bottom[0] == pytest.approx(x0 + (x_end - x0) * 4500 / 6000, abs=0.1)


def test_a_narrow_chart_draws_a_thousand_games_through_fewer_points_and_keeps_the_extremes():
    # The printed sheet's chart (most_points=300): 1,000 games of small steps, Anna jumps to
    # +300 after game 601 and to −250 after game 900; both stay, where they were.
    seats = SEATS[:5]
    totals = [{name: (k + j) % 5 - 2 for j, name in enumerate(seats)} for k in range(1000)]
    totals[600] = {**totals[600], "Anna": 300}
    totals[899] = {**totals[899], "Anna": -250}
    root = _parse(evening_chart(seats, totals, most_points=300))
    lines = {line.find(f"{SVG}title").text: _points(line) for line in root.iter(f"{SVG}polyline")}
    assert all(len(points) <= 302 for points in lines.values())
    anna = lines["Anna"]
    (x0, _), (x_end, _) = anna[0], anna[-1]
    top = min(anna, key=lambda p: p[1])
    bottom = max(anna, key=lambda p: p[1])
    assert top[0] == pytest.approx(x0 + (x_end - x0) * 601 / 1000, abs=0.1)
    assert bottom[0] == pytest.approx(x0 + (x_end - x0) * 900 / 1000, abs=0.1)
