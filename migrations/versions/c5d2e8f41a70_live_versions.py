"""A version counter per evening and per Runde, for sheets that follow the table live

Every change that alters what an evening's sheet shows raises its evening's version (a game
created, edited, deleted or restored, the settlement, closing and reopening); renaming a
player raises the Runde's version, since every sheet of the Runde shows the new name. A
watching phone asks for the pair as an ETag and fetches the sheet only when it changed.

Revision ID: c5d2e8f41a70
Revises: b3f1c8e2a9d5
Create Date: 2026-11-22 14:10:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'c5d2e8f41a70'
down_revision = 'b3f1c8e2a9d5'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('evenings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('version', sa.Integer(), nullable=False,
                                      server_default='1'))
    with op.batch_alter_table('groups', schema=None) as batch_op:
        batch_op.add_column(sa.Column('version', sa.Integer(), nullable=False,
                                      server_default='1'))


def downgrade() -> None:
    with op.batch_alter_table('groups', schema=None) as batch_op:
        batch_op.drop_column('version')
    with op.batch_alter_table('evenings', schema=None) as batch_op:
        batch_op.drop_column('version')
