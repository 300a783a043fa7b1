"""The changes of one Kasse tap share a batch (issue 37)

One "alles bezahlt" marks every open charge of an evening or a member paid and kept one
change each: Rückgängig took back only the last of them. `kasse_events.batch_id` (the id of
the tap's first change) ties them together, so that the Verlauf shows them as one change
and Rückgängig takes them back together. Changes made before this revision keep NULL.

Revision ID: d4b7e1a9c3f6
Revises: a7d3e5f9c1b8
Create Date: 2026-11-28 15:30:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'd4b7e1a9c3f6'
down_revision = 'a7d3e5f9c1b8'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('kasse_events', sa.Column('batch_id', sa.Integer(), nullable=True))


def downgrade() -> None:
    # A plain DROP COLUMN: a batch copy of kasse_events would break the foreign keys on
    # SQLite.
    op.drop_column('kasse_events', 'batch_id')
