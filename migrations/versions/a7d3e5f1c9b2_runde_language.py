"""A Runde's language: what its PDFs and CSV files are printed in (issue #35)

Each page speaks its reader's language (the device's choice, else the phone's); what a
Runde prints and exports is in the Runde's own language unless the person asks for another.
One new column with a default: every existing Runde keeps printing German.

Revision ID: a7d3e5f1c9b2
Revises: f3a9c1d7b2e4
Create Date: 2026-11-28 11:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'a7d3e5f1c9b2'
down_revision = 'f3a9c1d7b2e4'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('groups', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=8), nullable=False,
                                      server_default='de'))


def downgrade() -> None:
    # A plain DROP COLUMN (SQLite 3.35+): a batch copy of groups would drop the table that
    # every later table's foreign keys point at.
    op.drop_column('groups', 'language')
