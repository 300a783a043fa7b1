"""What ``doko-zettel serve`` says in the terminal: its options, its refusals of a bad one,
and the lines (with the QR code) that tell whoever started it which address the phones open.
Said in the language the command speaks (scorer.web.server.language.terminal: the machine's,
if the app offers it).
"""

from __future__ import annotations

from scorer.words.i18n import _


def program() -> str:
    """The command's one line."""
    return _("Doko-Zettel betreiben.")


def command_placeholder() -> str:
    """How the usage line names the command to give."""
    return _("BEFEHL")


def serve_help() -> tuple[str, str]:
    """``serve``'s line in the list of commands, and its description."""
    return (_("Datenbank aktualisieren und die App im Netz anbieten"),
            _("Wendet die Migrationen an und startet die App mit gunicorn; gibt die Adresse für "
              "die Handys aus."))


def host_help() -> str:
    return _("Adresse, an der der Server lauscht (Standard: 0.0.0.0, alle Netzwerke dieses "
             "Rechners)")


def local_help() -> str:
    return _("nur auf diesem Rechner erreichbar (127.0.0.1)")


def port_help(default: int) -> str:
    return _("Port (Standard: %(default)s; 0 = ein freier)") % {"default": default}


def workers_help(default: int) -> str:
    return _("Anzahl der Worker (Standard: %(default)s)") % {"default": default}


def threads_help(default: int) -> str:
    return _("Threads je Worker (Standard: %(default)s)") % {"default": default}


def read_timeout_help(default: str) -> str:
    """``default`` as the command shows it ("10")."""
    return _("Sekunden, die ein Worker auf die nächsten Bytes eines Handys wartet, bevor er die "
             "Verbindung schließt (Standard: %(default)s)") % {"default": default}


def not_a_port(given: str) -> str:
    """``given`` as the person typed it, quoted ("'acht'")."""
    return _("%(given)s ist kein Port (0 bis 65535)") % {"given": given}


def workers_between(given: str) -> str:
    return _("%(given)s: zwischen 1 und 64 Worker") % {"given": given}


def seconds_between(given: str) -> str:
    return _("%(given)s: zwischen 0,5 und 300 Sekunden") % {"given": given}


def threads_between(given: str) -> str:
    return _("%(given)s: zwischen 1 und 256 Threads") % {"given": given}


def running(same_network: bool) -> str:
    """The line before the address the phones open (``same_network``: in this WLAN, not a
    configured public address)."""
    if same_network:
        return _("Doko-Zettel läuft. Die Handys am Tisch öffnen im selben WLAN:")
    return _("Doko-Zettel läuft. Die Handys am Tisch öffnen:")


def no_network(url: str) -> str:
    """Serving on every interface, but no network found (two lines)."""
    return _("Kein Netzwerk gefunden: andere Geräte erreichen diesen Rechner nicht. Mit dem "
             "WLAN verbinden und neu starten.\nAuf diesem Rechner: %(url)s") % {"url": url}


def this_machine_only(url: str) -> str:
    """Serving on this machine only (two lines)."""
    return _("Doko-Zettel läuft nur auf diesem Rechner: %(url)s\nAndere Geräte erreichen ihn "
             "so nicht (ohne --local: im ganzen WLAN).") % {"url": url}


def also_here(port: int) -> str:
    return _("Auf diesem Rechner geht auch http://127.0.0.1:%(port)s/") % {"port": port}


def how_to_stop() -> str:
    return _("Beenden mit Strg+C.")
