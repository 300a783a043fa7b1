"""Impossible rule combinations (issue 25, item 16): the forms do not offer what another
option rules out (the Herzstich with 48 cards), say why beside it, and a refusal is said at
the top of the page with a link to the option; the server still refuses by the field."""

from __future__ import annotations

import re
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from scorer.core.rules import PRESETS, REQUIREMENTS, InvalidRules, rules_from_spec


def option_post(table: Any, prefix: str = "", **options: Any) -> dict[str, Any]:
    """The option fields of the Runde's rules with ``options`` changed, as a form posts them."""
    data = table.evening_form((), **options)
    return {prefix + k.removeprefix("rules-"): v for k, v in data.items()
            if k.startswith("rules-")}


def test_the_herzstich_is_not_offered_with_48_cards_and_says_why(table, client):
    url = table.create_group(preset="ddv", players=())
    page = client.get(f"{url}regeln").text
    herzstich = re.search(r'<input type="checkbox" name="extras" value="herzstich"[^>]*>', page)
    assert herzstich and "disabled" in herzstich.group(0)
    assert 'aria-describedby="why-extras-herzstich"' in herzstich.group(0)
    why = re.search(r'<p class="hint option__why" id="why-extras-herzstich"[^>]*>([^<]*)</p>',
                    page, re.S)
    assert why and "hidden" not in why.group(0)
    assert why.group(1) == "Einen Herzstich gibt es nur mit 40 Karten."
    # With 40 cards (voss) it is there, and so is its reason, hidden for the script.
    voss = table.create_group(name="Voss-Runde", preset="voss", players=())
    page = client.get(f"{voss}regeln").text
    herzstich = re.search(r'<input type="checkbox" name="extras" value="herzstich"[^>]*>', page)
    assert "disabled" not in herzstich.group(0) and "checked" in herzstich.group(0)
    assert re.search(r'id="why-extras-herzstich"[^>]*hidden', page)


@pytest.mark.parametrize("where", ["regeln", "abend/neu"])
def test_a_refused_combination_is_said_first_with_a_link_to_its_option(table, client, app,
                                                                        where):
    url = table.create_group(preset="voss", players=("Anna", "Ben", "Cem", "Dora"))
    if where == "regeln":
        data = option_post(table, deck="48")
    else:
        data = table.evening_form(("Anna", "Ben", "Cem", "Dora"), deck="48")
    response = client.post(url + where, data=data)
    assert response.status_code == 422
    page = response.text
    anchor = "option-extras" if where == "regeln" else "option-rules-extras"
    summary = re.search(r'<div class="flash flash--error error-summary".*?</div>', page, re.S)
    assert summary, "no refusal at the top"
    # First on the page after the heading, before every card.
    assert page.index("error-summary") < page.index('class="card')
    assert (f'<a href="#{anchor}">Sonderpunkte</a>: einen Herzstich gibt es nur mit 40 Karten'
            in summary.group(0))
    assert f'id="{anchor}"' in page
    # ... and beside the option, where the link leads.
    option = page[page.index(f'id="{anchor}"'):]
    option = option[:option.index('<div class="option"')]  # up to the next option
    assert "einen Herzstich gibt es nur mit 40 Karten</p>" in option
    with app.app_context():
        from scorer import services

        group = services.find_group(table.token)
        assert group.overrides == {} and list(group.evenings) == []


UNMET = {"deck": 48, "announcements": "plus2", "extras": [], "game_kinds": [],
         "gegen_die_alten": False, "pflichtsolo": False}
"""A value of each option another one needs that does not allow it."""


@pytest.mark.parametrize("needed", REQUIREMENTS, ids=lambda r: f"{r.option}={r.value}")
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_limit_the_forms_show_is_one_the_rules_refuse(needed, preset):
    """core.rules.REQUIREMENTS is where the forms learn what to disable: each entry is a
    combination the rules refuse by that option's field, and allow once the other option
    allows it."""
    current = PRESETS[preset].to_dict()[needed.option]
    value: Any = (True if needed.value == "true"
                  else [needed.value] if isinstance(current, list) else needed.value)
    problem = (f"rules.{needed.option}", needed.message)
    with pytest.raises(InvalidRules) as err:
        rules_from_spec({"preset": preset, needed.option: value,
                         needed.needs: UNMET[needed.needs]})
    assert problem in err.value.problems
    allowed = sorted(needed.allowed)[0]
    met: Any = {"true": True, "40": 40}.get(allowed, allowed)
    if isinstance(UNMET[needed.needs], list):
        met = [allowed]
    try:
        rules_from_spec({"preset": preset, needed.option: value, needed.needs: met})
    except InvalidRules as other:
        assert problem not in other.problems


def test_every_combination_the_rules_refuse_is_shown_on_the_form(app):
    """The other way round: a preset with any one option changed to any value the form
    offers, refused by the rules, shows the reason on the form (disabled, or chosen and
    marked), so the form never lets a table walk into a refusal unwarned."""
    from scorer.web.pages.rule_forms import OPTION_NAMES, option_limits, options_form

    checked = 0
    with app.test_request_context():
        for preset, rules in PRESETS.items():
            base = rules.to_dict()
            offered = options_form(rules)
            for name in OPTION_NAMES:
                choices = {str(c.value) for c in getattr(offered[name], "choices", None) or []}
                for value in _form_values(name, base[name]):
                    items = value if isinstance(value, list) else [value]
                    if choices and not {str(v) for v in items} <= choices:
                        continue  # not a value the form offers
                    try:
                        rules_from_spec({"preset": preset, name: value})
                        continue
                    except InvalidRules:
                        checked += 1
                    form = options_form(rules, formdata=_formdata({**base, name: value}))
                    unmet = [limit for limits in option_limits(form).values()
                             for limit in limits if not limit.met]
                    assert unmet, f"{preset} {name}={value}: refused, but nothing on the form says so"
    assert checked >= 10


def _form_values(name: str, current: Any) -> list[Any]:
    from tests.rule_sentences import _values

    return list(_values(name, current))


def _formdata(values: dict[str, Any]) -> MultiDict:
    out = MultiDict()
    for name, value in values.items():
        if isinstance(value, bool):
            if value:
                out.add(name, "y")
        elif isinstance(value, list):
            for item in value:
                out.add(name, str(item))
        else:
            out.add(name, str(value))
    return out


def test_the_new_evening_page_lists_every_refusal_first_each_linked_to_its_field(
        table, client):
    url = table.create_group(players=("Anna", "Ben", "Cem", "Dora"))
    data = table.evening_form(("Anna", "Ben", "Cem"))
    response = client.post(f"{url}abend/neu", data={**data, "planned_games": "zwölf"})
    assert response.status_code == 422
    summary = re.search(r'<div class="flash flash--error error-summary".*?</div>',
                        response.text, re.S).group(0)
    items = re.findall(r"<li>(.*?)</li>", summary, re.S)
    # The form's own check comes first (the seats are counted once the numbers are read);
    # a field that names itself in its message is named once.
    assert items == ['<a href="#planned_games">Geplante Spiele</a>: eine ganze Zahl mit den '
                     "Ziffern 0 bis 9 angeben"]
    response = client.post(f"{url}abend/neu", data=data)
    summary = re.search(r'<div class="flash flash--error error-summary".*?</div>',
                        response.text, re.S).group(0)
    assert re.findall(r"<li>(.*?)</li>", summary, re.S) == [
        '<a href="#seats">Wer ist da?</a>: 4 bis 7 Spieler müssen am Tisch sitzen']
    assert 'id="planned_games"' in response.text and 'id="seats"' in response.text
