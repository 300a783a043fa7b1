"""Evenings: the Bock queue an evening starts from (RULES.md §10.2 carry)

Under `bock_at_end: carry` the Bock games still queued when an evening is closed become the
starting queue of the Runde's next evening (by date). The queue is an input of the next
evening's fold, like its seats; it is written when the earlier evening is closed (and when
the next evening starts after a closed one), so a page never folds two evenings to show one.
NULL (every existing evening) is an empty queue.

Revision ID: e8b4d2c6a1f3
Revises: d7e3a1f5c920
Create Date: 2026-11-25 17:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'e8b4d2c6a1f3'
down_revision = 'd7e3a1f5c920'
branch_labels = None
depends_on = None


# Plain ALTER TABLE both ways (SQLite 3.35 and later drop a column in place): a batch would
# copy the evenings table, which SQLite cannot drop while the games point at it.


def upgrade() -> None:
    op.add_column('evenings', sa.Column('bock_queue_start', sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column('evenings', 'bock_queue_start')
