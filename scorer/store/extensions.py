"""Flask extensions, created unbound so that the application factory can register them."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import MetaData, Table
from sqlalchemy.orm import DeclarativeBase

# Named constraints, so that Alembic can later alter or drop them on SQLite (batch mode).
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base of every model, carrying the naming convention."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    if TYPE_CHECKING:
        # Every model is mapped to one table (DeclarativeBase allows any FromClause), so
        # the services' Core statements may write to Model.__table__.
        __table__: ClassVar[Table]


db = SQLAlchemy(model_class=Base)
if TYPE_CHECKING:
    # mypy cannot take a class attribute as a base class (python/mypy#8603); db.Model is
    # built from Base (Flask-SQLAlchemy adds the session binding and `query`), so the
    # models are checked as what they are declared with: Base's mapped columns.
    Model = Base
else:
    Model = db.Model
migrate = Migrate()
csrf = CSRFProtect()
