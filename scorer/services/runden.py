"""A Runde: found by its links (the secret tokens), its players and its house rules."""

from __future__ import annotations

import datetime as dt
import re
import secrets
from collections.abc import Mapping
from typing import Any

from sqlalchemy import or_, select

from scorer.core.names import (
    PLAYER_NAME,
    RUNDE_NAME,
    InvalidName,
    NameField,
    clean_name,
    name_key,
)
from scorer.core.rules import PRESETS, HouseRules, differences, rules_from_spec
from scorer.services.refusals import Refused
from scorer.store import backup
from scorer.store.extensions import db
from scorer.store.models import Group, Player, utcnow
from scorer.words import runde as words
from scorer.words.i18n import language
from scorer.words.runde import COME_BACK as COME_BACK  # table_changes' refusals name it

TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What secrets.token_urlsafe makes; anything else is no token of ours."""


def find_group(token: str) -> Group | None:
    """The Runde whose edit or read-only token this is."""
    if not TOKEN_PATTERN.fullmatch(token):
        return None
    return db.session.scalar(
        select(Group).where(or_(Group.edit_token == token, Group.read_token == token))
    )


def find_group_by_id(group_id: int) -> Group | None:
    """A Runde by its id: only for what this device already holds (never from a URL)."""
    return db.session.get(Group, group_id)


def backup_group(group: Group) -> dict[str, Any]:
    """Everything of one Runde in the backup format of `flask --app scorer backup`."""
    return backup.dump(db.session(), db.metadata, group_id=group.id)


def renew_tokens(group: Group) -> None:
    """New edit and read-only links; the old ones stop working at once."""
    group.edit_token = secrets.token_urlsafe(24)
    group.read_token = secrets.token_urlsafe(24)
    db.session.commit()


def set_print_language(group: Group, language: str, offered: tuple[str, ...]) -> None:
    """The language ``group``'s PDFs and CSV files are made in, one of ``offered``."""
    if language not in offered:
        raise Refused([("sprache", words.language_not_offered())])
    group.language = language
    db.session.commit()


def _name(raw: str, field: NameField, form_field: str = "name") -> str:
    """Every name that is stored goes through here (scorer.core.names.clean_name); refused on the
    form's field ``form_field``."""
    try:
        return clean_name(raw, field)
    except InvalidName as err:
        raise Refused([(form_field, str(err))]) from None


def create_group(name: str, preset: str) -> Group:
    """A new Runde with fresh secret tokens; it prints in the language of whoever made it
    (the Runde's page changes that)."""
    name = _name(name, RUNDE_NAME)
    if preset not in PRESETS:
        raise Refused([("preset", words.unknown_preset())])
    group = Group(name=name, preset=preset, overrides={}, language=language(),
                  edit_token=secrets.token_urlsafe(24), read_token=secrets.token_urlsafe(24))
    db.session.add(group)
    db.session.commit()
    return group


def house_rules(group: Group) -> HouseRules:
    """The Runde's rules: its preset with its overrides."""
    return rules_of(group.preset, group.overrides)


def rules_of(preset: str, overrides: Mapping[str, Any]) -> HouseRules:
    """A preset with a Runde's overrides; InvalidRules names a bad option."""
    return rules_from_spec({"preset": preset, **overrides})


def set_house_rules(group: Group, preset: str, options: Mapping[str, Any]) -> HouseRules:
    """Store ``options`` on top of ``preset``; only the differences are kept.

    Raises InvalidRules (fields ``rules.<option>``) for impossible combinations.
    """
    rules = rules_from_spec({"preset": preset, **options})
    group.preset = preset
    group.overrides = differences(rules, PRESETS[preset])
    db.session.commit()
    return rules


def lock_group(group: Group) -> None:
    """Serialize changes that number or name things within a Runde (two phones adding the
    same player or starting an evening at once): PostgreSQL locks the Runde's row and reloads
    it; SQLite's write transaction already holds the lock (BEGIN IMMEDIATE)."""
    db.session.refresh(group, with_for_update=True)


def player_name(group: Group, raw: str, field: str = "name", but: Player | None = None) -> str:
    """``raw`` as a player's name is stored, or Refused on the form's ``field``: unreadable
    (scorer.core.names), or another player's of the Runde (names are unique within it, whatever
    the case; ``but``: the player being renamed)."""
    name = _name(raw, PLAYER_NAME, field)
    same = next((p for p in group.players
                 if name_key(p.name) == name_key(name) and p is not but), None)
    if same is not None and not same.active and but is None:
        # Typed in again to be added (a tester's newcomer at the table): say how they return.
        raise Refused([(field, words.retired_typed_again(same.name))])
    if same is not None:
        raise Refused([(field, words.name_taken(name))])
    return name


def add_player(group: Group, name: str, guest: bool = False) -> Player:
    """A new player of the Runde (a guest: no member, RULES.md §11.1, §11.2); names are
    unique within it."""
    player = new_player(group, name)
    player.guest = guest
    db.session.commit()
    return player


def new_player(group: Group, name: str, field: str = "name") -> Player:
    """A new player, flushed but not committed (a table change adds one on the spot and
    commits both together, or neither)."""
    lock_group(group)
    player = Player(group=group, name=player_name(group, name, field))
    db.session.add(player)
    db.session.flush()
    return player


def rename_player(player: Player, name: str) -> None:
    """Rename; old evenings show the new name, since facts refer to the id."""
    lock_group(player.group)
    player.name = player_name(player.group, name, but=player)
    # Every sheet of the Runde shows the new name.
    player.group.version = Group.version + 1
    db.session.commit()


def set_member_since(player: Player, day: dt.date) -> None:
    """The day ``player`` was added to the Runde (RULES.md §11.1, §11.2: a member on an
    evening's date pays and scores as absent there), for a Runde whose players were added
    after the evenings they missed, e.g. with an imported history. Kept as the moment of
    adding, at noon UTC: the same date on the server's clock in Europe. A day after today
    is Refused on ``since``."""
    if day > dt.date.today():
        raise Refused([("since", words.not_in_future())])
    lock_group(player.group)
    # The year's kept views (seasons, Kasse) have the players' moments in their key.
    player.created_at = dt.datetime.combine(day, dt.time(12), tzinfo=dt.UTC)
    db.session.commit()


def retire_player(player: Player, retired: bool, until: dt.date | None = None) -> None:
    """Retire (or bring back) a player; their evenings stay as they are. ``until`` is the
    last day they are a member ("Mitglied bis", RULES.md §11.2: no absent charge for an
    evening after it), kept at noon UTC like "Mitglied seit"; None: today. A day after
    today is Refused on ``until``."""
    if not retired:
        player.retired_at = None
    elif until is None:
        player.retired_at = utcnow()
    elif until > dt.date.today():
        raise Refused([("until", words.not_in_future())])
    else:
        lock_group(player.group)
        player.retired_at = dt.datetime.combine(until, dt.time(12), tzinfo=dt.UTC)
    db.session.commit()


def set_guest(player: Player, guest: bool) -> None:
    """Make a player a guest (plays, but no member: never charged or scored as absent) or
    a member of the Runde."""
    lock_group(player.group)
    player.guest = guest
    db.session.commit()
