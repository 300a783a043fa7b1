"""Pay with a scan and the Statistik's rating (issue 38)

A player may keep an IBAN (with the name the account is held in) and a PayPal.me name: each
transfer of a settlement then offers a GiroCode and a PayPal.me link. One player may keep the
Kasse (the treasurer), to whom payments into the Kasse go. A Runde may opt in to a rating of
its players on the Statistik, and a player may hide their own. All new columns are NULL or
false for what was there.

Revision ID: a7d3e9f2c4b8
Revises: c8f2a4e6d1b9
Create Date: 2026-11-28 14:10:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'a7d3e9f2c4b8'
down_revision = 'c8f2a4e6d1b9'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('players', sa.Column('iban', sa.String(length=34), nullable=True))
    op.add_column('players', sa.Column('account_holder', sa.String(length=70), nullable=True))
    op.add_column('players', sa.Column('paypal_me', sa.String(length=20), nullable=True))
    op.add_column('players', sa.Column('hide_rating', sa.Boolean(), server_default='0',
                                       nullable=False))
    op.add_column('players', sa.Column('treasurer', sa.Boolean(), server_default='0',
                                       nullable=False))
    op.add_column('runde_years', sa.Column('rating', sa.Boolean(), server_default='0',
                                           nullable=False))


def downgrade() -> None:
    # Plain DROP COLUMNs: a batch copy of players would break the foreign keys on SQLite.
    op.drop_column('runde_years', 'rating')
    for column in ('treasurer', 'hide_rating', 'paypal_me', 'account_holder', 'iban'):
        op.drop_column('players', column)
