"""The Kasse in the table's words (RULES.md §11.2): what absent members pay, a charge still
open, the lines of its history, and what its changes and refusals say. Pure: imports only the
standard library, the core and the words package; amounts and dates are
scorer.words.formats'.

>>> absent_sentence(AbsentPays.FIXED, 200), open_text(180, 200)
('Wer nicht da war, zahlt 2,00 €.', 'noch 1,80 € (von 2,00 €)')
>>> entry_line(-18000, "Jahresessen", dt.date(2026, 3, 5), "deleted")
'Ausgabe „Jahresessen“ −180,00 € vom 05.03.2026 gelöscht'
"""

from __future__ import annotations

import datetime as dt

from scorer.core.dated import FROM_THE_START
from scorer.core.kasse import AbsentPays, ItemKind
from scorer.words.formats import date, decimal_symbol, money, time
from scorer.words.i18n import N_, _

ABSENT_LABELS = {
    AbsentPays.NOTHING: N_("nichts"),
    AbsentPays.AS_LAST: N_("so viel wie der Letzte des Abends"),
    AbsentPays.FIXED: N_("einen festen Betrag"),
}
"""What absent members pay, as the form's choices."""

ABSENT_SENTENCES = {
    AbsentPays.NOTHING: N_("Wer nicht da war, zahlt nichts."),
    AbsentPays.AS_LAST: N_("Wer nicht da war, zahlt so viel wie der Letzte des Abends."),
    AbsentPays.FIXED: N_("Wer nicht da war, zahlt einen festen Betrag."),
}
"""What absent members pay, as a sentence."""


def absent_choices() -> list[tuple[str, str]]:
    """The form's choices: (stored value, words)."""
    return [(m.value, _(label)) for m, label in ABSENT_LABELS.items()]


def absent_sentence(mode: AbsentPays, fixed_cents: int = 0) -> str:
    """What absent members pay, as the Kasse page says it (the fixed amount named)."""
    if fixed_cents and mode is AbsentPays.FIXED:
        return _("Wer nicht da war, zahlt %(amount)s.") % {"amount": money(fixed_cents)}
    return _(ABSENT_SENTENCES[mode])


def absent_since(sentence: str, start: dt.date) -> str:
    """The rule in force today where it changed over time (RULES.md §11.4)."""
    if start == FROM_THE_START:
        return _("%(rule)s Jeder Abend wird nach der Regel abgerechnet, die an seinem Tag "
                 "gilt.") % {"rule": sentence}
    return _("Seit %(date)s: %(rule)s Jeder Abend wird nach der Regel abgerechnet, die an "
             "seinem Tag gilt.") % {"date": date(start), "rule": sentence}


def absent_saved(mode: AbsentPays, start: dt.date = FROM_THE_START) -> str:
    """After the setting was stored: "Gespeichert: nichts.", from a day on: "Gespeichert:
    nichts, für Abende ab dem 01.01.2026."."""
    if start == FROM_THE_START:
        return _("Gespeichert: %(choice)s.") % {"choice": _(ABSENT_LABELS[mode])}
    return _("Gespeichert: %(choice)s, für Abende ab dem %(date)s.") % {
        "choice": _(ABSENT_LABELS[mode]), "date": date(start)}


def retired_choice(name: str) -> str:
    """A member who left ("Mitglied bis") in the Kasse's "Wer?" lists: still owing, or
    with charges of their own."""
    return _("%(name)s (ausgeschieden)") % {"name": name}


def open_text(rest: int, cents: int) -> str:
    """A charge not settled yet: "1,80 €", "noch 0,20 € (von 2,00 €)", "0,30 € zu viel
    bezahlt" (``rest``: what it still wants, negative when paid too much)."""
    if rest < 0:
        return _("%(amount)s zu viel bezahlt") % {"amount": money(-rest)}
    if rest != cents:
        return _("noch %(rest)s (von %(amount)s)") % {"rest": money(rest),
                                                      "amount": money(cents)}
    return money(rest)


def typed_amount(text: str | None) -> str | None:
    """An amount as typed in the language spoken now, as the core reads amounts (the German
    way, scorer.core.kasse.parse_cents): "12.50" and "1,234.50" typed in English are "12,50"
    and "1234,50"; German is read as it is."""
    if text is None or decimal_symbol() == ",":
        return text
    return text.replace(",", "").replace(".", ",")


def entry_kind(cents: int) -> str:
    """A deposit (above 0) or an expense."""
    return _("Einzahlung") if cents > 0 else _("Ausgabe")


def deposit_or_expense() -> list[tuple[str, str]]:
    """The entry form's kinds, (deposit, expense) words."""
    return [("deposit", _("Einzahlung")), ("expense", _("Ausgabe"))]


def entry_line(cents: int, text: str, day: dt.date, action: str) -> str:
    """A history line of a deposit or expense: "Ausgabe „Jahresessen“ −180,00 € vom
    05.03.2026 gelöscht" (``action``: "added", "deleted" or "restored")."""
    values = {"kind": entry_kind(cents), "text": text, "amount": money(cents),
              "date": date(day)}
    if action == "added":
        return _("%(kind)s „%(text)s“ %(amount)s vom %(date)s eingetragen") % values
    if action == "deleted":
        return _("%(kind)s „%(text)s“ %(amount)s vom %(date)s gelöscht") % values
    if action == "restored":
        return _("%(kind)s „%(text)s“ %(amount)s vom %(date)s wiederhergestellt") % values
    return _("%(kind)s „%(text)s“ %(amount)s vom %(date)s") % values + f" {action}"


def moment(when: dt.datetime) -> str:
    """When a change was made, as its history line says it: "05.03.2026 21:14"."""
    return f"{date(when)} {time(when)}"


def paid_line(who: str, cents: int, number: object, before: int | None) -> str:
    """A history line of a charge marked paid: "Ben: 1,80 € für Abend 12 bezahlt (vorher
    0,80 € bezahlt)"."""
    values = {"who": who, "amount": money(cents), "number": number}
    if before is None:
        return _("%(who)s: %(amount)s für Abend %(number)s bezahlt") % values
    return _("%(who)s: %(amount)s für Abend %(number)s bezahlt (vorher %(before)s "
             "bezahlt)") % {**values, "before": money(before)}


def unpaid_line(who: str, cents: int, number: object) -> str:
    """A history line of a payment taken back."""
    return _("%(who)s: %(amount)s für Abend %(number)s wieder offen (nicht bezahlt)") % {
        "who": who, "amount": money(cents), "number": number}


def marked_paid(who: str, cents: int, number: int) -> str:
    """After a charge was marked paid."""
    return _("%(who)s: %(amount)s für Abend %(number)s bezahlt.") % {
        "who": who, "amount": money(cents), "number": number}


def marked_unpaid(who: str, number: int) -> str:
    """After a payment was taken back."""
    return _("%(who)s: Abend %(number)s ist wieder offen.") % {"who": who, "number": number}


def entry_added(cents: int, text: str) -> str:
    """After a deposit or expense was entered."""
    return _("%(kind)s „%(text)s“ %(amount)s eingetragen.") % {
        "kind": entry_kind(cents), "text": text, "amount": money(cents)}


def entry_deleted(text: str) -> str:
    """After a deposit or expense was deleted."""
    return _("„%(text)s“ gelöscht. Rückgängig oben oder im Verlauf.") % {"text": text}


def undone() -> str:
    """After a change was taken back."""
    return _("Rückgängig gemacht.")


def no_minus() -> str:
    """An amount typed with a minus: the kind says an expense."""
    return _("den Betrag ohne Minus angeben; eine Ausgabe unter „Art“ wählen")


def already_deleted() -> str:
    return _("dieser Eintrag ist schon gelöscht")


def not_deleted() -> str:
    return _("dieser Eintrag ist nicht gelöscht")


def no_such_entry() -> str:
    return _("diesen Eintrag gibt es nicht")


def no_such_evening() -> str:
    return _("diesen Abend gibt es nicht")


def no_such_player() -> str:
    return _("diesen Spieler gibt es in dieser Runde nicht")


def no_such_change() -> str:
    return _("diese Änderung gibt es nicht")


def charges_nothing(number: int, who: str) -> str:
    """A charge to mark that the evening no longer makes."""
    return _("Abend %(number)s verlangt von %(who)s nichts für die Kasse (mehr)") % {
        "number": number, "who": who}


ITEM_KINDS = {
    ItemKind.FINE: N_("Strafe"),
    ItemKind.DRINKS: N_("Getränke/Essen"),
    ItemKind.HOST: N_("Gastgeber/Essensgeld"),
    ItemKind.OTHER: N_("Sonstiges"),
}
"""What a Kasse item is, as the form and the lists say it (issue 38)."""


def item_kinds() -> list[tuple[str, str]]:
    """The item form's kinds: (stored value, words)."""
    return [(k.value, _(label)) for k, label in ITEM_KINDS.items()]


def item_kind(kind: ItemKind) -> str:
    """"Strafe", "Getränke/Essen" …"""
    return _(ITEM_KINDS[kind])


def item_label(kind: ItemKind, text: str) -> str:
    """An item as a list names it: "Strafe: zu spät"."""
    return _("%(kind)s: %(text)s") % {"kind": item_kind(kind), "text": text}


def handed_line(who: str, cents: int, action: str) -> str:
    """A history line of money handed in: "Anna gibt 20,00 €" (``action`` as entry_line)."""
    values = {"who": who, "amount": money(cents)}
    if action == "deleted":
        return _("%(who)s gibt %(amount)s – gelöscht") % values
    if action == "restored":
        return _("%(who)s gibt %(amount)s – wiederhergestellt") % values
    return _("%(who)s gibt %(amount)s") % values


def item_line(who: str, label: str, cents: int, action: str,
              before: int | None = None, after: int | None = None) -> str:
    """A history line of an item: added, deleted, restored, marked paid or not."""
    values = {"who": who, "what": label, "amount": money(cents)}
    if action == "added":
        return _("%(who)s: „%(what)s“ %(amount)s eingetragen") % values
    if action == "deleted":
        return _("%(who)s: „%(what)s“ %(amount)s gelöscht") % values
    if action == "restored":
        return _("%(who)s: „%(what)s“ %(amount)s wiederhergestellt") % values
    if after is not None:
        return _("%(who)s: %(paid)s für „%(what)s“ bezahlt") % {**values,
                                                                "paid": money(after)}
    return _("%(who)s: „%(what)s“ wieder offen (nicht bezahlt)") % values


def handed_in(who: str, cents: int) -> str:
    """After money was handed in."""
    return _("%(who)s gibt %(amount)s: auf die ältesten offenen Beträge angerechnet.") % {
        "who": who, "amount": money(cents)}


def all_settled(cents: int) -> str:
    """After "alles bezahlt"."""
    return _("Alles bezahlt: %(amount)s.") % {"amount": money(cents)}


def item_added(who: str, label: str, cents: int) -> str:
    """After an item was entered."""
    return _("%(who)s: „%(what)s“ %(amount)s eingetragen.") % {
        "who": who, "what": label, "amount": money(cents)}


def item_deleted() -> str:
    return _("Gelöscht. Rückgängig oben oder im Verlauf.")


def item_paid() -> str:
    return _("Als bezahlt vermerkt.")


def item_unpaid() -> str:
    return _("Wieder offen.")


def fee_saved() -> str:
    return _("Beitrag und Strafen gespeichert.")


def fine_line(line: str) -> str:
    """A line of the fines that is no name and amount."""
    return _("„%(line)s“: einen Namen und einen Betrag angeben, etwa „zu spät 1,00“") % {
        "line": line}


def give_a_date() -> str:
    return _("ein Datum angeben")


def give_an_amount() -> str:
    return _("einen Betrag über 0 und höchstens 100.000 € angeben")


def choose_a_kind() -> str:
    return _("die Art wählen")


def say_what() -> str:
    return _("sagen, wofür (höchstens 80 Zeichen)")


def choose_a_member() -> str:
    return _("ein Mitglied wählen")


def fee_sentence(cents: int, everyone: bool) -> str:
    """The evening's fixed fee as the Kasse page says it; "" without one."""
    if not cents:
        return ""
    if everyone:
        return _("Jeder Abend kostet jedes Mitglied %(amount)s, auch wer fehlt.") % {
            "amount": money(cents)}
    return _("Jeder Abend kostet, wer dabei war, %(amount)s.") % {"amount": money(cents)}


def due_text(owed: int, credit: int) -> str:
    """A member who owes and has a credit: "0,05 € Guthaben abgezogen: noch 13,15 €"."""
    return _("%(credit)s Guthaben abgezogen: noch %(due)s") % {
        "credit": money(credit), "due": money(max(owed - credit, 0))}


__all__ = [
    "ITEM_KINDS",
    "all_settled",
    "choose_a_kind",
    "choose_a_member",
    "due_text",
    "fee_saved",
    "fee_sentence",
    "fine_line",
    "item_deleted",
    "item_paid",
    "item_unpaid",
    "give_a_date",
    "give_an_amount",
    "handed_in",
    "handed_line",
    "item_added",
    "item_kind",
    "item_kinds",
    "item_label",
    "item_line",
    "say_what",
    "ABSENT_LABELS",
    "ABSENT_SENTENCES",
    "absent_choices",
    "absent_saved",
    "absent_since",
    "absent_sentence",
    "already_deleted",
    "charges_nothing",
    "deposit_or_expense",
    "entry_added",
    "entry_deleted",
    "entry_kind",
    "entry_line",
    "marked_paid",
    "marked_unpaid",
    "moment",
    "no_minus",
    "no_such_change",
    "no_such_entry",
    "no_such_evening",
    "no_such_player",
    "not_deleted",
    "open_text",
    "paid_line",
    "typed_amount",
    "undone",
    "unpaid_line",
]
