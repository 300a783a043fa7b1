"""This machine's address in the local network, the one the phones at the table can open.

Found the way the operating system would answer a phone: a UDP socket "connected" to an
address in a private range makes the kernel choose the route and the source address for it.
Connecting a UDP socket sends nothing, so no packet leaves the machine, and no name server
is asked.
"""

from __future__ import annotations

import ipaddress
import socket

PROBES = ("10.255.255.255", "172.31.255.255", "192.168.255.255")
"""One address in each private range (RFC 1918). With a default route all three give the
same answer; without one, the range the local network is in may still have a route."""


def lan_address() -> str | None:
    """The IPv4 address other devices reach this machine at, or None without a network."""
    for probe in PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            try:
                udp.connect((probe, 9))  # port 9: "discard"; nothing is sent either way
            except OSError:  # no route to this range
                continue
            address = ipaddress.ip_address(udp.getsockname()[0])
        if not (address.is_loopback or address.is_unspecified):
            return str(address)
    return None
