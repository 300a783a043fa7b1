"""The Kasse (RULES.md §11.2): the balance, what each member paid and still owes, the open
charges of the evenings settled into it (marked paid, and back), deposits and expenses, its
history with Rückgängig, the season report and a CSV of its entries.

Every amount is the core's (scorer.core.kasse) over the Runde's year (services.year); the
changes go through services.kasse, which keeps the history.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from scorer import services
from scorer.core.kasse import Charge, InvalidKasse, ItemKey, charge_order, parse_cents
from scorer.printed.tables import csv_text, kasse_header, kasse_rows
from scorer.services.year import Year, year_of
from scorer.store.models import Group
from scorer.web.pages.downloads import download
from scorer.web.pages.forms import ActionForm
from scorer.web.pages.lookup import group_or_404
from scorer.web.pages.numbers import MAX_INT, parse_int
from scorer.web.pages.pay import offer_view
from scorer.web.pages.printed_language import printing
from scorer.web.year import rules
from scorer.web.year.forms import (
    DEPOSIT,
    EXPENSE,
    AbsentForm,
    EntryForm,
    FeeForm,
    HandForm,
    ItemForm,
)
from scorer.web.year.rules import settings_page
from scorer.web.year.season_pages import context, season_or_404
from scorer.words import kasse as words
from scorer.words.files import kasse_part, runde_file
from scorer.words.formats import money, signed_money
from scorer.words.pay import kasse_remittance
from scorer.words.year import report_line, said

bp = Blueprint("kasse", __name__, url_prefix="/r/<token>/kasse")


@bp.context_processor
def _one_time_keys() -> dict[str, Any]:
    """``one_time_key()``: a fresh key for each money form a Kasse page shows."""
    return {"one_time_key": lambda: str(uuid.uuid4())}


def _sent_key(value: str | None = None) -> str | None:
    """The posted form's one-time key (None: none, or not a key; stored without one)."""
    try:
        return str(uuid.UUID(value if value is not None else request.form.get("entry_key", "")))
    except ValueError:
        return None

BACK = {"kasse": "kasse.show", "spieler": "kasse.member", "verlauf": "kasse.history"}
"""Where a change made on a page leads back to (a form names one of these)."""
RECENT = 4
"""Evenings with something open whose charges the Kasse page lists with their buttons
(paid at the table tonight or last week); older ones are on each member's page."""


@dataclass(frozen=True)
class OpenCharge:
    """A charge not settled yet, as the page lists it."""

    charge: Charge
    rest: int
    """What it still wants; negative: paid too much (the evening corrected since)."""
    player_id: int | None

    @property
    def text(self) -> str:
        """"1,80 €", "noch 0,20 € (von 2,00 €)", "0,30 € zu viel bezahlt"."""
        return words.open_text(self.rest, self.charge.cents)


@dataclass(frozen=True)
class MemberLine:
    """A member's money in the Kasse."""

    id: int
    name: str
    paid: str
    owed: str
    owes: bool
    credit: str
    due: int = 0
    """What the member still has to pay after netting, in cents ("alles bezahlt")."""
    netted: str = ""
    """Owing and a credit at once: "0,05 € Guthaben abgezogen: noch 13,15 €"."""


def _members(year: Year) -> list[MemberLine]:
    state = year.kasse
    charged = {c.player for c in year.everything.charges}
    out = []
    for member in year.members:
        paid, owed = state.paid.get(member.name, 0), state.owed.get(member.name, 0)
        credit = state.credit.get(member.name, 0)
        if paid or owed or credit or member.name in charged:
            out.append(MemberLine(member.id, member.name, money(paid), money(owed), owed > 0,
                                  money(credit) if credit else "", owed,
                                  words.due_text(owed, credit) if owed and credit else ""))
    return out


def _who(year: Year) -> list[tuple[int, str]]:
    """Whom "Wer gibt Geld?" and a Posten's "Wer?" offer: the members, and those who left
    ("Mitglied bis") but still owe, or were charged anything, or have money in the Kasse
    (marked "(ausgeschieden)")."""
    state = year.kasse
    with_money = {c.player for c in year.everything.charges if c.cents} | {
        name for name, cents in (*state.paid.items(), *state.owed.items(),
                                 *state.credit.items()) if cents}
    return [(m.id, words.retired_choice(m.name) if m.retired else m.name)
            for m in year.members if not m.retired or m.name in with_money]


def _open(year: Year, charges: Iterable[tuple[Charge, int]]
          ) -> tuple[list[dict[str, Any]], int, int]:
    """Open charges by evening, newest first: those of the RECENT newest evenings with
    something open, and how many more evenings have something open and how much."""
    ids = {m.name: m.id for m in year.members}
    by_evening: dict[int, list[OpenCharge]] = {}
    for charge, rest in charges:
        by_evening.setdefault(charge.key, []).append(
            OpenCharge(charge, rest, ids.get(charge.player)))
    newest = sorted(by_evening, key=lambda n: (by_evening[n][0].charge.date, n), reverse=True)
    shown = [{"number": number, "date": by_evening[number][0].charge.date,
              "charges": by_evening[number]} for number in newest[:RECENT]]
    older = newest[RECENT:]
    return shown, len(older), sum(max(c.rest, 0) for n in older for c in by_evening[n])


@bp.get("/")
def show(token: str) -> str:
    """The Kasse: balance, members, open charges, deposits and expenses."""
    group = group_or_404(token)
    return _page(group, services.last_kasse_change(group) if g.can_edit else None)


def _page(group: Group, last: Any = None, **forms: Any) -> str:
    year = year_of(group)
    state = year.kasse
    shown, older, older_cents = _open(year, [(c, r) for c, r in state.open if c.item is None])
    today = dt.date.today()
    s = year.settings
    fines = "\n".join(f"{text} {money(cents).removesuffix(' €')}" for text, cents in s.fines)
    ids = {m.name: m.id for m in year.members}
    return render_template(
        "kasse.html", group=group, year=year, state=state, members=_members(year),
        who=_who(year),
        open=shown, older=older, older_owed=money(older_cents), entries=year.entries,
        last=last,
        form=forms.get("form") or EntryForm(formdata=None, data={"date": today,
                                                                 "entry_key": str(uuid.uuid4())}),
        hand=forms.get("hand") or HandForm(formdata=None, data={"date": today}),
        item_form=forms.get("item_form") or ItemForm(formdata=None, data={"date": today}),
        fee_form=forms.get("fee_form") or FeeForm(formdata=None, data={
            "fee": money(s.fee_cents).removesuffix(" €") if s.fee_cents else "",
            "fee_for": "members" if s.fee_everyone else "present", "fines": fines}),
        form_problems=forms.get("form_problems"), hand_problems=forms.get("hand_problems"),
        item_problems=forms.get("item_problems"), fee_problems=forms.get("fee_problems"),
        open_items=[OpenCharge(c, r, ids.get(c.player)) for c, r in state.open
                    if c.item is not None],
        payments=year.payments[:10], fines=s.fines, item_label=_item_label,
        names={m.id: m.name for m in year.members},
        fee_sentence=words.fee_sentence(s.fee_cents, s.fee_everyone),
        action=ActionForm(formdata=None), euro=money, signed_euro=signed_money,
        absent_sentence=_absent_sentence(year), kasse_evenings=_kasse_evenings(year))


def _absent_sentence(year: Year) -> str:
    s = year.settings
    sentence = words.absent_sentence(s.absent_pays, s.absent_fixed_cents)
    # Changed over time (RULES.md §11.4): say since when, and that older evenings differ.
    since = max((d.start for d in year.rules.absent if d.start <= dt.date.today()),
                default=None)
    if since is None or len(year.rules.absent) < 2:
        return sentence
    return words.absent_since(sentence, since)


def _kasse_evenings(year: Year) -> int:
    return sum(1 for e in year.everything.counted if e.payments is not None and e.closed)


@bp.get("/spieler/<int:player_id>")
def member(token: str, player_id: int) -> str:
    """Every charge of one member, newest first: paid or open, and the buttons."""
    group = group_or_404(token)
    year = year_of(group)
    found = year.member(player_id)  # a player of another Runde is none of this one's: 404
    if found is None:
        abort(404)
    marks = year.everything.marks
    state = year.kasse
    charges = sorted((c for c in year.everything.charges if c.player == found.name),
                     key=charge_order, reverse=True)
    # Everything still open, and what was settled in the current season (older payments
    # are in the Kasse's CSV and Verlauf: ten years would be five hundred lines).
    current = year.season(None)
    since = current.evenings[0].date if current is not None and current.evenings else None
    paid = {(c.key, c.player): state.settled(c, marks) for c in charges}
    shown = [{"charge": c, "paid": paid[c.key, c.player],
              "marked": marks.get((c.key, c.player), 0)} for c in charges
             if c.cents != paid[c.key, c.player] or (since is not None and c.date >= since)]
    # Marks of evenings that charge nothing now (reopened, or settled otherwise since).
    charged = {(c.key, c.player) for c in charges}
    orphans = sorted(((key, cents) for (key, name), cents in marks.items()
                      if name == found.name and (key, name) not in charged
                      and not isinstance(key, ItemKey)), reverse=True)
    # Only what was paid is hidden and counted: a share of 0,00 € was no payment.
    hidden = sum(1 for c in charges if c.cents) - sum(1 for c in charges if c.cents and (
        c.cents != paid[c.key, c.player] or (since is not None and c.date >= since)))
    handed = [p for p in year.payments if p[2] == found.name]
    keeper = services.treasurer_of(group)
    with printing(group):
        purpose = kasse_remittance(group.name)
    kasse_pay = offer_view(services.pay_offer(
        keeper if keeper is not None and keeper.id != player_id else None,
        state.owed.get(found.name, 0), purpose))
    return render_template(
        "kasse_member.html", group=group, member=found, rows=shown, kasse_pay=kasse_pay,
        hidden=hidden, orphans=orphans, handed=handed,
        due=state.owed.get(found.name, 0), item_label=_item_label,
        paid=money(state.paid.get(found.name, 0)), owed=money(state.owed.get(found.name, 0)),
        credit=state.credit.get(found.name, 0), euro=money, action=ActionForm(formdata=None))


def _item_label(charge: Charge) -> str:
    item = charge.item
    return "" if item is None else words.item_label(item.kind, item.text)


@bp.get("/verlauf")
def history(token: str) -> str:
    """Every change of the Kasse, newest first, each taken back with Rückgängig while
    nothing happened to its charge or entry since."""
    group = group_or_404(token)
    here = services.link_fingerprint()
    return render_template("kasse_history.html", group=group,
                           lines=services.kasse_history(group), here=here,
                           action=ActionForm(formdata=None), moment=words.moment)


@bp.get("/bericht")
def report(token: str) -> str:
    """The season report per member (§11.2): evenings, points, what they paid, and the
    sum, average, minimum and maximum of their charges per evening."""
    group = group_or_404(token)
    year = year_of(group)
    view = season_or_404(year)
    rows = [report_line(r) for r in view.report] if view is not None else []
    return render_template("kasse_report.html", group=group, rows=rows,
                           **context(year, view))


# ------------------------------------------------------------------ changes


def _back(token: str, default: str = "kasse") -> Response:
    where = request.form.get("back", default)
    endpoint = BACK.get(where, BACK[default])
    args: dict[str, Any] = {"token": token}
    if endpoint == "kasse.member":
        player_id = parse_int(request.form.get("spieler"), low=1)
        if player_id is None:
            endpoint = "kasse.show"
        else:
            args["player_id"] = player_id
    return redirect(url_for(endpoint, **args))


def _refused(err: services.Refused) -> None:
    flash(" ".join(m for _, m in err.problems), "error")


def _charge_fields() -> tuple[int, int, int]:
    number = parse_int(request.form.get("abend"), low=1)
    player_id = parse_int(request.form.get("spieler"), low=1)
    shown = parse_int(request.form.get("betrag"))
    if not ActionForm().validate_on_submit() or None in (number, player_id, shown):
        abort(400)
    assert number is not None and player_id is not None and shown is not None
    return number, player_id, shown


@bp.post("/bezahlt")
def paid(token: str) -> Response:
    """Mark a charge paid (what the page showed as open)."""
    group = group_or_404(token)
    number, player_id, shown = _charge_fields()
    try:
        event = services.mark_paid(group, number, player_id, shown, _sent_key())
    except services.Refused as err:
        _refused(err)
    else:
        name = next(p.name for p in group.players if p.id == player_id)
        flash(words.marked_paid(name, event.new_cents or 0, number))
    return _back(token)


@bp.post("/offen")
def unpaid(token: str) -> Response:
    """Take a payment back: the charge is owed again."""
    group = group_or_404(token)
    number, player_id, shown = _charge_fields()
    try:
        services.mark_unpaid(group, number, player_id, shown, _sent_key())
    except services.Refused as err:
        _refused(err)
    else:
        name = next(p.name for p in group.players if p.id == player_id)
        flash(words.marked_unpaid(name, number))
    return _back(token)


@bp.post("/eintrag")
def add_entry(token: str) -> Response | tuple[str, int]:
    """A deposit or an expense."""
    group = group_or_404(token)
    form = EntryForm()
    errors: dict[str, list[str]] = {}
    if form.validate_on_submit():
        try:
            if form.kind.data not in (DEPOSIT, EXPENSE):
                raise InvalidKasse([("kind", words.choose_a_kind())])
            cents = parse_cents(words.typed_amount(form.amount.data or ""), "amount")
            if cents < 0:
                raise InvalidKasse([("amount", words.no_minus())])
            sign = 1 if form.kind.data == DEPOSIT else -1
            entry = services.add_kasse_entry(group, form.date.data, form.text.data,
                                             sign * cents, _sent_key(form.entry_key.data))
        except InvalidKasse as err:
            errors = _by_field(said(err.problems))
        except services.Refused as err:
            errors = _by_field(err.problems)
        else:
            flash(words.entry_added(entry.cents, entry.text))
            return redirect(url_for("kasse.show", token=token, _anchor="ein-und-ausgaben"))
    for field in ("date", "text", "amount", "kind"):
        form[field].errors = [*form[field].errors, *errors.pop(field, [])]
    return _page(group, None, form=form,
                 form_problems=[m for messages in errors.values() for m in messages]), 422


def _by_field(problems: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for field, message in problems:
        out.setdefault("amount" if field == "cents" else field, []).append(message)
    return out


@bp.post("/eintrag/<int:entry_id>/loeschen")
def delete_entry(token: str, entry_id: int) -> Response:
    """Delete a deposit or expense (the Verlauf brings it back)."""
    group = group_or_404(token)
    if entry_id > MAX_INT or services.find_kasse_entry(group, entry_id) is None:
        abort(404)
    if not ActionForm().validate_on_submit():
        abort(400)
    try:
        entry = services.delete_kasse_entry(group, entry_id)
    except services.Refused as err:
        _refused(err)
    else:
        flash(words.entry_deleted(entry.text))
    return redirect(url_for("kasse.show", token=token))


@bp.post("/verlauf/<int:event_id>/rueckgaengig")
def undo(token: str, event_id: int) -> Response:
    """Take one change of the Kasse back."""
    group = group_or_404(token)
    if event_id > MAX_INT or services.find_kasse_event(group, event_id) is None:
        abort(404)
    if not ActionForm().validate_on_submit():
        abort(400)
    try:
        services.undo_kasse(group, event_id)
    except services.Refused as err:
        _refused(err)
    else:
        flash(words.undone())
    return _back(token)


@bp.post("/fehlende")
def absent(token: str) -> Response | tuple[str, int]:
    """What a member who was not at an evening settled into the Kasse pays."""

    group = group_or_404(token)
    form = AbsentForm()
    if not form.validate_on_submit():
        return settings_page(group, absent=form, status=422)
    start = rules.valid_from(form.absent_applies, form.absent_from)
    if start is None:
        return settings_page(group, absent=form, status=422)
    try:
        fixed = (parse_cents(words.typed_amount(form.absent_fixed.data), "absent_fixed")
                 if form.absent_pays.data == "fixed" else 0)
        candidate = services.absent_setting(group, form.absent_pays.data, fixed, start)
    except InvalidKasse as err:
        return settings_page(group, absent=form, errors=_absent_errors(said(err.problems)),
                             status=422)
    except services.Refused as err:
        return settings_page(group, absent=form, errors=_absent_errors(err.problems),
                             status=422)
    mode = candidate.absent_on(start).absent_pays
    # Evenings already played under another rule are shown first (RULES.md §11.4).
    return rules.decide(group, candidate, bool(form.confirm.data),
                        lambda: words.absent_saved(mode, start), "fehlende")


def _absent_errors(problems: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for field, message in problems:
        errors.setdefault("absent_fixed" if field == "absent_fixed_cents" else field,
                          []).append(message)
    return errors


# ------------------------------------------------------------------ CSV


@bp.get("/kasse.csv")
def csv(token: str) -> Response:
    """The Kasse's entries as CSV (semicolons, UTF-8, as the Runde's other CSV files)."""
    group: Group = group_or_404(token)
    with printing(group):
        body = csv_text(kasse_header(), kasse_rows(year_of(group)))
        return download(body, "text/csv", runde_file(group.name, kasse_part(), "csv"))


# ------------------------------------------------------------------ as the table pays


def _member_id(value: str | None) -> int | None:
    return parse_int(value, low=1)


@bp.post("/gibt")
def hand_in(token: str) -> Response | tuple[str, int]:
    """A member hands in an amount ("Anna gibt 20 €"): applied to their oldest open
    charges; what is left is their credit."""
    group = group_or_404(token)
    form = HandForm()
    problems: list[tuple[str, str]] = []
    if form.validate_on_submit():
        player_id = _member_id(form.player.data)
        try:
            cents = parse_cents(words.typed_amount(form.amount.data or ""), "amount")
            if player_id is None:
                raise InvalidKasse([("player", words.choose_a_member())])
            item = services.hand_in(group, player_id, form.date.data, cents,
                                    _sent_key())
        except InvalidKasse as err:
            problems = said(err.problems)
        except services.Refused as err:
            problems = list(err.problems)
        else:
            name = next(p.name for p in group.players if p.id == item.player_id)
            flash(words.handed_in(name, item.cents))
            return _back(token)
    for field, message in problems:
        target = form[field] if field in ("player", "amount", "date") else form.amount
        target.errors = [*target.errors, message]
    return _page(group, None, hand=form,
                 hand_problems=[m for _, m in problems] or [
                     m for f in form for m in f.errors]), 422


@bp.post("/alles")
def settle_all(token: str) -> Response:
    """"alles bezahlt": everything still open of one member or of one evening."""
    group = group_or_404(token)
    player_id = _member_id(request.form.get("spieler"))
    number = parse_int(request.form.get("abend"), low=1)
    shown = parse_int(request.form.get("betrag"))
    if not ActionForm().validate_on_submit() or shown is None or (player_id is None) == (
            number is None):
        abort(400)
    try:
        total = services.settle_all(group, shown, player_id=player_id, number=number,
                                    key=_sent_key())
    except services.Refused as err:
        _refused(err)
    else:
        flash(words.all_settled(total))
    return _back(token)


@bp.post("/posten")
def add_item(token: str) -> Response | tuple[str, int]:
    """A fine, drinks, a host's contribution charged to one member."""
    group = group_or_404(token)
    form = ItemForm()
    problems: list[tuple[str, str]] = []
    if form.validate_on_submit():
        player_id = _member_id(form.player.data)
        # A fine of the Runde's list without an amount typed: its amount.
        listed = dict(year_of(group).settings.fines).get((form.text.data or "").strip())
        try:
            cents = (listed if listed is not None and not (form.amount.data or "").strip()
                     else parse_cents(words.typed_amount(form.amount.data or ""), "amount"))
            if player_id is None:
                raise InvalidKasse([("player", words.choose_a_member())])
            item = services.add_item(group, player_id, form.date.data, form.kind.data,
                                     form.text.data, cents, key=_sent_key())
        except InvalidKasse as err:
            problems = said(err.problems)
        except services.Refused as err:
            problems = list(err.problems)
        else:
            name = next(p.name for p in group.players if p.id == item.player_id)
            flash(words.item_added(name, item.text, item.cents))
            return redirect(url_for("kasse.show", token=token, _anchor="posten"))
    for field, message in problems:
        target = form[field] if field in ("player", "amount", "date", "text", "kind") \
            else form.amount
        target.errors = [*target.errors, message]
    return _page(group, None, item_form=form,
                 item_problems=[m for _, m in problems] or [
                     m for f in form for m in f.errors]), 422


@bp.post("/posten/<int:entry_id>/bezahlt")
def item_paid(token: str, entry_id: int) -> Response:
    """An item marked paid (what the page showed as open)."""
    return _item_change(token, entry_id, "bezahlt")


@bp.post("/posten/<int:entry_id>/offen")
def item_unpaid(token: str, entry_id: int) -> Response:
    """An item's payment taken back."""
    return _item_change(token, entry_id, "offen")


@bp.post("/posten/<int:entry_id>/loeschen")
def item_delete(token: str, entry_id: int) -> Response:
    """A payment handed in or an item deleted (the Verlauf brings it back)."""
    return _item_change(token, entry_id, "loeschen")


def _item_change(token: str, item_id: int, what: str) -> Response:
    group = group_or_404(token)
    if item_id > MAX_INT or services.find_kasse_item(group, item_id) is None:
        abort(404)
    if not ActionForm().validate_on_submit():
        abort(400)
    try:
        if what == "loeschen":
            services.delete_item(group, item_id)
        else:
            shown = parse_int(request.form.get("betrag"))
            if shown is None:
                abort(400)
            services.mark_item(group, item_id, what == "bezahlt", shown, _sent_key())
    except services.Refused as err:
        _refused(err)
    else:
        flash(_item_flash(what))
    return _back(token)


def _item_flash(what: str) -> str:
    return {"loeschen": words.item_deleted(), "bezahlt": words.item_paid(),
            "offen": words.item_unpaid()}[what]


@bp.post("/beitrag")
def fee(token: str) -> Response | tuple[str, int]:
    """The fixed fee per evening, who pays it, and the Runde's fines."""
    group = group_or_404(token)
    form = FeeForm()
    if not form.validate_on_submit():
        abort(400)
    problems: list[tuple[str, str]] = []
    try:
        cents = parse_cents(words.typed_amount(form.fee.data or "0") or "0", "fee")
        fines = _fines(form.fines.data or "")
        services.set_kasse_fee(group, cents, form.fee_for.data == "members", fines)
    except InvalidKasse as err:
        problems = said(err.problems)
    except services.Refused as err:
        problems = list(err.problems)
    else:
        flash(words.fee_saved())
        return redirect(url_for("kasse.show", token=token, _anchor="beitrag"))
    for field, message in problems:
        target = form.fines if field == "fines" else form.fee
        target.errors = [*target.errors, message]
    return _page(group, None, fee_form=form, fee_problems=[m for _, m in problems]), 422


def _fines(text: str) -> list[tuple[str, int]]:
    """The fines as typed, one a line: a name and an amount ("zu spät 1,00")."""
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        name, _, amount = line.strip().rpartition(" ")
        if not name.strip():
            raise InvalidKasse([("fines", words.fine_line(line.strip()))])
        try:
            out.append((name.strip(), parse_cents(words.typed_amount(amount), "fines")))
        except InvalidKasse:
            raise InvalidKasse([("fines", words.fine_line(line.strip()))]) from None
    return out
