"""Everything that speaks HTTP, by area: ``runde`` (the start page, a Runde, its players and
house rules), ``evening`` (an evening's sheet and everything that changes it), ``year`` (the
Runde's seasons, Kasse, Bestenliste and Statistik), ``club`` (the club evening), ``imports``
(another app's data into a Runde). Each area holds its blueprints and their forms; a blueprint
never imports another. ``pages`` is what the areas' pages share (lookups, the base form,
numbers, downloads, printouts …), ``server`` what guards and runs the server (hosts, https,
request bodies, limits per client, logs, the LAN address, static assets, the PWA)."""
