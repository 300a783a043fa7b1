"""Paying with a scan: a player's bank details and PayPal.me name (personal data: kept,
changed and removed here only), the Runde's treasurer, and the payment offers of an
evening's settlement and of the Kasse.

What a player keeps is checked by the core (scorer.core.payment) before it is stored; a
refusal names the field and stores nothing. Nothing here logs a value.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import update

from scorer.core.payment import (
    MAX_EUROS,
    InvalidPayment,
    clean_iban,
    clean_paypal_me,
    girocode,
    grouped_iban,
    in_sepa,
    paypal_link,
)
from scorer.core.settlement import Settlement
from scorer.services.refusals import Refused
from scorer.services.runden import lock_group
from scorer.services.year_settings import touch_year
from scorer.store.extensions import db
from scorer.store.models import Group, Player
from scorer.words.pay import holder_too_long
from scorer.words.problems import problems


def set_pay_details(player: Player, iban: str, holder: str, paypal: str) -> None:
    """Keep ``player``'s IBAN (with the account holder's name) and PayPal.me name; a blank
    field keeps nothing. Refused naming every field that is wrong, and nothing stored."""
    found: list[tuple[str, str]] = []
    clean: dict[str, str | None] = {"iban": None, "paypal": None}
    for field, text, check in (("iban", iban, clean_iban), ("paypal", paypal, clean_paypal_me)):
        if text.strip():
            try:
                clean[field] = check(text)
            except InvalidPayment as err:
                found += problems(err)
    holder = " ".join(holder.split())
    if len(holder) > 70:
        found.append(("holder", holder_too_long()))
    if found:
        raise Refused(found)
    lock_group(player.group)
    player.iban = clean["iban"]
    player.account_holder = (holder or None) if clean["iban"] else None
    player.paypal_me = clean["paypal"]
    db.session.commit()


def remove_pay_details(player: Player) -> None:
    """Forget ``player``'s IBAN, account holder and PayPal.me name."""
    lock_group(player.group)
    player.iban = player.account_holder = player.paypal_me = None
    db.session.commit()


def set_treasurer(group: Group, player: Player | None) -> None:
    """``player`` keeps the Runde's Kasse from now on (None: nobody)."""
    lock_group(group)
    db.session.execute(update(Player).where(Player.group_id == group.id)
                       .values(treasurer=False))
    if player is not None:
        player.treasurer = True
    db.session.commit()


def treasurer_of(group: Group) -> Player | None:
    """Who keeps the Runde's Kasse, if the Runde chose anybody."""
    return next((p for p in group.players if p.treasurer), None)


def set_rating(group: Group, on: bool) -> None:
    """Whether the Runde's Statistik shows its players' ratings."""
    touch_year(group).rating = on
    db.session.commit()


def set_hide_rating(player: Player, hidden: bool) -> None:
    """Whether ``player``'s rating is left off the Statistik."""
    player.hide_rating = hidden
    db.session.commit()


@dataclass(frozen=True)
class PayOffer:
    """How to pay one amount to one player: a GiroCode's text (their IBAN is in the SEPA
    zone) and a PayPal.me link, whichever they keep."""

    payee: str
    """The player paid, as the sheet names them."""
    cents: int
    girocode: str | None
    """The EPC QR code's text, or None without an IBAN."""
    iban: str | None
    """The IBAN in groups of four, for typing it in by hand."""
    holder: str | None
    """The account holder's name as the GiroCode carries it."""
    paypal: str | None
    """The PayPal.me link with the amount, or None."""


def pay_offer(player: Player | None, cents: int, remittance: str) -> PayOffer | None:
    """How to pay ``cents`` to ``player`` (None when they keep neither an IBAN nor a
    PayPal.me name, or nothing is to be paid, or more than a transfer can carry)."""
    if (player is None or not 0 < cents <= MAX_EUROS
            or not (player.iban or player.paypal_me)):
        return None
    holder = player.account_holder or player.name
    code = (girocode(holder, player.iban, cents, remittance)
            if player.iban and in_sepa(player.iban) else None)
    return PayOffer(
        payee=player.name, cents=cents, girocode=code,
        iban=grouped_iban(player.iban) if player.iban else None,
        holder=holder if player.iban else None,
        paypal=paypal_link(player.paypal_me, cents) if player.paypal_me else None)


@dataclass(frozen=True)
class PayLine:
    """A transfer or payment of a settlement with its offer (None: pay it as you like)."""

    payer: str
    payee: str | None
    """None: into the Kasse, whose treasurer the Runde has not chosen."""
    cents: int
    offer: PayOffer | None


def settlement_offers(group: Group, settlement: Settlement | None,
                      remittance: str) -> tuple[PayLine, ...]:
    """Every transfer of ``settlement`` (to the player paid) and every payment into the Kasse
    (to the treasurer), each with how to pay it."""
    if settlement is None:
        return ()
    by_name = {p.name: p for p in group.players}
    lines = [PayLine(t.payer, t.payee, t.cents,
                     pay_offer(by_name.get(t.payee), t.cents, remittance))
             for t in settlement.transfers]
    keeper = treasurer_of(group)
    lines += [PayLine(p.player, keeper.name if keeper else None, p.cents,
                      pay_offer(keeper, p.cents, remittance) if keeper and
                      keeper.name != p.player else None)
              for p in settlement.payments]
    return tuple(lines)


def any_offer(lines: Iterable[PayLine]) -> bool:
    """Whether any line can be paid with a scan or a link."""
    return any(line.offer is not None for line in lines)


__all__ = ["PayLine", "PayOffer", "any_offer", "pay_offer",
           "remove_pay_details", "set_hide_rating", "set_pay_details", "set_rating", "set_treasurer",
           "settlement_offers", "treasurer_of"]
