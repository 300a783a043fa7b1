"""The Kasse beyond points and payments as the table makes them (issues 37, 38)

`kasse_items`: money a member hands in ("Anna gibt 20 €", applied to their oldest open
charges when read) and charges of one member beside the evenings' shares (fines, drinks, a
host's contribution), each with its own "bezahlt". `kasse_events.item_id` names the item a
change concerns. `runde_years` keeps a fixed fee per evening (cents, and who pays it) and
the Runde's fines.

Revision ID: d7e3a9b1c5f2
Revises: d3a7c1e9b2f4
Create Date: 2026-11-28 14:10:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'd7e3a9b1c5f2'
down_revision = 'd3a7c1e9b2f4'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'kasse_items',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('evening_id', sa.Integer(), nullable=True),
        sa.Column('date', sa.Date(), nullable=False),
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('text', sa.String(length=80), nullable=False),
        sa.Column('cents', sa.Integer(), nullable=False),
        sa.Column('paid_cents', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['group_id'], ['groups.id']),
        sa.ForeignKeyConstraint(['player_id'], ['players.id']),
        sa.ForeignKeyConstraint(['evening_id'], ['evenings.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_kasse_items_group_id', 'kasse_items', ['group_id'])
    op.add_column('kasse_events', sa.Column('item_id', sa.Integer(), nullable=True))
    op.add_column('runde_years', sa.Column('kasse_fee_cents', sa.Integer(), nullable=False,
                                           server_default='0'))
    op.add_column('runde_years', sa.Column('kasse_fee_for', sa.String(length=16),
                                           nullable=False, server_default='present'))
    op.add_column('runde_years', sa.Column('kasse_fines', sa.Text(), nullable=False,
                                           server_default=''))


def downgrade() -> None:
    # Plain DROP COLUMN (a batch copy would break the foreign keys on SQLite); the changes
    # that concern items go with them.
    op.drop_column('runde_years', 'kasse_fines')
    op.drop_column('runde_years', 'kasse_fee_for')
    op.drop_column('runde_years', 'kasse_fee_cents')
    op.execute("DELETE FROM kasse_events WHERE item_id IS NOT NULL")
    op.drop_column('kasse_events', 'item_id')
    op.drop_index('ix_kasse_items_group_id', table_name='kasse_items')
    op.drop_table('kasse_items')
