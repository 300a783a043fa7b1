"""The database and what keeps it: ``extensions`` (the unbound Flask-SQLAlchemy, Flask-Migrate
and CSRF objects), ``models`` (the tables: raw facts and rule sets, never computed points),
``fold_cache`` (the evenings each worker keeps folded, under the versions the database raises)
and ``backup`` (every row to a JSON file and back). Only ``scorer.services`` commits.
"""
