"""A club evening set up from a phone in the browser tests: its forms sent as the buttons
send them (``SUBMIT_JS``), nothing drawn that the test is not about."""

from __future__ import annotations

import re
import subprocess
import time
from collections.abc import Sequence
from typing import Any

from .phone import SUBMIT_JS

REGISTER_JS = """
async ([url, names]) => {
  const page = await fetch(url);
  const doc = new DOMParser().parseFromString(await page.text(), "text/html");
  const data = new FormData(doc.querySelector("form:has(textarea)"));
  data.set("names", names);
  const sent = await fetch(url, {method: "POST", body: new URLSearchParams(data)});
  if (!sent.ok) throw new Error(`registration answered ${sent.status}`);
}
"""

THIRTEEN = ("Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ida", "Jan",
            "Karla", "Lena", "Mia")


def submit(device: Any, url: str, selector: str, values: dict[str, Any]) -> str:
    """Send the form ``selector`` of the page at ``url`` with ``values`` from this phone;
    the address it led to."""
    answer: str = device.page.evaluate(SUBMIT_JS, [url, selector, values, None])
    return answer


def new_tournament(device: Any, names: Sequence[str], *, rounds: int = 3, planned: int = 4,
                   rules: str = "bockrunde", name: str = "Vereinsabend") -> str:
    """Make a tournament and register ``names`` from this phone; the organiser's page."""
    players = submit(device, "/turnier/neu", "form.club-form", {
        "name": name, "rules": rules, "planned_games": str(planned),
        "round_count": str(rounds)})
    device.page.evaluate(REGISTER_JS, [players, "\n".join(names)])
    return players.split("anmeldung")[0]


def draw(device: Any, home: str, seed: int) -> None:
    """Draw the next round with ``seed``."""
    submit(device, home, "#auslosen form", {"seed": str(seed)})


def start(device: Any, home: str, number: int) -> None:
    submit(device, home, f"#runde-{number} form[action$='/starten']", {})


def end(device: Any, home: str, number: int, finish_started: bool = False) -> None:
    """End round ``number``; with ``finish_started`` the started games may still be
    entered (the form's box, ticked as it comes)."""
    submit(device, home, f"#runde-{number} form[action$='/beenden']",
           {"angefangene": "1" if finish_started else ""})


def slip_links(device: Any, home: str, number: int) -> list[str]:
    """The tables' links of round ``number`` as its Tischzettel (PDF) prints them under
    their codes, table by table (read with Poppler's pdftotext)."""
    url = f"{home}runde/{number}/tischzettel.pdf"
    deadline = time.monotonic() + 30
    while True:
        answer = device.page.request.get(url)
        if answer.headers.get("content-type", "").startswith("application/pdf"):
            break
        assert time.monotonic() < deadline, "no Tischzettel within 30 s"
        time.sleep(0.5)
    text = subprocess.run(["pdftotext", "-", "-"], input=answer.body(), capture_output=True,
                          check=True).stdout.decode()
    return re.findall(r"https?://\S+/r/[A-Za-z0-9_-]+/", text)
