"""gunicorn reads this file from the folder it is started in: the hosted setup of the README
(`.venv/bin/gunicorn -w 4 … 'scorer:create_app()'` in the repository) gets the same workers
as `doko-zettel serve` — threaded, dropping clients that stall (scorer.serve.TableWorker),
each preparing the PDF renderer before its first request — and, like it, leaves the proxy
headers to the app (DOKO_TRUSTED_PROXIES). Options given on gunicorn's command line win over
anything here."""

from scorer.serve import DEFAULT_THREADS, UNTRUSTED_FORWARDING, WORKER_CLASS
from scorer.serve import worker_started as post_worker_init  # noqa: F401

worker_class = WORKER_CLASS
threads = DEFAULT_THREADS
forwarded_allow_ips = UNTRUSTED_FORWARDING["forwarded_allow_ips"]
secure_scheme_headers = UNTRUSTED_FORWARDING["secure_scheme_headers"]
