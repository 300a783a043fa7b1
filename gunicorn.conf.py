"""gunicorn reads this file from the folder it is started in: the hosted setup of the README
(`.venv/bin/gunicorn -w 4 … 'scorer:create_app()'` in the repository) gets the same worker
start as `doko-zettel serve` — each worker prepares the PDF renderer before its first request.
Options given on gunicorn's command line win over anything here."""

from scorer.serve import worker_started as post_worker_init  # noqa: F401
