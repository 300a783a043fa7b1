"""The application factory: configuration, extensions, blueprints and error pages."""

from __future__ import annotations

import os
import secrets
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import click
from flask import Flask, Response, abort, g, has_request_context, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from werkzeug.exceptions import HTTPException

from scorer.catalogs import compile_catalogs
from scorer.store import fold_cache, kept_files
from scorer.store.extensions import csrf, db, migrate
from scorer.store.private import private_folder, private_sqlite
from scorer.web.server import bodies, hosts, https, language, logs, ratelimits
from scorer.words import answers, formats
from scorer.words.answers import error_page
from scorer.words.i18n import LANGUAGES, speaking

# templates/, static/ and migrations/ sit at the repository top level beside the package.
ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app; ``test_config`` replaces instance/config.py and the environment."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    # The instance folder and the database hold the secret key and every edit link.
    private_folder(Path(app.instance_path))
    configure(app, test_config)
    private_sqlite(app.config["SQLALCHEMY_DATABASE_URI"])
    hosts.init_app(app)
    https.init_app(app)
    # Before anything reads a body: the limits per client, then the body's size.
    ratelimits.init_app(app)
    bodies.init_app(app)
    logs.init_app(app)
    register_extensions(app)
    compile_catalogs()
    language.init_app(app)
    register_blueprints(app)
    register_error_handlers(app)
    register_template_helpers(app)
    register_security(app)
    register_commands(app)
    return app


def configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    """Defaults, then instance/config.py and FLASK_* / DATABASE_URL / DOKO_PUBLIC_URL, or
    the test config."""
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=f"sqlite:///{Path(app.instance_path) / 'doko-zettel.sqlite3'}",
        # A Doppelkopf evening lasts longer than Flask-WTF's default hour; a form older
        # than a day is sent again with a fresh token (scorer/web/server/https.py).
        WTF_CSRF_TIME_LIMIT=https.CSRF_TIME_LIMIT,
        # WTForms' own messages in the page's language (scorer/web/server/language.py).
        WTF_I18N_ENABLED=True,
        # The languages offered, the source first (scorer/web/server/language.py).
        DOKO_LANGUAGES=LANGUAGES,
        PERMANENT_SESSION_LIFETIME=timedelta(days=365),
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        # What a request may send (scorer/web/server/bodies.py; a route may allow more).
        MAX_CONTENT_LENGTH=bodies.BODY_LIMIT,
        MAX_FORM_MEMORY_SIZE=bodies.BODY_LIMIT,
        MAX_FORM_PARTS=bodies.FORM_PARTS,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env()
        if os.environ.get("DATABASE_URL"):
            app.config["SQLALCHEMY_DATABASE_URI"] = os.environ["DATABASE_URL"]
        # The address links and QR codes point at (see scorer/web/server/hosts.py), the proxies in
        # front (scorer/web/server/https.py), where the limits per client count (ratelimits.py).
        for name, key in (("DOKO_PUBLIC_URL", "DOKO_PUBLIC_URL"),
                          ("DOKO_TRUSTED_PROXIES", "DOKO_TRUSTED_PROXIES"),
                          ("DOKO_RATELIMIT_STORAGE", "RATELIMIT_STORAGE_URI")):
            if os.environ.get(name):
                app.config[key] = os.environ[name]
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path) / "secret_key")


def _instance_secret(path: Path) -> str:
    """A random secret kept in the instance folder, so sessions survive a restart."""
    if path.exists():
        return path.read_text(encoding="utf-8").strip()
    key = secrets.token_hex(32)
    path.write_text(key + "\n", encoding="utf-8")
    path.chmod(0o600)
    return key


def register_extensions(app: Flask) -> None:
    """Bind the database, migrations and CSRF protection to the app."""
    db.init_app(app)
    migrate.init_app(app, db, directory=str(ROOT / "migrations"), render_as_batch=True)
    csrf.init_app(app)
    fold_cache.init_app(app)
    kept_files.init_app(app)
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            event.listen(db.engine, "connect", _sqlite_pragmas)
            event.listen(db.engine, "begin", _sqlite_begin)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Per connection: foreign keys on (SQLite ignores them otherwise); WAL so that readers
    never block the writer and a killed server loses no committed game; a busy timeout so
    two phones saving at once wait for each other instead of failing."""
    # SQLAlchemy emits BEGIN itself (see _sqlite_begin), not the driver.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    """A request that may write takes SQLite's write lock when its transaction starts.

    A deferred transaction that read first and writes later fails at once with "database is
    locked" when another phone committed in between (WAL snapshot), whatever the busy
    timeout; starting IMMEDIATE makes the second phone wait its turn instead.
    """
    writing = has_request_context() and request.method not in ("GET", "HEAD", "OPTIONS")
    connection.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN")


def register_blueprints(app: Flask) -> None:
    """One blueprint per area of the app."""
    from scorer.web.club import more, organiser, ranking, series, table_page
    from scorer.web.evening import (
        exports,
        games,
        history,
        live,
        money,
        recorded,
        share,
        sheet,
        sheet_rows,
        sync,
        table,
    )
    from scorer.web.imports import upload
    from scorer.web.runde import groups
    from scorer.web.server import assets, pwa
    from scorer.web.year import kasse, records, seasons, stats

    app.register_blueprint(groups.bp)
    app.register_blueprint(more.bp)
    app.register_blueprint(series.bp)
    app.register_blueprint(sheet.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(money.bp)
    app.register_blueprint(exports.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(stats.bp)
    app.register_blueprint(seasons.bp)
    app.register_blueprint(kasse.bp)
    app.register_blueprint(records.bp)
    app.register_blueprint(table.bp)
    app.register_blueprint(sync.bp)
    app.register_blueprint(pwa.bp)
    app.register_blueprint(upload.bp)
    app.register_blueprint(recorded.bp)
    app.register_blueprint(organiser.bp)
    app.register_blueprint(ranking.bp)
    app.register_blueprint(table_page.bp)
    live.init_app(app)
    sheet_rows.init_app(app)
    assets.init_app(app)


RETRY_AFTER = 30
"""Seconds a client is told to wait while the database cannot be reached."""
UNREACHABLE = ("unable to open database", "could not connect", "connection refused",
               "server closed the connection", "terminating connection", "connection is closed",
               "the connection is lost", "timeout expired", "no route to host")
"""What the drivers say when the database server or file cannot be reached (SQLite's and
psycopg's OperationalError also cover faults, such as a missing table, that stay a 500)."""


def unreachable(error: DBAPIError) -> bool:
    """Whether ``error`` says the database cannot be reached right now."""
    if error.connection_invalidated or isinstance(error, InterfaceError):
        return True
    text = str(error.orig).lower()
    return isinstance(error, OperationalError) and any(words in text for words in UNREACHABLE)


def register_error_handlers(app: Flask) -> None:
    """German error pages; a server error rolls the transaction back."""

    def not_found(_error: HTTPException) -> tuple[str, int]:
        return render_template("error.html", **error_page("not_found")), 404

    def forbidden(_error: HTTPException) -> tuple[str, int]:
        return render_template("error.html", **error_page("read_only")), 403

    def csrf_failed(error: CSRFError) -> tuple[str, int]:
        if error.description == https.EXPIRED and (again := https.stale_form()) is not None:
            return again
        if error.description in https.REFERRER_REASONS:
            return render_template("error.html", **error_page("foreign")), 400
        return render_template("error.html", **error_page("expired")), 400

    def bad_request(_error: HTTPException) -> tuple[str, int]:
        return render_template("error.html", **error_page("bad_request")), 400

    def method_not_allowed(_error: HTTPException) -> tuple[str, int]:
        return render_template("error.html", **error_page("not_allowed")), 405

    def server_error(_error: Exception) -> tuple[str, int]:
        db.session.rollback()
        return render_template("error.html", **error_page("server_error")), 500

    def database_gone(error: DBAPIError) -> Any:
        # A database server that cannot be reached (restarting, its network gone) is a
        # passing state, not a fault: 503 with a time to come back, so a phone keeps the game
        # and tries again (issue #36); any other database error stays a 500.
        if not unreachable(error):
            raise error  # a fault: logged and answered by the 500 handler, as any other
        app.logger.warning("database unreachable: %s", type(error.orig).__name__)
        try:
            db.session.rollback()
        except DBAPIError:
            pass
        page = render_template("error.html", **error_page("unavailable"))
        return page, 503, {"Retry-After": str(RETRY_AFTER)}

    app.register_error_handler(403, forbidden)
    app.register_error_handler(404, not_found)
    app.register_error_handler(CSRFError, csrf_failed)
    app.register_error_handler(400, bad_request)
    app.register_error_handler(405, method_not_allowed)
    app.register_error_handler(500, server_error)
    app.register_error_handler(DBAPIError, database_gone)


CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
"""No inline scripts or styles anywhere: templates load static/js and static/css only."""


def register_security(app: Flask) -> None:
    """Security headers on every response; the Runde's tokens are in URLs, so no referrer
    leaves the site (over https the site's own pages name themselves, for the CSRF check;
    and HSTS)."""
    policy = https.referrer_policy(app)
    hsts = https.over_https(app)

    @app.before_request
    def refuse_nul_bytes() -> None:
        # No legitimate input holds a NUL byte; PostgreSQL cannot store one and would fail
        # with a server error deep inside a transaction. A form is looked at only where a
        # route may read it: never the body of a GET, nor of a request for no route.
        values = [*(request.view_args or {}).values(), *request.args.values(),
                  *request.args.keys()]
        if request.method in bodies.BODY_METHODS and request.url_rule is not None:
            values += [*request.form.values(), *request.form.keys()]
        if any(isinstance(v, str) and "\x00" in v for v in values):
            abort(400)

    @app.after_request
    def security_headers(response: Response) -> Response:
        headers = response.headers
        headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        headers.setdefault("X-Frame-Options", "DENY")
        headers.setdefault("Referrer-Policy", policy)
        if hsts:
            headers.setdefault("Strict-Transport-Security", https.HSTS)
        headers.setdefault("X-Content-Type-Options", "nosniff")
        if response.mimetype == "text/html" or response.mimetype == "application/json":
            # Pages carry secret links: keep them out of shared caches.
            headers.setdefault("Cache-Control", "no-store")
        return response


def register_commands(app: Flask) -> None:
    """`flask --app scorer backup` and `restore FILE`: everything as one JSON document;
    `import FILE --runde LINK`: another app's file into a Runde (scorer.import_cli). They
    speak the machine's language, if the app offers it (scorer.web.server.language.terminal)."""
    from scorer.import_cli import import_command

    app.cli.add_command(import_command)
    with speaking(language.terminal(app)):
        target_help = answers.backup_target_help()

    @app.cli.command("backup")
    @click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
                  default=None, help=target_help)
    def backup_command(output: Path | None) -> None:
        """Write a JSON backup of the whole database, readable by its owner only."""
        with speaking(language.terminal(app)):
            _backup(output)

    def _backup(output: Path | None) -> None:
        from scorer.store import backup

        document = backup.dump(db.session(), db.metadata)
        if output is None:
            # Beside the database and the secret key, out of the repository and of git.
            folder = Path(app.instance_path) / "backups"
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            folder.chmod(0o700)
            output = backup.default_path(folder, datetime.now(UTC))
            backup.write_file(document, output, replace=False)
        else:
            backup.write_file(document, output, replace=True)
        rows = sum(len(r) for r in document["tables"].values())
        click.echo(answers.backup_written(str(output), rows))

    @app.cli.command("restore")
    @click.argument("file", type=click.Path(exists=True, dir_okay=False))
    def restore_command(file: str) -> None:
        """Load a JSON backup into an empty database, after checking all of it.

        Refused (exit 2, one line per problem on stderr, nothing written): see
        scorer.services.backup_restore.
        """
        with speaking(language.terminal(app)):
            _restore(file)

    def _restore(file: str) -> None:
        from scorer.services.backup_restore import restore_file
        from scorer.store.backup import BackupError

        try:
            counts = restore_file(Path(file))
        except BackupError as err:
            for problem in err.problems:
                click.echo(problem, err=True)
            click.echo(answers.restore_refused(), err=True)
            raise SystemExit(2) from None
        click.echo(answers.restored(sum(counts.values()), file))


def register_template_helpers(app: Flask) -> None:
    """Filters and helpers the templates use for numbers, dates and ledger games."""
    from scorer.web.pages import display
    from scorer.words import labels

    @app.context_processor
    def access() -> dict[str, Any]:
        # The token the page was opened with: links must never turn a read-only link into
        # the edit link.
        return {"link_token": g.get("link_token"), "can_edit": g.get("can_edit", False)}

    app.jinja_env.globals.update(
        kind_legend=labels.SPOKEN_LEGEND,
        off_rotation=labels.SPOKEN_OFF_ROTATION, off_rotation_mark=labels.OFF_ROTATION_MARK,
    )

    app.jinja_env.filters["sentence"] = display.sentence

    # Numbers, money and dates as the words package writes them, in the page's language:
    # points like the paper Zettel (+3, −3, 0), running totals without a plus (−7).
    app.jinja_env.filters.update(
        signed=formats.signed, minus=formats.number, money=formats.money,
        signed_money=formats.signed_money, date=formats.date, date_de=formats.date,
        day=formats.day, decimal=formats.decimal, signed_decimal=formats.signed_decimal,
    )
