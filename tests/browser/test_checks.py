"""The page checks themselves: they must catch what they are there to catch, or a green
suite would mean nothing."""

from __future__ import annotations

import pytest

from .phone import PageProblem

pytestmark = pytest.mark.browser


def problems_of(device, where: str) -> list[str]:
    """The problems the page checks name on the page ``device`` shows (they must name some)."""
    with pytest.raises(PageProblem) as caught:
        device.check(where)
    return str(caught.value).splitlines()[1:]

BAD_PAGE = """<!doctype html><html lang="de"><head><meta name="viewport"
content="width=device-width, initial-scale=1"></head><body style="margin:0">
<p style="color:#999">grey on white</p>
<p>In a sentence <a href="#x">a small link</a> is fine.</p>
<p><a href="#y">a link alone</a></p>
<button style="height:20px">tiny</button>
<input type="text" style="height:50px;width:100px">
<label style="display:block;height:50px">Named <input type="text" style="height:44px"></label>
<button style="height:50px;width:50px;opacity:.4" disabled>off</button>
<div style="width:500px">wide</div>
</body></html>"""


def test_the_page_checks_catch_small_targets_missing_labels_low_contrast_and_overflow(phone):
    device = phone(360, 740)
    device.page.set_content(BAD_PAGE)
    with pytest.raises(PageProblem) as caught:
        device.check("bad")
    assert "scrolls sideways: content 500 px wide" in str(caught.value)

    device.page.evaluate("document.querySelector('div').remove()")
    problems = problems_of(device, "bad")
    assert any("label missing" in p and "<input" in p for p in problems)
    assert any("touch target too small" in p and '"tiny"' in p for p in problems)
    assert any("touch target too small" in p and '"a link alone"' in p for p in problems)
    assert any("contrast (light)" in p and '"grey on white": 2.85:1' in p for p in problems)
    assert any("contrast (dark)" in p and '"grey on white": 2.85:1' in p for p in problems)
    assert len(problems) == 5, problems  # the link in a sentence, the labelled input and
    # the disabled button pass


SPREAD_PAGE = """<!doctype html><html lang="de"><head><meta name="viewport"
content="width=device-width, initial-scale=1"></head><body style="margin:0">
<p>A hint with <a href="#x" style="display:inline-flex;min-height:44px">a tall link</a> inside
a sentence, and <a href="#y">a plain one</a>.</p>
<p><a href="#z" style="display:inline-flex;min-height:44px;min-width:44px">alone</a></p>
</body></html>"""


def test_the_page_checks_catch_a_link_that_spreads_the_lines_of_its_sentence(phone):
    device = phone(360, 740)
    device.page.set_content(SPREAD_PAGE)
    problems = problems_of(device, "spread")
    assert len(problems) == 1 and '"a tall link" inside a sentence' in problems[0], problems


DARK_PAGE = """<!doctype html><html lang="de"><head><meta name="viewport"
content="width=device-width, initial-scale=1"><style>
@media (prefers-color-scheme: dark) { body { background: #111; } .dim { color: #333; } }
</style></head><body style="margin:0"><p class="dim">dark grey on black in the dark</p>
</body></html>"""


def test_the_contrast_check_looks_at_the_dark_scheme_too(phone):
    device = phone(360, 740)
    device.page.set_content(DARK_PAGE)
    problems = problems_of(device, "dark")
    assert len(problems) == 1 and "contrast (dark)" in problems[0], problems


SEEN_PAGE = """<!doctype html><html lang="de"><head><meta name="viewport"
content="width=device-width, initial-scale=1"></head><body style="margin:0">
<input id="under" aria-label="under the bar" style="position:absolute;top:700px;height:30px">
<input id="free" aria-label="free" style="position:absolute;top:100px;height:30px">
<input id="below" aria-label="below" style="position:absolute;top:900px;height:30px">
<div style="position:fixed;bottom:0;left:0;right:0;height:80px;background:#eee">bar</div>
<div style="height:1200px"></div></body></html>"""


def test_the_in_view_check_catches_a_covered_field_and_one_below_the_screen(phone):
    device = phone(360, 740)
    device.page.set_content(SEEN_PAGE)
    device.assert_seen(device.page.locator("#free"), "free")
    for hidden in ("#under", "#below"):
        with pytest.raises(PageProblem):
            device.assert_seen(device.page.locator(hidden), hidden)
