"""Paying with a scan, the core: IBANs checked (ISO 13616), PayPal.me names read, and the
GiroCode's text (EPC069-12) of a payment."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core.payment import (
    IBAN_LENGTHS,
    InvalidPayment,
    clean_iban,
    clean_paypal_me,
    girocode,
    iban_checks,
    paypal_link,
)
from tests.budget import examples

# Published example IBANs (banks' and the registry's own examples), each valid.
VALID = {
    "DE89370400440532013000": "DE89370400440532013000",
    "de89 3704 0044 0532 0130 00": "DE89370400440532013000",
    " DE89-3704-0044-0532-0130-00 ": "DE89370400440532013000",
    "GB82 WEST 1234 5698 7654 32": "GB82WEST12345698765432",
    "AT611904300234573201": "AT611904300234573201",
    "CH9300762011623852957": "CH9300762011623852957",
    "NL91ABNA0417164300": "NL91ABNA0417164300",
    "FR1420041010050500013M02606": "FR1420041010050500013M02606",
    "NO9386011117947": "NO9386011117947",
    "BE68539007547034": "BE68539007547034",
}


@pytest.mark.parametrize(("typed", "stored"), VALID.items(), ids=list(VALID.values()))
def test_a_valid_iban_is_kept_in_its_electronic_form(typed, stored):
    assert clean_iban(typed) == stored


@pytest.mark.parametrize(("typed", "says"), [
    ("DE88370400440532013000", "IBAN: die Prüfziffern stimmen nicht (vertippt?)"),
    ("DE89370400440532013001", "IBAN: die Prüfziffern stimmen nicht (vertippt?)"),
    ("DE89 3704 0044 0532 0130 0", "IBAN: eine IBAN aus DE hat 22 Zeichen, diese hat 21"),
    ("DE8937040044053201300000", "IBAN: eine IBAN aus DE hat 22 Zeichen, diese hat 24"),
    ("XX89370400440532013000",
     "IBAN: beginnt nicht mit einem Ländercode, der IBANs hat (XX)"),
    ("US12345678901234567890",
     "IBAN: beginnt nicht mit einem Ländercode, der IBANs hat (US)"),
    ("DEAB370400440532013000",
     "IBAN: beginnt nicht mit einem Ländercode, der IBANs hat (DE)"),
    ("DE89 3704 0044 0532 0130 0ä", "IBAN: nur Buchstaben und Ziffern, höchstens 34"),
    ("   ", "IBAN fehlt"),
], ids=["check-digits", "one-digit-off", "too-short", "too-long", "unknown-country",
        "no-iban-country", "letters-for-check-digits", "umlaut", "blank"])
def test_a_wrong_iban_is_refused_naming_the_field_and_what_is_wrong(typed, says):
    with pytest.raises(InvalidPayment) as refused:
        clean_iban(typed)
    assert refused.value.problems == (("iban", says),)


def test_the_check_digits_are_mod_97_worked_by_hand():
    # DE89 3704 0044 0532 0130 00: "370400440532013000" + "DE89", D=13, E=14:
    # 370400440532013000131489 mod 97 = 1 (the rule of ISO 7064 mod 97-10).
    assert 370400440532013000131489 % 97 == 1
    assert iban_checks("DE89370400440532013000")
    # Swapping two digits, the mistake the check digits are there for, is caught.
    assert not iban_checks("DE89370400440532031000")


def test_every_country_has_a_length_an_iban_can_have():
    assert IBAN_LENGTHS["DE"] == 22 and IBAN_LENGTHS["NO"] == 15 and IBAN_LENGTHS["RU"] == 33
    assert all(15 <= n <= 34 and len(c) == 2 and c.isupper() for c, n in IBAN_LENGTHS.items())


@pytest.mark.parametrize("typed", ["AnnaDoko", "@AnnaDoko", "paypal.me/AnnaDoko",
                                   "https://www.paypal.me/AnnaDoko/", "https://PayPal.Me/AnnaDoko"])
def test_a_paypal_me_name_is_read_from_the_name_or_its_link(typed):
    assert clean_paypal_me(typed) == "AnnaDoko"


@pytest.mark.parametrize("typed", ["", "anna doko", "anna.doko", "a" * 21,
                                   "https://evil.example/AnnaDoko"])
def test_a_wrong_paypal_me_name_is_refused_on_its_field(typed):
    with pytest.raises(InvalidPayment) as refused:
        clean_paypal_me(typed)
    assert refused.value.field == "paypal"
    assert refused.value.message.startswith("PayPal.me:")


def test_the_paypal_link_carries_the_amount_in_euros():
    assert paypal_link("AnnaDoko", 340) == "https://paypal.me/AnnaDoko/3.40EUR"
    assert paypal_link("AnnaDoko", 5) == "https://paypal.me/AnnaDoko/0.05EUR"
    assert paypal_link("AnnaDoko", 123456) == "https://paypal.me/AnnaDoko/1234.56EUR"
    with pytest.raises(ValueError):
        paypal_link("AnnaDoko", 0)


def test_the_girocode_has_the_epc_fields_in_their_places():
    text = girocode("Anna Schmidt", "DE89370400440532013000", 340, "Doko-Zettel Abend 12")
    # EPC069-12: service tag, version 002 (BIC optional), 1 = UTF-8, SCT, BIC (empty),
    # name, IBAN, amount, purpose (empty), structured reference (empty), remittance.
    assert text.split("\n") == ["BCD", "002", "1", "SCT", "", "Anna Schmidt",
                                "DE89370400440532013000", "EUR3.40", "", "",
                                "Doko-Zettel Abend 12"]
    assert len(text.encode()) <= 331


def test_the_girocode_cuts_long_fields_and_keeps_them_on_one_line():
    text = girocode("A\nB" + "x" * 100, "DE89370400440532013000", 1, "Abend\n" + "y" * 200)
    lines = text.split("\n")
    assert len(lines) == 11
    assert lines[5] == ("A B" + "x" * 100)[:70] and lines[7] == "EUR0.01"
    assert len(lines[10]) == 140 and lines[10].startswith("Abend y")


# ------------------------------------------------------------------ properties

COUNTRIES = sorted(IBAN_LENGTHS)


@st.composite
def ibans(draw: st.DrawFn) -> str:
    """A valid IBAN of any registry country: random digits, check digits computed."""
    country = draw(st.sampled_from(COUNTRIES))
    bban = draw(st.text("0123456789", min_size=IBAN_LENGTHS[country] - 4,
                        max_size=IBAN_LENGTHS[country] - 4))
    rest = int("".join(str(int(c, 36)) for c in bban + country + "00")) % 97
    return f"{country}{98 - rest:02d}{bban}"


@settings(max_examples=examples(50, 500))
@given(ibans(), st.data())
def test_one_wrong_character_is_always_caught(iban, data):
    place = data.draw(st.integers(2, len(iban) - 1))
    wrong = data.draw(st.sampled_from([d for d in "0123456789" if d != iban[place]]))
    assert clean_iban(iban) == iban
    with pytest.raises(InvalidPayment):
        clean_iban(iban[:place] + wrong + iban[place + 1:])


@settings(max_examples=examples(50, 500))
@given(ibans())
def test_spaces_and_lower_case_never_change_what_is_kept(iban):
    grouped = " ".join(iban[k:k + 4] for k in range(0, len(iban), 4)).lower()
    assert clean_iban(grouped) == clean_iban(iban) == iban
