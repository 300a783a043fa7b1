"""The Runde's year: season settings and own seasons, the Kasse's entries, paid marks and history

RULES.md §11: a Runde ranks its seasons (calendar years, or its own named ranges) by a method
it chooses, and keeps a Kasse: evenings settled into it charge their payments (and absent
members what the Runde decided), charges are marked paid, deposits and expenses are entered.
Nothing computed is stored: the rankings, the balance and what is owed come from the
evenings' ledgers each time; these tables hold only what people decide and enter.

`runde_years` holds one Runde's settings and the version its year pages are kept under
(a row of its own, so that a Kasse payment does not change the Runde's row, which every
evening's fold is keyed by). Existing Runden get no row: no row means the defaults.

Revision ID: f4c1a7e9d2b6
Revises: e4b9c2d7a613
Create Date: 2026-11-26 10:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'f4c1a7e9d2b6'
down_revision = 'e4b9c2d7a613'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'runde_years',
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('season_ranking', sa.String(length=16), nullable=False),
        sa.Column('season_min_games', sa.Integer(), nullable=False),
        sa.Column('absent_table_points', sa.Integer(), nullable=False),
        sa.Column('absent_pays', sa.String(length=16), nullable=False),
        sa.Column('absent_fixed_cents', sa.Integer(), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['groups.id'],
                                name=op.f('fk_runde_years_group_id_groups')),
        sa.PrimaryKeyConstraint('group_id', name=op.f('pk_runde_years')),
    )
    op.create_table(
        'seasons',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('start', sa.Date(), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['groups.id'],
                                name=op.f('fk_seasons_group_id_groups')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_seasons')),
        sa.UniqueConstraint('group_id', 'start', name=op.f('uq_seasons_group_id_start')),
    )
    with op.batch_alter_table('seasons', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seasons_group_id'), ['group_id'], unique=False)
    op.create_table(
        'kasse_entries',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('date', sa.Date(), nullable=False),
        sa.Column('text', sa.String(length=80), nullable=False),
        sa.Column('cents', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['group_id'], ['groups.id'],
                                name=op.f('fk_kasse_entries_group_id_groups')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_kasse_entries')),
    )
    with op.batch_alter_table('kasse_entries', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_kasse_entries_group_id'), ['group_id'],
                              unique=False)
    op.create_table(
        'kasse_marks',
        sa.Column('evening_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('cents', sa.Integer(), nullable=False),
        sa.Column('marked_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['evening_id'], ['evenings.id'],
                                name=op.f('fk_kasse_marks_evening_id_evenings')),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_kasse_marks_player_id_players')),
        sa.PrimaryKeyConstraint('evening_id', 'player_id', name=op.f('pk_kasse_marks')),
    )
    op.create_table(
        'kasse_events',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('action', sa.String(length=16), nullable=False),
        sa.Column('evening_id', sa.Integer(), nullable=True),
        sa.Column('player_id', sa.Integer(), nullable=True),
        sa.Column('entry_id', sa.Integer(), nullable=True),
        sa.Column('old_cents', sa.Integer(), nullable=True),
        sa.Column('new_cents', sa.Integer(), nullable=True),
        sa.Column('via', sa.String(length=16), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['entry_id'], ['kasse_entries.id'],
                                name=op.f('fk_kasse_events_entry_id_kasse_entries')),
        sa.ForeignKeyConstraint(['evening_id'], ['evenings.id'],
                                name=op.f('fk_kasse_events_evening_id_evenings')),
        sa.ForeignKeyConstraint(['group_id'], ['groups.id'],
                                name=op.f('fk_kasse_events_group_id_groups')),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_kasse_events_player_id_players')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_kasse_events')),
    )
    with op.batch_alter_table('kasse_events', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_kasse_events_group_id'), ['group_id'],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table('kasse_events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_kasse_events_group_id'))
    op.drop_table('kasse_events')
    op.drop_table('kasse_marks')
    with op.batch_alter_table('kasse_entries', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_kasse_entries_group_id'))
    op.drop_table('kasse_entries')
    with op.batch_alter_table('seasons', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seasons_group_id'))
    op.drop_table('seasons')
    op.drop_table('runde_years')
