"""The printed products: what a table pins to the wall or files away.

``evening`` (the evening's score sheet), ``season`` (a season of the Runde), ``club`` (the club
evening's ranking, seating plan and Tischzettel) turn what the core computed into plain data
for their templates in ``templates/pdf/``; ``tables`` writes the CSV files; ``pdf`` is the
printer (WeasyPrint, the one Jinja environment, only the app's own files); ``render`` makes
the PDFs outside the request, in a process of its own, and keeps them by version.
"""
