"""`python -m scorer` runs the same console script as `scorer`."""

from scorer.cli import main

raise SystemExit(main())
