"""The page checks themselves: they must catch what they are there to catch, or a green
suite would mean nothing."""

from __future__ import annotations

import pytest

from .phone import PageProblem

pytestmark = pytest.mark.browser

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
    with pytest.raises(PageProblem) as caught:
        device.check("bad")
    problems = str(caught.value).splitlines()[1:]
    assert any("label missing" in p and "<input" in p for p in problems)
    assert any("touch target too small" in p and '"tiny"' in p for p in problems)
    assert any("touch target too small" in p and '"a link alone"' in p for p in problems)
    assert any("contrast" in p and '"grey on white": 2.85:1' in p for p in problems)
    assert len(problems) == 4, problems  # the link in a sentence, the labelled input and
    # the disabled button pass
