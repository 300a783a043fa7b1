"""The Runden this device remembers for its start page, without keeping their links.

Flask's session cookie is signed, not encrypted: anyone holding the phone can read it. So
the session keeps, per remembered Runde, its id and a keyed fingerprint of the link it was
remembered with (HMAC-SHA256 under the app's secret key, 128 bits), never the link itself.
The start page finds the Runde by id and shows whichever of its current links matches the
fingerprint: the edit link only if the edit link was remembered, the read-only one only if
that was. Renewing the links ("Links erneuern") changes both tokens, so every fingerprint
made from the old ones stops matching and the entry disappears; the device that renewed
keeps its entry, moved to the new link. The fingerprint is one-way, and without the key it
cannot even be checked against a guessed token.

Chosen over encrypting the token into the cookie: no new dependency or key handling, and
renewing the links invalidates old entries for free.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable

from flask import session
from sqlalchemy import select

from scorer.store.extensions import db
from scorer.store.models import Group
from scorer.web.pages.keyed import keyed

KEY = "remembered"
"""Session key: [[Runde id, fingerprint of the remembered link], …], newest first."""
OLD_KEY = "runden"
"""Where sessions from before kept the remembered links themselves."""
MAX_ENTRIES = 20


def fingerprint(token: str) -> str:
    """A keyed, one-way fingerprint of a link's token."""
    return keyed("doko-zettel remembered runde", token, 32)


def _entries() -> list[tuple[int, str]]:
    out = []
    for entry in session.get(KEY, []):
        if (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int
                and isinstance(entry[1], str)):
            out.append((entry[0], entry[1]))
    return out


def _store(entries: Iterable[tuple[int, str]]) -> None:
    session[KEY] = [[group_id, mark] for group_id, mark in entries][:MAX_ENTRIES]
    session.permanent = True


def remember(group: Group, token: str) -> None:
    """Remember ``group`` by the link ``token`` (its edit or read-only one), first."""
    _store([(group.id, fingerprint(token)),
            *((i, m) for i, m in _entries() if i != group.id)])


def forget(group_id: int) -> bool:
    """Forget a Runde on this device; whether it was remembered."""
    entries = _entries()
    kept = [(i, m) for i, m in entries if i != group_id]
    if len(kept) != len(entries):
        _store(kept)
    return len(kept) != len(entries)


def remembered_token(group: Group) -> str | None:
    """The link of ``group`` this device remembers (edit or read-only), if any."""
    for group_id, mark in _entries():
        if group_id == group.id:
            return _matching(group, mark)
    return None


def _matching(group: Group, mark: str) -> str | None:
    for token in (group.edit_token, group.read_token):
        if hmac.compare_digest(mark, fingerprint(token)):
            return token
    return None


def renewed(group: Group, old_edit: str, old_read: str) -> None:
    """After "Links erneuern" on this device: keep its entry, on the same kind of link."""
    for group_id, mark in _entries():
        if group_id != group.id:
            continue
        if hmac.compare_digest(mark, fingerprint(old_edit)):
            remember(group, group.edit_token)
        elif hmac.compare_digest(mark, fingerprint(old_read)):
            remember(group, group.read_token)


def remembered_groups() -> list[tuple[str, Group]]:
    """(link token, Runde) for the start page, newest first; entries whose link was
    renewed or whose Runde is gone are dropped from the session."""
    entries = _entries()
    if not entries:
        return []
    groups = {g.id: g for g in db.session.scalars(
        select(Group).where(Group.id.in_([i for i, _ in entries])))}
    out = []
    for group_id, mark in entries:
        group = groups.get(group_id)
        token = _matching(group, mark) if group is not None else None
        if group is not None and token is not None:
            out.append((token, group))
    if len(out) != len(entries):
        _store((g.id, fingerprint(t)) for t, g in out)
    return out


def upgrade_old_session() -> None:
    """A session from before held the links in clear: keep its Runden, drop the links."""
    old = session.pop(OLD_KEY, None)
    if not isinstance(old, list):
        return
    from scorer import services

    entries = _entries()
    for token in old[:MAX_ENTRIES]:
        group = services.find_group(token) if isinstance(token, str) else None
        if group is not None and all(i != group.id for i, _ in entries):
            entries.append((group.id, fingerprint(token)))
    _store(entries)
