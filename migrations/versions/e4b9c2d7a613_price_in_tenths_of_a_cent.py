"""The price of a point in tenths of a cent, so that "0,5 Cent pro Punkt" is kept as typed

An evening kept its price as whole cents (`cents_per_point`), and the form turned "0,5"
into 5 and "0,1" into 1 without a word (issue 25). Half a cent per point is a common stake.
The price is now kept exactly, as a whole number of tenths of a cent
(`tenth_cents_per_point`): every stored price is multiplied by ten, so each evening settles
to the cent exactly as before.

Downgrade: back to whole cents, to the nearest cent with halves up; a price below one cent
becomes 1 cent rather than 0, which would mean an evening without money. Only prices typed
with a tenth since this revision change (0,5 becomes 1 Cent): the older schema cannot hold
them.

Revision ID: e4b9c2d7a613
Revises: e8b4d2c6a1f3
Create Date: 2026-11-25 16:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'e4b9c2d7a613'
down_revision = 'e8b4d2c6a1f3'
branch_labels = None
depends_on = None

# A rename and an UPDATE: no copy of the evenings table, which SQLite could not drop while
# the games point at it (foreign keys are on).
evenings = sa.table('evenings', sa.column('tenth_cents_per_point', sa.Integer()))


def upgrade() -> None:
    op.alter_column('evenings', 'cents_per_point', new_column_name='tenth_cents_per_point')
    op.execute(evenings.update().values(
        tenth_cents_per_point=evenings.c.tenth_cents_per_point * 10))


def downgrade() -> None:
    tenths = evenings.c.tenth_cents_per_point
    op.execute(evenings.update().values(tenth_cents_per_point=sa.case(
        (tenths == 0, 0), (tenths < 10, 1), else_=(tenths + 5) // 10)))
    op.alter_column('evenings', 'tenth_cents_per_point', new_column_name='cents_per_point')
