"""A club table may finish the game it started after its round ended (issue 37)

- `evenings.close_after`: the number of the game after which the evening closes itself (a
  tournament round ended with "angefangene Spiele dürfen noch eingetragen werden"); NULL for
  every other evening.

Revision ID: a7d3e5f9c1b8
Revises: d7e3b9a1c5f2
Create Date: 2026-11-28 14:10:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'a7d3e5f9c1b8'
down_revision = 'd7e3b9a1c5f2'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('evenings', sa.Column('close_after', sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column('evenings', 'close_after')
