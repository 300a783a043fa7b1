"""A phone on the table: taps and typing through Playwright, with the checks every page gets.

``Phone`` counts taps the way the issue asks: every tap (a click on a phone) and every focus
change that is not typing counts; typing the Augen does not. ``arrived`` runs on every page
the phone reaches: no console error, no horizontal scrolling, and, once per look of a page
(LOOK_JS), every control named, touch targets of at least 44 × 44 CSS px, text contrast of
at least 4.5:1 (3:1 for large text) in the light and in the dark colour scheme.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

TOUCH_TARGET = 44
"""CSS px, both ways (WCAG 2.5.5)."""

# The exemption for links inside running text (WCAG 2.5.5/2.5.8 "inline"), kept narrow: a
# link is exempt only if the paragraph (p, li, dd, figcaption) around it has letters or
# digits outside any link, i.e. the link is part of a sentence. A paragraph holding only
# links and separators ("Abbrechen · Spiel löschen") is not a sentence and gets no exemption.
# The other way round, a link in a sentence must not be a tap-sized box that spreads the lines.
TOUCH_TARGETS_JS = """
(min) => {
  const visible = (el) => el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== "hidden";
  const inSentence = (el) => {
    if (el.tagName !== "A") return false;
    const block = el.parentElement && el.parentElement.closest("p, li, dd, figcaption");
    if (!block) return false;
    let text = "";
    const walk = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.parentElement.closest("a")) text += n.data;
    }
    return /[\\p{L}\\p{N}]/u.test(text);
  };
  const out = [];
  // A link (not a button) inside a sentence keeps the line's height: a tap-sized box would
  // open a gap in the paragraph (walk-through finding: a hint's lines spread around a link).
  for (const el of document.querySelectorAll("a[href]:not(.button)")) {
    if (!visible(el) || !inSentence(el)) continue;
    if (!getComputedStyle(el).display.startsWith("inline")) continue;  // a line of its own
    const size = parseFloat(getComputedStyle(el).fontSize);
    const height = el.getBoundingClientRect().height;
    if (height > 2 * size) {
      out.push(`<a> "${el.innerText.trim().slice(0, 40)}" inside a sentence is `
               + `${Math.round(height)} px high: it spreads the lines around it`);
    }
  }
  const controls = "a[href], button, input:not([type=hidden]), select, textarea, summary";
  for (const el of document.querySelectorAll(controls)) {
    // A control inside a label is tapped through the whole label (the chips hide the input).
    const target = el.matches("input, select, textarea") && el.closest("label") || el;
    if (!visible(target) || el.disabled) continue;
    const box = target.getBoundingClientRect();
    if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
    if (inSentence(el)) continue;
    const text = (el.innerText || el.value || el.name || "").trim().slice(0, 40);
    const tag = `<${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}>`;
    out.push(`touch target too small: ${tag} "${text}" `
             + `${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return out;
}
"""

# WCAG 1.4.3 relative luminance and contrast ratio. The background is the stack of
# background colours under the element, composited on the white canvas; opacity of the
# element and its ancestors fades the text. Disabled controls are exempt (WCAG 1.4.3).
CONTRAST_JS = """
() => {
  const parse = (s) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(s);
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, below) => [0, 1, 2].map((i) => top[i] * top[3] + below[i] * (1 - top[3])).concat([1]);
  const channel = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = (c) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const background = (el) => {
    const layers = [];
    for (let n = el; n; n = n.parentElement) {
      const style = getComputedStyle(n);
      if (style.backgroundImage !== "none") return null;
      const c = parse(style.backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };
  const opacity = (el) => { let o = 1; for (let n = el; n; n = n.parentElement) o *= parseFloat(getComputedStyle(n).opacity); return o; };
  const disabled = (el) => {
    if (el.disabled) return true;
    const label = el.closest("label");
    return !!(label && label.querySelector("input:disabled, select:disabled"));
  };
  const large = (style) => {
    const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
    return size >= 24 || (bold && size >= 18.66);
  };
  const out = [];
  const check = (el, colour, what) => {
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || disabled(el)) return;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden") return;
    const bg = background(el);
    const fg = parse(colour);
    if (!bg || !fg) { out.push(`${what}: colours unknown (${colour})`); return; }
    const seen = over([fg[0], fg[1], fg[2], fg[3] * opacity(el)], bg);
    const r = ratio(seen, bg), need = large(style) ? 3 : 4.5;
    if (r < need - 0.005) out.push(`${what}: ${r.toFixed(2)}:1 < ${need}:1 (text ${colour} on rgb(${bg.slice(0, 3).map(Math.round).join(", ")}))`);
  };
  for (const el of document.body.querySelectorAll("*")) {
    if (!el.getClientRects().length || el.closest("script, style, noscript, title")) continue;
    const own = Array.from(el.childNodes).filter((n) => n.nodeType === 3).map((n) => n.data).join("").trim();
    const svg = el instanceof SVGElement;
    if (own) check(el, svg ? getComputedStyle(el).fill : getComputedStyle(el).color, `<${el.tagName.toLowerCase()}> "${own.slice(0, 40)}"`);
    if (el.matches("input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea")) {
      if (el.value) check(el, getComputedStyle(el).color, `<${el.tagName.toLowerCase()} name=${el.name}> value`);
      else if (el.placeholder) check(el, getComputedStyle(el, "::placeholder").color, `<input name=${el.name}> placeholder`);
    }
  }
  return out;
}
"""

SCROLL_JS = "() => [document.documentElement.scrollWidth, window.innerWidth]"

# What the label, touch-target and contrast checks depend on, as one string: every element
# as its path of tags and classes from <body>, marked with what changes its look or name
# without a class (own text, a value, checked, disabled, hidden, focused, open), plus the
# window's size. Two pages with the same look differ only in words and numbers, and the
# number of rows: what one passes, the other does.
LOOK_JS = """
() => {
  const paths = new Map();
  const seen = new Set();
  const path = (el) => {
    if (!el || el === document.body) return "body";
    let known = paths.get(el);
    if (known === undefined) {
      known = `${path(el.parentElement)}>${el.tagName}.${el.getAttribute("class") || ""}`
        + `[${el.getAttribute("role") || ""}${el.getAttribute("type") || ""}]`;
      paths.set(el, known);
    }
    return known;
  };
  for (const el of document.body.querySelectorAll("*")) {
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.data.trim());
    seen.add(path(el) + (own ? " text" : "") + (el.value ? " value" : "")
      + (el.checked ? " checked" : "") + (el.disabled ? " disabled" : "")
      + (el.hidden ? " hidden" : "") + (el.open ? " open" : "")
      + (el === document.activeElement ? " focus" : ""));
  }
  return [window.innerWidth, window.innerHeight, window.devicePixelRatio,
          ...Array.from(seen).sort()].join("\\n");
}
"""

# Where an element is on the screen the person sees: its box within the visual viewport (the
# part of the page the keyboard leaves), and whether what is drawn at its centre is the
# element itself (or inside it), not something covering it such as the sticky save bar.
SUBMIT_JS = """
async ([url, selector, values, seats]) => {
  // The form as the page at ``url`` offers it (defaults, CSRF token), sent without drawing
  // the page: the set-up of tests that are not about the set-up.
  const page = await fetch(url);
  const doc = new DOMParser().parseFromString(await page.text(), "text/html");
  const form = doc.querySelector(selector);
  if (!form) throw new Error(`no form ${selector} on ${url}`);
  if (seats) {
    for (const box of form.querySelectorAll("input[name=present]")) {
      const name = box.closest("label").textContent.trim();
      box.checked = seats.includes(name);
      form.querySelector(`[name="seat-${box.value}"]`).value =
        seats.includes(name) ? String(seats.indexOf(name) + 1) : "";
    }
  }
  // A list names the boxes to tick by their labels ("re": ["Ben", "Cem"]); the others go.
  for (const [name, labels] of Object.entries(values)) {
    if (!Array.isArray(labels)) continue;
    for (const box of form.querySelectorAll(`input[name="${name}"]`)) {
      box.checked = labels.includes(box.closest("label").textContent.trim());
    }
  }
  const data = new FormData(form);
  for (const [name, value] of Object.entries(values)) {
    if (!Array.isArray(value)) data.set(name, value);
  }
  const action = new URL(form.getAttribute("action") || url, page.url);
  const sent = await fetch(action, {method: "POST", body: new URLSearchParams(data)});
  if (!sent.ok || sent.url === action.href) {
    throw new Error(`${action.pathname} answered ${sent.status}: ${(await sent.text()).slice(0, 2000)}`);
  }
  return sent.url;
}
"""
"""Fill a page's form with ``values`` (and, for the new-evening form, these seats in this
order) and send it; returns the address it led to. A list of labels ticks those boxes."""

SEEN_JS = """
(el) => {
  const box = el.getBoundingClientRect();
  const view = window.visualViewport;
  const top = view ? view.offsetTop : 0, left = view ? view.offsetLeft : 0;
  const bottom = top + (view ? view.height : window.innerHeight);
  const right = left + (view ? view.width : window.innerWidth);
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {
    inside: box.width > 0 && box.height > 0 && box.top >= top - 0.5 && box.left >= left - 0.5
      && box.bottom <= bottom + 0.5 && box.right <= right + 0.5,
    covered: !(hit && (hit === el || el.contains(hit))),
    hit: hit ? hit.outerHTML.slice(0, 80) : null,
    box: [Math.round(box.top), Math.round(box.bottom)],
    view: [Math.round(top), Math.round(bottom)],
  };
}
"""

CONTROL_ROLES = frozenset({
    "button", "checkbox", "radio", "textbox", "searchbox", "combobox", "listbox",
    "spinbutton", "slider", "switch", "link", "menuitem", "tab", "DisclosureTriangle",
})
"""Accessibility roles a person operates; each needs an accessible name."""

EXTRA_LABELS = {"doppelkopf": "Doppelkopf", "fuchs_gefangen": "Fuchs gefangen",
                "karlchen": "Karlchen", "karlchen_gefangen": "Karlchen gefangen"}
KIND_LABELS = {"normal": "Normalspiel", "hochzeit": "Hochzeit", "armut": "Armut",
               "solo": "Solo", "stille_hochzeit": "Stille Hochzeit", "redeal": "neu gegeben"}
SOLO_LABELS = {"damen": "Damensolo", "buben": "Bubensolo", "fleischlos": "Fleischloser",
               "kreuz": "Kreuz-Solo", "pik": "Pik-Solo", "herz": "Herz-Solo", "karo": "Karo-Solo"}
LEVEL_LABELS = {"keine_90": "keine 90", "keine_60": "keine 60", "keine_30": "keine 30",
                "schwarz": "schwarz"}
PARTY = {"re": "Re", "kontra": "Kontra"}
NO_CONNECTION = re.compile(r"^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED|"
                           r"CONNECTION_RESET|CONNECTION_REFUSED)$")
"""What Chromium logs for a request that found no connection: expected on a phone that is
offline on purpose, an error anywhere else."""


EVERY_PAGE = os.environ.get("DOKO_SCREENSHOTS") == "1"
"""Screenshot every page a phone reaches (slow); otherwise only the pictures a test takes
on purpose and, when a test fails, the page each of its phones was on."""


PASSED_LOOKS: set[str] = set()
"""The looks (LOOK_JS) of the pages that passed the accessibility checks, on any phone of
this test process: the look holds the window's size and everything the checks read but the
words, so a page of the same look passes again (both colour schemes are checked every time,
whatever scheme a phone is set to)."""


class PageProblem(AssertionError):
    """A page failed one of the checks every page gets."""


class Phone:
    """One browser context of a phone's size, driven by taps and typing."""

    def __init__(self, page: Any, base_url: str, artifacts: Path, width: int, height: int,
                 checks: bool = True, scheme: str = "light") -> None:
        self.page = page
        self.base_url = base_url
        self.artifacts = artifacts
        self.width = width
        self.height = height
        self.checks = checks
        self.scheme = scheme
        """The colour scheme the phone is set to; the checks look at both."""
        self.taps = 0
        self.pages = 0
        self.looks = PASSED_LOOKS
        self.console_errors: list[str] = []
        self._reported = 0
        self.offline_on_purpose = False
        """Set while the test cut the connection: failed requests are then expected."""
        self.expected_errors: list[Any] = []
        """Patterns of console errors a test causes on purpose (an outage it plays)."""
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.console_errors.append(
            f"{self.page.url}: uncaught {error}"))

    def _on_console(self, message: Any) -> None:
        if self.offline_on_purpose and NO_CONNECTION.match(message.text):
            return
        if any(pattern.search(message.text) for pattern in self.expected_errors):
            return
        if message.type == "error":
            self.console_errors.append(f"{self.page.url}: {message.text}")

    # ------------------------------------------------------------------ moving around

    def goto(self, path: str, name: str) -> None:
        """Open a URL of the app (typed or from a bookmark: no tap)."""
        self.page.goto(self.base_url + path if path.startswith("/") else path)
        self.arrived(name)

    def tap(self, target: Any) -> None:
        """One tap on a visible element."""
        self.taps += 1
        target.tap()

    def open_game(self, number: int) -> None:
        """Tap a game's row open and wait for its breakdown (static/js/panels.js fetches it):
        the breakdown lands above the row's buttons, and a tap while it lands can miss them."""
        row = self.page.locator(f"#spiel-{number}")
        self.tap(row.locator("> summary"))
        row.locator("[data-panel-body][data-panel-loaded]").wait_for(state="attached")

    def tap_to(self, target: Any, name: str) -> None:
        """Tap something that loads a new page, then check that page."""
        with self.page.expect_navigation():
            self.tap(target)
        self.arrived(name)

    def type_into(self, field: Any, text: str, replace: bool = False) -> None:
        """Type into a field; bringing the focus there is a tap unless it is there already."""
        if not field.evaluate("el => el === document.activeElement"):
            self.tap(field)
        if replace:
            field.select_text()
        self.page.keyboard.type(text)

    def arrived(self, name: str) -> None:
        """The checks of a freshly loaded page (and its screenshot, with DOKO_SCREENSHOTS=1)."""
        self.page.wait_for_load_state("load")
        self.pages += 1
        if EVERY_PAGE:
            self.screenshot(f"{self.pages:02d}-{name}")
        self.check(name)

    def screenshot(self, name: str, full_page: bool = True) -> Path:
        path = self.artifacts / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)  # another run may have cleared it
        self.page.screenshot(path=path, full_page=full_page)
        return path

    # ------------------------------------------------------------------ checks

    def check(self, where: str) -> None:
        """Console, horizontal scrolling and (unless switched off) the accessibility basics."""
        self.assert_no_console_errors(where)
        scroll_width, inner_width = self.page.evaluate(SCROLL_JS)
        if inner_width != self.width or scroll_width > inner_width:
            raise PageProblem(f"{where}: scrolls sideways: content {scroll_width} px wide, "
                              f"window {inner_width} px, phone {self.width} px")
        if not self.checks:
            return
        look = self.page.evaluate(LOOK_JS)
        if look in self.looks:
            return  # a page of the same look passed already
        problems = [f"label missing: {p}" for p in self.unnamed_controls()]
        problems += self.page.evaluate(TOUCH_TARGETS_JS, TOUCH_TARGET)
        problems += self.contrast_problems()
        if problems:
            raise PageProblem(f"{where} ({self.page.url}):\n  " + "\n  ".join(problems))
        self.looks.add(look)

    def contrast_problems(self) -> list[str]:
        """Text below 4.5:1 (3:1 when large), in the light and in the dark scheme."""
        problems = []
        try:
            for scheme in ("light", "dark"):
                self.page.emulate_media(color_scheme=scheme)
                problems += [f"contrast ({scheme}): {p}"
                             for p in self.page.evaluate(CONTRAST_JS)]
        finally:
            self.page.emulate_media(color_scheme=self.scheme)
        return problems

    def seen(self, target: Any) -> dict[str, Any]:
        """Whether an element is inside the visual viewport and not covered (SEEN_JS)."""
        found: dict[str, Any] = target.evaluate(SEEN_JS)
        return found

    def assert_seen(self, target: Any, what: str) -> None:
        """The element is on the screen and nothing covers its centre."""
        where = self.seen(target)
        if not where["inside"] or where["covered"]:
            raise PageProblem(f"{what} is not in view: {where}")

    def assert_no_console_errors(self, where: str) -> None:
        new = self.console_errors[self._reported:]
        self._reported = len(self.console_errors)
        if new:
            raise PageProblem(f"{where}: console errors: " + "; ".join(new))

    def unnamed_controls(self) -> list[str]:
        """Controls without an accessible name, as Chromium itself computes names."""
        session = self.page.context.new_cdp_session(self.page)
        try:
            nodes = session.send("Accessibility.getFullAXTree")["nodes"]
            out = []
            for node in nodes:
                role = node.get("role", {}).get("value")
                if node.get("ignored") or role not in CONTROL_ROLES:
                    continue
                if str(node.get("name", {}).get("value", "")).strip():
                    continue
                what = role
                if "backendDOMNodeId" in node:
                    dom = session.send("DOM.describeNode",
                                       {"backendNodeId": node["backendDOMNodeId"]})["node"]
                    attributes = dom.get("attributes", [])
                    pairs = dict(zip(attributes[::2], attributes[1::2]))
                    what = f"<{dom['localName']} {pairs}>"
                out.append(what)
            return out
        finally:
            session.detach()

    # ------------------------------------------------------------------ the table's pages

    def start_evening(self, seats: list[str], preset: str = "bockrunde",
                      runde: str = "Donnerstagsrunde", planned: int | None = None) -> None:
        """Start page -> a new Runde with these players -> an evening of all of them, in
        this seat order, the first seat dealing (``planned`` games, if given) -> the empty
        sheet."""
        page = self.page
        self.goto("/", "start")
        self.type_into(page.get_by_label("Name der Runde"), runde)
        page.get_by_label("Regelwerk").select_option(preset)
        self.tap_to(page.get_by_role("button", name="Runde anlegen"), "runde")
        for name in seats:
            self.type_into(page.get_by_label("Name", exact=True), name)
            self.tap_to(page.get_by_role("button", name="Spieler hinzufügen"), f"spieler-{name}")
        self.tap_to(page.get_by_role("link", name="Neuer Abend"), "neuer-abend")
        for name in seats:
            if not page.get_by_role("checkbox", name=name, exact=True).is_checked():
                self.tap(page.locator("label.check").filter(has_text=name))
        if planned is not None:
            self.type_into(page.get_by_label("Geplante Spiele"), str(planned))
        self.tap_to(page.get_by_role("button", name="Abend beginnen"), "zettel-leer")

    def set_up_evening(self, seats: list[str], preset: str = "bockrunde",
                       runde: str = "Donnerstagsrunde", planned: int | None = None) -> str:
        """What ``start_evening`` does, for a test that is about what comes after: the same
        forms with their defaults, sent from the phone (its session, CSRF token and cookies)
        without drawing and checking each page. Ends on the empty sheet; returns its URL."""
        submit = lambda url, selector, values, order=None: self.page.evaluate(  # noqa: E731
            SUBMIT_JS, [url, selector, values, order])
        self.goto("/", "start")
        runde_url = submit("/", "form:has([name=preset])", {"name": runde, "preset": preset})
        for name in seats:
            submit(runde_url, "form:has(input[name=name])", {"name": name})
        new = runde_url.rstrip("/") + "/abend/neu"
        values = {} if planned is None else {"planned_games": str(planned)}
        self.goto(submit(new, "form.evening-form", values, seats), "zettel-leer")
        return self.page.url

    def send_games(self, games: list[Mapping[str, Any]]) -> None:
        """Games (CLI.md facts, players by name) sent through the entry form from the sheet
        the phone is on, as Speichern would send them but without drawing the form: for a
        test about what follows. Ends on the sheet, drawn again."""
        sheet = self.page.url
        for game in games:
            values: dict[str, Any] = {"kind": game.get("kind", "normal"),
                                      "re": list(game.get("re", ()))}
            if "re_eyes" in game:
                values["re_eyes"] = str(game["re_eyes"])
            if "solo" in game:
                values["solo"] = game["solo"]
            for party, level in game.get("announced", {}).items():
                values[f"announced_{party}"] = level
            for party, counts in game.get("extras", {}).items():
                for extra, count in counts.items():
                    values[f"extras_{party}_{extra}"] = str(count)
            self.page.evaluate(SUBMIT_JS, [sheet + "spiel/neu", "form#entry", values, None])
        self.goto(sheet, "zettel")

    def group(self, name: str) -> Any:
        """A fieldset by its legend: a group of checkboxes, or a radiogroup."""
        return self.page.get_by_role("group", name=name).or_(
            self.page.get_by_role("radiogroup", name=name))

    def chip(self, group: Any, label: str) -> Any:
        """The tappable chip of a radio or checkbox with exactly this label."""
        return group.locator("label.chip").filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))

    def enter_game(self, game: Mapping[str, Any], number: int) -> int:
        """Enter one game (CLI.md facts, players by name) starting on the sheet; the taps.

        Ends when the sheet shows game ``number``. Only what differs from the form's
        defaults is touched: the four players are already ticked, Normalspiel is chosen.
        """
        page = self.page
        self.taps = 0
        self.tap_to(page.get_by_role("link", name=f"Spiel {number} eintragen"), f"spiel-{number}-neu")
        self.fill_game(game)
        self.save(number)
        return self.taps

    def fill_game(self, game: Mapping[str, Any]) -> None:
        """Tap and type the facts of a game into the open entry form."""
        kind = game.get("kind", "normal")
        if kind != "normal":
            self.tap(self.chip(self.group("Spielart"), KIND_LABELS[kind]))
        if "solo" in game:
            self.tap(self.chip(self.group("Welches Solo?"), SOLO_LABELS[game["solo"]]))
        re_group = self.group(re.compile(r"^Re:"))
        for name in game.get("re", ()):
            self.tap(self.chip(re_group, name))
        if "re_eyes" in game:
            self.type_into(self.page.get_by_label("Augen Re"), str(game["re_eyes"]))
        for party, level in game.get("announced", {}).items():
            label = PARTY[party] if level == "ansage" else LEVEL_LABELS[level]
            self.tap(self.chip(self.group(f"Ansagen {PARTY[party]}"), label))
        for party, counts in game.get("extras", {}).items():
            for extra, count in counts.items():
                more = self.page.get_by_role(
                    "button", name=f"{EXTRA_LABELS[extra]} {PARTY[party]} mehr", exact=True)
                for _ in range(count):
                    self.tap(more)

    def save(self, number: int) -> None:
        """Speichern, back on the sheet, which now has a row for game ``number``."""
        self.tap_to(self.page.get_by_role("button", name="Speichern"), f"zettel-nach-spiel-{number}")
        if self.page.locator(f"#spiel-{number}").count() != 1:
            raise PageProblem(f"the sheet does not show game {number} after Speichern")

    def totals(self) -> dict[str, int]:
        """The totals strip of the sheet as the table reads it (−7 with a real minus)."""
        out = {}
        for item in self.page.locator(".totals .total").all():
            name = item.locator(".total__name").inner_text().strip()
            value = item.locator(".total__value").inner_text().strip()
            out[name] = int(value.replace("−", "-").replace("+", ""))
        return out
