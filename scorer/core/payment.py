"""Paying a transfer with a scan: a player's IBAN checked (ISO 13616), a PayPal.me name, and
the GiroCode (EPC069-12, the QR code German banking apps scan) of one payment. Pure: imports
only the standard library and the core.

An IBAN is read the way people type it, spaces and lower case allowed, and checked for its
country, its length in that country and its two check digits (mod 97):

>>> clean_iban("de89 3704 0044 0532 0130 00")
'DE89370400440532013000'
>>> grouped_iban("DE89370400440532013000")
'DE89 3704 0044 0532 0130 00'

The GiroCode of "Ben zahlt Anna 3,40 €", one line per field:

>>> print(girocode("Anna", "DE89370400440532013000", 340, "Doko-Zettel Abend 12"))
BCD
002
1
SCT
<BLANKLINE>
Anna
DE89370400440532013000
EUR3.40
<BLANKLINE>
<BLANKLINE>
Doko-Zettel Abend 12

A PayPal.me name, as typed or pasted from the link, and its link with the amount:

>>> clean_paypal_me("https://www.paypal.me/AnnaDoko")
'AnnaDoko'
>>> paypal_link("AnnaDoko", 340)
'https://paypal.me/AnnaDoko/3.40EUR'
"""

from __future__ import annotations

import re

from scorer.core.rules import N_, InvalidInput, Said

IBAN_LENGTHS: dict[str, int] = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BI": 27, "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27,
    "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27,
    "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HN": 28, "HR": 21, "HU": 28,
    "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28,
    "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22,
    "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18, "NO": 15, "OM": 23,
    "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "RU": 33, "SA": 24,
    "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25, "SV": 28,
    "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
    # Territories the registry counts under FI, FR and GB, by their own codes.
    "AX": 18, "BL": 27, "GF": 27, "GP": 27, "MF": 27, "MQ": 27, "NC": 27, "PF": 27, "PM": 27,
    "RE": 27, "TF": 27, "WF": 27, "YT": 27, "GG": 22, "IM": 22, "JE": 22,
}
"""The length of an IBAN in each country of the IBAN registry (ISO 13616, SWIFT's registry),
and in the territories that may use their own code."""

SEPA = frozenset({
    "AD", "AT", "AX", "BE", "BG", "BL", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR",
    "GB", "GF", "GG", "GI", "GP", "GR", "HR", "HU", "IE", "IM", "IS", "IT", "JE", "LI", "LT",
    "LU", "LV", "MC", "MF", "MQ", "MT", "NC", "NL", "NO", "PF", "PL", "PM", "PT", "RE", "RO",
    "SE", "SI", "SK", "SM", "TF", "VA", "WF", "YT"})
"""The countries of the SEPA zone: a GiroCode (a SEPA credit transfer) pays only an IBAN of
one of them."""

MAX_IBAN = 34
"""No IBAN is longer (ISO 13616)."""
PAYPAL_ME = re.compile(r"[A-Za-z0-9]{1,20}")
"""A PayPal.me name: up to 20 letters and digits."""
MAX_PAYEE = 70
"""The EPC QR code's beneficiary name holds at most 70 characters."""
MAX_REMITTANCE = 140
"""Its unstructured remittance at most 140."""
MAX_EUROS = 999_999_999_99
"""Its highest amount, in cents (999.999.999,99 €)."""


class InvalidPayment(InvalidInput):
    """An IBAN or PayPal.me name that cannot be: the field and what is wrong, in German."""


def clean_iban(text: str) -> str:
    """``text`` as an IBAN in its electronic form (upper case, no spaces), or InvalidPayment
    on ``iban`` naming what is wrong: characters, country, length, check digits.

    >>> try:
    ...     clean_iban("DE88370400440532013000")
    ... except InvalidPayment as err:
    ...     print(err)
    iban: IBAN: die Prüfziffern stimmen nicht (vertippt?)
    """
    iban = re.sub(r"[\s-]+", "", text).upper()
    if not iban:
        raise InvalidPayment([("iban", N_("IBAN fehlt"))])
    if not re.fullmatch(r"[A-Z0-9]+", iban) or len(iban) > MAX_IBAN:
        raise InvalidPayment([("iban", N_("IBAN: nur Buchstaben und Ziffern, höchstens 34"))])
    country = iban[:2]
    length = IBAN_LENGTHS.get(country)
    if length is None or not re.fullmatch(r"[A-Z]{2}[0-9]{2}", iban[:4]):
        raise InvalidPayment([("iban", Said(
            N_("IBAN: beginnt nicht mit einem Ländercode, der IBANs hat (%(country)s)"),
            country=country))])
    if len(iban) != length:
        raise InvalidPayment([("iban", Said(
            N_("IBAN: eine IBAN aus %(country)s hat %(length)s Zeichen, diese hat %(found)s"),
            country=country, length=str(length), found=str(len(iban))))])
    if not iban_checks(iban):
        raise InvalidPayment([("iban", N_("IBAN: die Prüfziffern stimmen nicht (vertippt?)"))])
    return iban


def iban_checks(iban: str) -> bool:
    """Whether an IBAN's check digits fit (ISO 7064 mod 97-10, as ISO 13616 wants): the first
    four characters moved to the end, letters as 10 to 35, the number mod 97 is 1.

    >>> iban_checks("GB82WEST12345698765432"), iban_checks("GB82WEST12345698765423")
    (True, False)
    """
    moved = iban[4:] + iban[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def in_sepa(iban: str) -> bool:
    """Whether a GiroCode can pay this (checked) IBAN: its country is in the SEPA zone."""
    return iban[:2] in SEPA


def grouped_iban(iban: str) -> str:
    """An IBAN in groups of four, as it is printed for people to read."""
    return " ".join(iban[k:k + 4] for k in range(0, len(iban), 4))


def clean_paypal_me(text: str) -> str:
    """A PayPal.me name from what was typed: the name itself, "@name" or the whole link; or
    InvalidPayment on ``paypal``."""
    name = text.strip()
    name = re.sub(r"^(?:https?://)?(?:www\.)?paypal\.me/", "", name, flags=re.IGNORECASE)
    name = name.removeprefix("@").strip("/")
    if not PAYPAL_ME.fullmatch(name):
        raise InvalidPayment([("paypal", N_(
            "PayPal.me: nur der Name hinter paypal.me/, bis zu 20 Buchstaben und Ziffern"))])
    return name


def _amount(cents: int) -> str:
    if not 0 < cents <= MAX_EUROS:
        raise ValueError(f"no amount a transfer can carry: {cents} cents")
    euros, rest = divmod(cents, 100)
    return f"{euros}.{rest:02d}"


def paypal_link(name: str, cents: int) -> str:
    """The PayPal.me link that opens a payment of ``cents`` in euros to ``name``."""
    return f"https://paypal.me/{name}/{_amount(cents)}EUR"


def girocode(payee: str, iban: str, cents: int, remittance: str) -> str:
    """The text of an EPC QR code (EPC069-12, version 002, UTF-8, no BIC) of a SEPA credit
    transfer of ``cents`` to ``payee``'s ``iban`` with ``remittance`` as its purpose; what
    does not fit a field is cut to its length."""
    lines = ["BCD", "002", "1", "SCT", "",
             _one_line(payee)[:MAX_PAYEE], iban, "EUR" + _amount(cents), "", "",
             _one_line(remittance)[:MAX_REMITTANCE]]
    return "\n".join(lines)


def _one_line(text: str) -> str:
    return " ".join(text.split())


__all__ = ["IBAN_LENGTHS", "MAX_EUROS", "InvalidPayment", "clean_iban", "clean_paypal_me", "girocode",
           "grouped_iban", "iban_checks", "in_sepa", "paypal_link", "SEPA"]
