"""The game and the money, pure: only the standard library and this package.

``rules`` (house rules and presets), ``scoring`` (one game), ``evening`` (the ledger folded from
an evening's entries), ``settlement`` (points to money), ``stats`` (figures over ledgers) and
``names`` (what a player's name may be). The web app, the PDF and the ``scorer`` CLI all call
these functions; nothing else computes points. ``tests/test_purity.py`` holds the package to it.
"""
