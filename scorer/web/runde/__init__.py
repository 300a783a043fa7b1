"""A Runde: the start page, the Runde's page, its players and its house rules."""
