"""Closing an evening ends "Rückgängig" for its last change (issue 36)

The sheet offered to take back the last change to an evening's games until the next one;
after closing and reopening the evening it still offered the change made before closing.
The evening now keeps which change was its last when it was last closed
(`closed_after_change`, a game event's id); the sheet offers no change up to it. Evenings
closed before this revision keep NULL: their last change is offered as before, until the
next close.

Revision ID: b5e1d8c3f7a2
Revises: a7d3e5f1c9b2
Create Date: 2026-11-28 12:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'b5e1d8c3f7a2'
down_revision = 'a7d3e5f1c9b2'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('evenings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('closed_after_change', sa.Integer(), nullable=True))


def downgrade() -> None:
    # A plain DROP COLUMN (SQLite 3.35+): a batch copy of evenings would drop the table that
    # the games' and seats' foreign keys point at.
    op.drop_column('evenings', 'closed_after_change')
