"""Settlement mode and rounding per evening; which link made each game change

An evening now remembers how it is settled (zero_sum, pay_leader or pay_losses; to the cent
or to 10 cents), and every game event records a short fingerprint of the edit link it came
through, so the history can tell the table which phone (link) changed a game.

Revision ID: 7a1e2c9d0b34
Revises: 4c8d5324f267
Create Date: 2026-11-22 03:05:00

"""
from alembic import op
import sqlalchemy as sa


revision = '7a1e2c9d0b34'
down_revision = '4c8d5324f267'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('evenings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('settlement_mode', sa.String(length=16), nullable=False,
                                      server_default='zero_sum'))
        batch_op.add_column(sa.Column('settlement_rounding', sa.String(length=16),
                                      nullable=False, server_default='cent'))
    with op.batch_alter_table('game_events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('via', sa.String(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('game_events', schema=None) as batch_op:
        batch_op.drop_column('via')
    with op.batch_alter_table('evenings', schema=None) as batch_op:
        batch_op.drop_column('settlement_rounding')
        batch_op.drop_column('settlement_mode')
