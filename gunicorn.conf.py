"""gunicorn reads this file from the folder it is started in: the hosted setup of the README
(`.venv/bin/gunicorn -w 4 … 'scorer:create_app()'` in the repository) gets the same workers
as `doko-zettel serve` — threaded, dropping clients that stall (scorer.serve.TableWorker),
each preparing the PDF renderer before its first request. Options given on gunicorn's
command line win over anything here."""

from scorer.serve import DEFAULT_THREADS, WORKER_CLASS
from scorer.serve import worker_started as post_worker_init  # noqa: F401

worker_class = WORKER_CLASS
threads = DEFAULT_THREADS
