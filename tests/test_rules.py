"""House rules: the six presets against the RULES.md §8 table, overrides, impossible options."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scorer.core.rules import (
    PRESETS,
    BockStacking,
    BockTrigger,
    HouseRules,
    InvalidInput,
    InvalidRules,
    closest_preset,
    differences,
    preset,
    rules_from_spec,
)

NAMES = ("ddv", "grundregeln", "voss", "orbital", "kuss-rosa", "bockrunde")

# RULES.md §8, typed in by hand, one row per option, columns in the order
# ddv | grundregeln | voss | orbital | kuss-rosa | bockrunde. Where the table says "–" the
# bracketed stored value is used. Sets are compared as sets, bock_triggers in §7 order.
FOUR = {"doppelkopf", "fuchs_gefangen", "karlchen", "karlchen_gefangen"}
DDV_EXTRAS = {"doppelkopf", "fuchs_gefangen", "karlchen"}
DDV_SOLOS = {"damen", "buben", "fleischlos", "kreuz", "pik", "herz", "karo"}
TABLE: dict[str, tuple[Any, ...]] = {
    "deck": (48, 48, 40, 40, 40, 48),
    "announcements": ("plus2", "plus2", "double", "doppelt", "double", "double"),
    "extras_doubled": (False, False, True, False, True, True),
    "extras": (DDV_EXTRAS, DDV_EXTRAS,
               FOUR | {"fuchs_letzter_stich", "herzstich"}, FOUR, FOUR, FOUR),
    "gegen_die_alten": (True, True, True, True, True, True),
    "gegen_die_alten_after_armut": (False, False, False, False, False, False),
    "gegen_die_alten_in_solo": (False, False, False, False, False, False),
    "extras_in_solo": ("none", "none", "doppelkopf", "all_but_fuchs", "trumpfsolo", "all"),
    "solo_point": ("off", "off", "off", "off", "solo", "solo_and_hochzeit"),
    "schwarz_point": (True, False, True, True, True, True),
    "solo_absagen": (True, True, True, True, False, True),
    "against_points": (True, True, False, True, False, False),
    "kontra_only_shift": (True, True, False, True, False, True),
    "sixty_rule": (False, False, True, False, False, False),
    "bock_triggers": ([], [], [], [], [], ["tie_120", "lost_announcement", "zero_game"]),
    "bock_stacking": ("append",) * 6,
    "bock_effect": ("multiply",) * 6,
    "bock_cap": (0,) * 6,
    "bock_pause_forced": (False,) * 6,
    "bock_at_end": ("drop",) * 6,
    "dealer_after_solo": ("stay_pflicht", "stay_pflicht", "stay_until_third", "advance",
                          "advance", "stay"),
    "dealer_after_redeal": ("stay",) * 6,
    "pflichtsolo": (True, True, True, False, False, False),
    "first_solo_is_pflicht": (True, False, False, False, False, False),
    "pflichtsolo_forced": ("within", "after", "after", "within", "within", "within"),
    "game_kinds": (set(), set(), {"armut", "hammelrennen", "schwarze_sau"}, {"armut"},
                   {"armut"}, {"armut"}),
    "solo_kinds": (DDV_SOLOS, DDV_SOLOS,
                   {"damen", "buben", "damen_buben", "kreuz", "pik", "herz", "karo"},
                   DDV_SOLOS | {"damen_buben"}, {"damen", "buben", "karo"}, DDV_SOLOS),
}
CELLS = [pytest.param(option, name, values[i], id=f"{name}.{option}")
         for option, values in TABLE.items() for i, name in enumerate(NAMES)]


def test_the_hand_typed_table_covers_every_option_of_house_rules() -> None:
    assert set(TABLE) == {f.name for f in dataclasses.fields(HouseRules)}


def test_there_are_exactly_the_six_presets_of_rules_md() -> None:
    assert set(PRESETS) == set(NAMES)


@pytest.mark.parametrize(("option", "name", "expected"), CELLS)
def test_preset_option_matches_the_rules_md_table(option: str, name: str, expected: Any) -> None:
    stored = preset(name).to_dict()[option]
    if isinstance(expected, set):
        assert len(stored) == len(set(stored)), "no duplicates in a listed set"
        stored = set(stored)
    assert stored == expected


def test_bockrunde_lists_its_solo_kinds_in_the_sheet_order() -> None:
    # bockrunde.txt names the Farbsoli first, then Damen, Buben, Fleischloser.
    assert preset("bockrunde").to_dict()["solo_kinds"] == [
        "kreuz", "pik", "herz", "karo", "damen", "buben", "fleischlos"]


@pytest.mark.parametrize(("name", "tricks"), [("ddv", 12), ("voss", 10)])
def test_tricks_follow_the_deck(name: str, tricks: int) -> None:
    # 48 cards / 4 players = 12 tricks, 40 cards = 10.
    assert preset(name).tricks == tricks


def test_a_preset_id_and_the_preset_object_give_the_same_rules() -> None:
    assert rules_from_spec("voss") is PRESETS["voss"]
    assert rules_from_spec(PRESETS["voss"]) is PRESETS["voss"]
    assert rules_from_spec({"preset": "voss"}) == PRESETS["voss"]


@pytest.mark.parametrize(("spec", "changed"), [
    pytest.param({"preset": "ddv", "deck": 40}, {"deck": 40}, id="ddv-with-40-cards"),
    pytest.param({"preset": "ddv", "bock_triggers": ["lost_solo", "schwarz"]},
                 {"bock_triggers": ["lost_solo", "schwarz"]}, id="ddv-with-bock"),
    pytest.param({"preset": "ddv", "bock_triggers": ["herzstich", "tie_120"], "deck": 40,
                  "extras": ["doppelkopf", "herzstich"]},
                 {"bock_triggers": ["tie_120", "herzstich"], "deck": 40,
                  "extras": ["doppelkopf", "herzstich"]},
                 id="triggers-are-stored-in-rules-md-order"),
    pytest.param({"preset": "bockrunde", "bock_triggers": "none"}, {"bock_triggers": []},
                 id="none-clears-a-list"),
    pytest.param({"preset": "bockrunde", "bock_triggers": None}, {"bock_triggers": []},
                 id="null-clears-a-list"),
    pytest.param({"preset": "bockrunde", "bock_stacking": "multiply"},
                 {"bock_stacking": "multiply"}, id="bockrunde-multiply"),
    pytest.param({"preset": "voss", "sixty_rule": False, "kontra_only_shift": True},
                 {"sixty_rule": False, "kontra_only_shift": True}, id="voss-without-60er"),
    # The allowed solos are a set: ticked in any order they follow the preset's order, and
    # the same set in another order is no change (issue 11: "Abweichend von Bockrunde").
    pytest.param({"preset": "kuss-rosa", "solo_kinds": ["karo", "damen"]},
                 {"solo_kinds": ["damen", "karo"]}, id="solo-kinds-follow-the-presets-order"),
    pytest.param({"preset": "bockrunde", "solo_kinds": [
        "damen", "buben", "fleischlos", "kreuz", "pik", "herz", "karo"]}, {},
                 id="the-same-solos-in-another-order-change-nothing"),
    pytest.param({"preset": "kuss-rosa", "solo_kinds": ["fleischlos", "karo", "kreuz"]},
                 {"solo_kinds": ["karo", "fleischlos", "kreuz"]},
                 id="solos-the-preset-lacks-come-after-its-own"),
    pytest.param({"preset": "orbital", "gegen_die_alten_after_armut": True},
                 {"gegen_die_alten_after_armut": True}, id="orbital-gda-after-armut"),
    pytest.param({"preset": "ddv", "deck": 48}, {}, id="setting-the-same-value-changes-nothing"),
    # RULES.md §9: each further option is off in every preset and switched on as a Hausregel.
    pytest.param({"preset": "ddv", "gegen_die_alten_in_solo": True},
                 {"gegen_die_alten_in_solo": True}, id="9.1-gegen-die-alten-in-solo"),
    pytest.param({"preset": "bockrunde", "bock_effect": "add"}, {"bock_effect": "add"},
                 id="9.2-bock-adds"),
    pytest.param({"preset": "bockrunde", "bock_stacking": "multiply", "bock_cap": 8},
                 {"bock_stacking": "multiply", "bock_cap": 8}, id="9.3-bock-capped-at-8"),
    pytest.param({"preset": "bockrunde", "bock_stacking": "merge"}, {"bock_stacking": "merge"},
                 id="9.4-merge"),
    pytest.param({"preset": "bockrunde", "bock_stacking": "restart"},
                 {"bock_stacking": "restart"}, id="9.4-restart"),
    pytest.param({"preset": "bockrunde", "bock_stacking": "ignore"}, {"bock_stacking": "ignore"},
                 id="9.4-ignore"),
    pytest.param({"preset": "bockrunde", "bock_triggers": ["manual", "tie_120"]},
                 {"bock_triggers": ["tie_120", "manual"]},
                 id="9.5-manual-is-listed-last-in-rules-md-order"),
    pytest.param({"preset": "ddv", "extras": ["doppelkopf", "dulle_gefangen"]},
                 {"extras": ["doppelkopf", "dulle_gefangen"]}, id="9.6-dulle-gefangen"),
    pytest.param({"preset": "ddv", "bock_triggers": ["lost_solo"], "bock_pause_forced": True},
                 {"bock_triggers": ["lost_solo"], "bock_pause_forced": True},
                 id="9.7-bock-pauses-for-forced-pflichtsoli"),
    # "Only under multiply (no effect otherwise)": a cap under append is kept, not refused.
    pytest.param({"preset": "bockrunde", "bock_cap": 4}, {"bock_cap": 4},
                 id="9.3-a-cap-without-multiply-is-accepted"),
])
def test_overrides_change_exactly_the_named_options(spec: dict[str, Any],
                                                    changed: dict[str, Any]) -> None:
    rules = rules_from_spec(spec)
    assert differences(rules, PRESETS[spec["preset"]]) == changed


def test_overridden_rules_stay_frozen() -> None:
    rules = rules_from_spec({"preset": "ddv", "deck": 40})
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.deck = 48  # type: ignore[misc]


def test_an_override_is_closest_to_the_preset_it_came_from() -> None:
    rules = rules_from_spec({"preset": "kuss-rosa", "solo_point": "off"})
    assert closest_preset(rules) == "kuss-rosa"
    assert all(closest_preset(PRESETS[name]) == name for name in NAMES)


# Combinations RULES.md calls impossible, each with the field that must be named.
@pytest.mark.parametrize(("spec", "field"), [
    pytest.param({"preset": "ddv", "extras_doubled": True}, "rules.extras_doubled",
                 id="plus2-never-doubles-extras"),
    pytest.param({"preset": "voss", "deck": 48}, "rules.extras",
                 id="herzstich-only-with-40-cards"),
    pytest.param({"preset": "ddv", "deck": 44}, "rules.deck", id="deck-is-40-or-48"),
    pytest.param({"preset": "ddv", "bock_triggers": ["herzstich"]}, "rules.bock_triggers",
                 id="herzstich-bock-needs-the-herzstich-extra"),
    pytest.param({"preset": "ddv", "bock_triggers": ["tie_120", "tie_120"]},
                 "rules.bock_triggers", id="a-trigger-only-once"),
    pytest.param({"preset": "orbital", "gegen_die_alten": False,
                  "gegen_die_alten_after_armut": True},
                 "rules.gegen_die_alten_after_armut", id="after-armut-needs-gegen-die-alten"),
    pytest.param({"preset": "ddv", "gegen_die_alten_after_armut": True},
                 "rules.gegen_die_alten_after_armut", id="after-armut-needs-armut"),
    pytest.param({"preset": "voss", "extras": ["fuchs_gefangen"]}, "rules.extras_in_solo",
                 id="doppelkopf-in-solo-needs-the-doppelkopf-extra"),
    pytest.param({"preset": "orbital", "first_solo_is_pflicht": True},
                 "rules.first_solo_is_pflicht", id="first-solo-needs-pflichtsolo"),
    pytest.param({"preset": "ddv", "pflichtsolo": False, "first_solo_is_pflicht": False},
                 "rules.dealer_after_solo", id="stay-pflicht-needs-pflichtsolo"),
    pytest.param({"preset": "ddv", "game_kinds": ["solo"]}, "rules.game_kinds",
                 id="only-optional-kinds-are-selectable"),
    pytest.param({"preset": "ddv", "solo_kinds": ["damen", "damen"]}, "rules.solo_kinds",
                 id="a-solo-kind-only-once"),
    # §9.1 "On (with gegen_die_alten on)".
    pytest.param({"preset": "ddv", "gegen_die_alten": False, "gegen_die_alten_in_solo": True},
                 "rules.gegen_die_alten_in_solo", id="in-solo-needs-gegen-die-alten"),
    # §9.3 "0 or a factor 2, 4, 8 …".
    pytest.param({"preset": "bockrunde", "bock_cap": 3}, "rules.bock_cap",
                 id="a-cap-is-a-power-of-two"),
    pytest.param({"preset": "bockrunde", "bock_cap": 1}, "rules.bock_cap",
                 id="a-cap-of-1-is-no-factor"),
    pytest.param({"preset": "bockrunde", "bock_cap": -8}, "rules.bock_cap",
                 id="a-negative-cap"),
    pytest.param({"preset": "bockrunde", "bock_cap": 2**31}, "rules.bock_cap",
                 id="a-cap-above-the-highest-bock-factor"),
])
def test_impossible_combination_is_rejected_naming_the_option(spec: dict[str, Any],
                                                              field: str) -> None:
    with pytest.raises(InvalidRules) as err:
        rules_from_spec(spec)
    assert field in [f for f, _ in err.value.problems]


def test_house_rules_validate_themselves_when_built_directly() -> None:
    with pytest.raises(InvalidRules) as err:
        HouseRules(deck=40, bock_triggers=(BockTrigger.HERZSTICH,),
                   bock_stacking=BockStacking.MULTIPLY)
    assert err.value.field == "rules.bock_triggers"


@pytest.mark.parametrize(("spec", "field"), [
    pytest.param({"preset": "ddv", "bockrunden": True}, "rules.bockrunden", id="unknown-option"),
    pytest.param({"preset": "skat"}, "rules", id="unknown-preset-in-an-object"),
    pytest.param("skat", "rules", id="unknown-preset-id"),
    pytest.param(["ddv"], "rules", id="a-list-is-no-rule-set"),
    pytest.param(None, "rules", id="null-is-no-rule-set"),
    pytest.param({"preset": ["ddv"]}, "rules", id="unhashable-preset"),
    pytest.param({"deck": 40}, "rules.preset", id="object-without-preset"),
    pytest.param({"preset": "ddv", "announcements": "triple"}, "rules.announcements",
                 id="unknown-enum-value"),
    pytest.param({"preset": "ddv", "announcements": None}, "rules.announcements",
                 id="null-enum-value"),
    pytest.param({"preset": "ddv", "sixty_rule": "yes"}, "rules.sixty_rule",
                 id="bool-option-needs-a-bool"),
    pytest.param({"preset": "ddv", "sixty_rule": 1}, "rules.sixty_rule",
                 id="one-is-no-bool"),
    pytest.param({"preset": "ddv", "deck": "48"}, "rules.deck", id="deck-as-a-string"),
    pytest.param({"preset": "ddv", "deck": True}, "rules.deck", id="deck-as-a-bool"),
    pytest.param({"preset": "ddv", "extras": "doppelkopf"}, "rules.extras",
                 id="a-set-option-needs-a-list"),
    pytest.param({"preset": "ddv", "extras": ["doppelkopf", "schweinchen"]}, "rules.extras[1]",
                 id="unknown-list-member-names-its-index"),
    pytest.param({"preset": "ddv", "solo_kinds": [["damen"]]}, "rules.solo_kinds[0]",
                 id="unhashable-list-member"),
    pytest.param({"preset": "ddv", "bock_effect": "square"}, "rules.bock_effect",
                 id="unknown-bock-effect"),
    pytest.param({"preset": "ddv", "bock_stacking": "stack"}, "rules.bock_stacking",
                 id="unknown-stacking-mode"),
    pytest.param({"preset": "ddv", "bock_cap": "8"}, "rules.bock_cap", id="cap-as-a-string"),
    pytest.param({"preset": "ddv", "bock_cap": True}, "rules.bock_cap", id="cap-as-a-bool"),
    pytest.param({"preset": "ddv", "bock_cap": 8.0}, "rules.bock_cap", id="cap-as-a-float"),
    pytest.param({"preset": "ddv", "bock_pause_forced": "on"}, "rules.bock_pause_forced",
                 id="pause-needs-a-bool"),
    pytest.param({"preset": "ddv", "gegen_die_alten_in_solo": 1},
                 "rules.gegen_die_alten_in_solo", id="in-solo-needs-a-bool"),
])
def test_unknown_options_and_values_are_rejected_naming_the_field(spec: Any, field: str) -> None:
    with pytest.raises(InvalidRules) as err:
        rules_from_spec(spec)
    assert err.value.field == field
    assert isinstance(err.value, InvalidInput) and isinstance(err.value, ValueError)


def test_every_bad_option_of_one_spec_is_reported_at_once() -> None:
    with pytest.raises(InvalidRules) as err:
        rules_from_spec({"preset": "ddv", "foo": 1, "deck": "x", "solo_point": "maybe"})
    assert sorted(f for f, _ in err.value.problems) == ["rules.deck", "rules.foo",
                                                        "rules.solo_point"]


def test_the_error_message_is_field_colon_message() -> None:
    with pytest.raises(InvalidRules) as err:
        rules_from_spec({"preset": "ddv", "extras_doubled": True})
    assert str(err.value).startswith("rules.extras_doubled: ")
    assert err.value.message


def test_invalid_input_needs_at_least_one_problem() -> None:
    with pytest.raises(ValueError):
        InvalidInput([])


@pytest.mark.parametrize(("spec", "field"), [
    pytest.param({"preset": "ddv", "line\nbreak": 1}, "rules.'line\\nbreak'",
                 id="a-newline-in-an-unknown-option-stays-on-one-line"),
    pytest.param({"preset": "ddv", "x" * 1000: 1}, "rules.'" + "x" * 12 + "..." + "x" * 13 + "'",
                 id="a-very-long-unknown-option-is-shortened"),
])
def test_an_unknown_option_is_named_on_one_short_line(spec: dict[str, Any], field: str) -> None:
    # CLI.md: one line per problem, each naming the field.
    with pytest.raises(InvalidRules) as err:
        rules_from_spec(spec)
    assert err.value.field == field


def test_a_huge_or_deeply_nested_value_is_shown_short_in_the_message() -> None:
    deep: Any = "x"
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(InvalidRules) as err:
        rules_from_spec({"preset": "ddv", "announcements": deep})
    assert len(err.value.message) < 200 and "\n" not in err.value.message
