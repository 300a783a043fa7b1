"""Everything that speaks HTTP: one blueprint module per area (groups, evenings, games, table,
money, stats, exports, history, live, sync, pwa, assets), their forms, and what guards and
finds the server: ``hosts`` (the public address and the host check), ``logs`` (no Runde's
token in a log line) and ``lan`` (the address in the local network that phones open)."""
