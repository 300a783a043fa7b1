"""The page that sets the price of a point, how the evening settles and to what it is
rounded."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorer import services
from scorer.core.settlement import Settlement, price_cents
from scorer.store.models import Evening
from scorer.web.evening.forms import SettlementForm
from scorer.web.evening.sheet_money import money
from scorer.web.pages.forms import sent_revision
from scorer.web.pages.lookup import evening_or_404
from scorer.web.pages.pay import PayLineView, line_views
from scorer.web.pages.printed_language import printing
from scorer.words import money as money_words
from scorer.words.pay import remittance

bp = Blueprint("money", __name__, url_prefix="/r/<token>/abend/<int:number>")


def settlement_form(evening: Evening, formdata: Any = None) -> SettlementForm:
    """The form filled with the evening's current choices and revision."""
    data = {"revision": evening.revision,
            "cents_per_point": price_cents(evening.tenth_cents_per_point),
            "settlement_mode": evening.settlement_mode,
            "settlement_rounding": evening.settlement_rounding}
    return SettlementForm(formdata=formdata, data=data)


@bp.route("/abrechnung", methods=["GET", "POST"])
def edit(token: str, number: int) -> str | Response | tuple[str, int]:
    """Cents per point, how the evening settles and to what it is rounded."""
    evening = evening_or_404(token, number)
    sheet_url = url_for("evenings.show", token=token, number=number)
    form = settlement_form(evening, request.form if request.method == "POST" else None)
    errors: dict[str, list[str]] = {}
    if request.method == "POST" and form.validate_on_submit():
        assert form.cents_per_point.data is not None  # validated: InputRequired
        try:
            services.set_settlement(
                evening, cents_per_point=form.cents_per_point.data,
                mode=form.settlement_mode.data, rounding=form.settlement_rounding.data,
                revision=sent_revision(form))
        except services.Refused as err:
            for field, message in err.problems:
                errors.setdefault(field, []).append(message)
        else:
            flash(money_words.saved())
            return redirect(sheet_url + "#abrechnung")
    ledger = services.sheet(evening).ledger
    settled = services.settlement(evening, ledger.totals)
    page = render_template(
        "settlement.html", group=evening.group, evening=evening, form=form, errors=errors,
        money=money(settled), pay_lines=pay_lines(evening, settled), sheet_url=sheet_url)
    return (page, 422) if request.method == "POST" else page


def pay_lines(evening: Evening, settled: Settlement | None) -> tuple[PayLineView, ...]:
    """The settlement's transfers and payments with their GiroCodes and PayPal links; empty
    when nobody of them can be paid so."""
    # The purpose on the payee's bank statement: in the Runde's language, as its printouts.
    with printing(evening.group):
        purpose = remittance(evening.number)
    lines = services.settlement_offers(evening.group, settled, purpose)
    if settled is None or not services.any_offer(lines):
        return ()
    return line_views(lines, money_words.lines(settled))


@bp.get("/bezahlen")
def pay(token: str, number: int) -> str:
    """Each transfer of the evening's settlement with a GiroCode and a PayPal.me link, for
    those who keep them (the read-only link shows it too: the table pays from it)."""
    evening = evening_or_404(token, number)
    settled = services.settlement(evening, services.sheet(evening).ledger.totals)
    return render_template(
        "pay.html", group=evening.group, evening=evening, money=money(settled),
        pay_lines=pay_lines(evening, settled),
        sheet_url=url_for("evenings.show", token=token, number=number))
