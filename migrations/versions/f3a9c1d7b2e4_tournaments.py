"""Tournaments: the club evening, many tables under one ranking (RULES.md §11.3)

A tournament registers players with start numbers, draws each round's seating from a seed,
and gives every table of a round a Runde of its own (``groups.tournament_table``) with one
evening: the table enters its games exactly as any table does, under the tournament's rules,
and its link changes nothing but that table. The ranking is folded from those evenings on
every view, never stored. All of it is new tables and one new column with a default, so
existing Runden, evenings and backups are untouched.

Revision ID: f3a9c1d7b2e4
Revises: f4a2b7c9d1e6
Create Date: 2026-11-26 10:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'f3a9c1d7b2e4'
down_revision = 'f4a2b7c9d1e6'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('groups', schema=None) as batch_op:
        batch_op.add_column(sa.Column('tournament_table', sa.Boolean(), nullable=False,
                                      server_default='0'))

    op.create_table('tournaments',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('played_on', sa.Date(), nullable=False),
    sa.Column('group_id', sa.Integer(), nullable=True),
    sa.Column('edit_token', sa.String(length=64), nullable=False),
    sa.Column('read_token', sa.String(length=64), nullable=False),
    sa.Column('preset', sa.String(length=32), nullable=False),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('planned_games', sa.Integer(), nullable=False),
    sa.Column('round_count', sa.Integer(), nullable=False),
    sa.Column('ranking', sa.String(length=16), nullable=False),
    sa.Column('absent_table_points', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['group_id'], ['groups.id'],
                            name=op.f('fk_tournaments_group_id_groups')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournaments')),
    sa.UniqueConstraint('edit_token', name=op.f('uq_tournaments_edit_token')),
    sa.UniqueConstraint('read_token', name=op.f('uq_tournaments_read_token'))
    )
    with op.batch_alter_table('tournaments', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournaments_group_id'), ['group_id'], unique=False)

    op.create_table('tournament_players',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('from_round', sa.Integer(), nullable=False),
    sa.Column('left_after', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'],
                            name=op.f('fk_tournament_players_tournament_id_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_players')),
    sa.UniqueConstraint('tournament_id', 'name',
                        name=op.f('uq_tournament_players_tournament_id_name')),
    sa.UniqueConstraint('tournament_id', 'number',
                        name=op.f('uq_tournament_players_tournament_id_number'))
    )
    with op.batch_alter_table('tournament_players', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_players_tournament_id'),
                              ['tournament_id'], unique=False)

    op.create_table('tournament_rounds',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seed', sa.Integer(), nullable=False),
    sa.Column('seating', sa.JSON(), nullable=False),
    sa.Column('repeats', sa.Integer(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'],
                            name=op.f('fk_tournament_rounds_tournament_id_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_rounds')),
    sa.UniqueConstraint('tournament_id', 'number',
                        name=op.f('uq_tournament_rounds_tournament_id_number'))
    )
    with op.batch_alter_table('tournament_rounds', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_rounds_tournament_id'),
                              ['tournament_id'], unique=False)

    op.create_table('tournament_tables',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.Integer(), nullable=False),
    sa.Column('evening_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['evening_id'], ['evenings.id'],
                            name=op.f('fk_tournament_tables_evening_id_evenings')),
    sa.ForeignKeyConstraint(['group_id'], ['groups.id'],
                            name=op.f('fk_tournament_tables_group_id_groups')),
    sa.ForeignKeyConstraint(['round_id'], ['tournament_rounds.id'],
                            name=op.f('fk_tournament_tables_round_id_tournament_rounds')),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'],
                            name=op.f('fk_tournament_tables_tournament_id_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_tables')),
    sa.UniqueConstraint('evening_id', name=op.f('uq_tournament_tables_evening_id')),
    sa.UniqueConstraint('group_id', name=op.f('uq_tournament_tables_group_id')),
    sa.UniqueConstraint('round_id', 'number',
                        name=op.f('uq_tournament_tables_round_id_number'))
    )
    with op.batch_alter_table('tournament_tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_tables_round_id'), ['round_id'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_tournament_tables_tournament_id'),
                              ['tournament_id'], unique=False)


def downgrade() -> None:
    op.drop_table('tournament_tables')
    op.drop_table('tournament_rounds')
    op.drop_table('tournament_players')
    op.drop_table('tournaments')
    # A plain DROP COLUMN (SQLite 3.35+): a batch copy of groups would drop the table that
    # every later table's foreign keys point at.
    op.drop_column('groups', 'tournament_table')
