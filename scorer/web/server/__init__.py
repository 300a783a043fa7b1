"""What guards and runs the server, for every page alike: ``hosts`` (the public address and
the host check), ``https`` (proxies, secure cookies, stale forms), ``bodies`` (what a request
may send), ``ratelimits`` (limits per client), ``logs`` (no Runde's token in a log line),
``lan`` (the address phones open), ``assets`` (static files by version), ``pwa`` (the web app
manifest and the service worker) and ``answers`` (a refusal as the asking page wants it)."""
