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


def upgrade() -> None:
    with op.batch_alter_table('evenings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bock_queue_start', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('evenings', schema=None) as batch_op:
        batch_op.drop_column('bock_queue_start')
