"""A Kasse change keeps its form's one-time key (issue 36)

The same "Eintragen" or "bezahlt" sent twice (a double tap, a resend after a lost answer)
stored two deposits. Every Kasse form now carries a one-time key like a game's entry form;
the change it made keeps it in `kasse_events.form_key` (unique), and a form sent again
stores nothing more. Changes made before this revision keep NULL.

Revision ID: c8f2a4e6d1b9
Revises: b5e1d8c3f7a2
Create Date: 2026-11-28 13:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'c8f2a4e6d1b9'
down_revision = 'b5e1d8c3f7a2'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('kasse_events', sa.Column('form_key', sa.String(length=36), nullable=True))
    op.create_index('ix_kasse_events_form_key', 'kasse_events', ['form_key'], unique=True)


def downgrade() -> None:
    # The index first (SQLite drops no indexed column), then a plain DROP COLUMN: a batch
    # copy of kasse_events would break the foreign keys on SQLite.
    op.drop_index('ix_kasse_events_form_key', table_name='kasse_events')
    op.drop_column('kasse_events', 'form_key')
