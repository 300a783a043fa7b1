"""Runden, players, evenings with seats, games and their history

The first schema of the table app. Games keep the raw facts the table entered (players by
id), never points; evenings keep the full rule set they started with. Games are deleted
softly (deleted_at) so that "Rückgängig" can bring them back, and game_events keeps every
create, edit, delete and restore with the facts before and after.

Revision ID: 4c8d5324f267
Revises:
Create Date: 2026-11-22 02:43:57.625281

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '4c8d5324f267'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('groups',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('edit_token', sa.String(length=64), nullable=False),
    sa.Column('read_token', sa.String(length=64), nullable=False),
    sa.Column('preset', sa.String(length=32), nullable=False),
    sa.Column('overrides', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_groups')),
    sa.UniqueConstraint('edit_token', name=op.f('uq_groups_edit_token')),
    sa.UniqueConstraint('read_token', name=op.f('uq_groups_read_token'))
    )
    op.create_table('players',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('retired_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['group_id'], ['groups.id'], name=op.f('fk_players_group_id_groups')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_players')),
    sa.UniqueConstraint('group_id', 'name', name=op.f('uq_players_group_id_name'))
    )
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_players_group_id'), ['group_id'], unique=False)

    op.create_table('evenings',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('played_on', sa.Date(), nullable=False),
    sa.Column('first_dealer_id', sa.Integer(), nullable=False),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('planned_games', sa.Integer(), nullable=True),
    sa.Column('cents_per_point', sa.Integer(), nullable=False),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['first_dealer_id'], ['players.id'], name=op.f('fk_evenings_first_dealer_id_players')),
    sa.ForeignKeyConstraint(['group_id'], ['groups.id'], name=op.f('fk_evenings_group_id_groups')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_evenings')),
    sa.UniqueConstraint('group_id', 'number', name=op.f('uq_evenings_group_id_number'))
    )
    with op.batch_alter_table('evenings', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_evenings_group_id'), ['group_id'], unique=False)

    op.create_table('evening_seats',
    sa.Column('evening_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['evening_id'], ['evenings.id'], name=op.f('fk_evening_seats_evening_id_evenings')),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_evening_seats_player_id_players')),
    sa.PrimaryKeyConstraint('evening_id', 'position', name=op.f('pk_evening_seats')),
    sa.UniqueConstraint('evening_id', 'player_id', name=op.f('uq_evening_seats_evening_id_player_id'))
    )
    op.create_table('games',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('evening_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('facts', sa.JSON(), nullable=False),
    sa.Column('entry_key', sa.String(length=36), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['evening_id'], ['evenings.id'], name=op.f('fk_games_evening_id_evenings')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_games')),
    sa.UniqueConstraint('entry_key', name=op.f('uq_games_entry_key')),
    sa.UniqueConstraint('evening_id', 'position', name=op.f('uq_games_evening_id_position'))
    )
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_games_evening_id'), ['evening_id'], unique=False)

    op.create_table('game_events',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('evening_id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('game_number', sa.Integer(), nullable=False),
    sa.Column('action', sa.String(length=10), nullable=False),
    sa.Column('old_facts', sa.JSON(), nullable=True),
    sa.Column('new_facts', sa.JSON(), nullable=True),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['evening_id'], ['evenings.id'], name=op.f('fk_game_events_evening_id_evenings')),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_game_events_game_id_games')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game_events'))
    )
    with op.batch_alter_table('game_events', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_events_evening_id'), ['evening_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_game_events_game_id'), ['game_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('game_events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_events_game_id'))
        batch_op.drop_index(batch_op.f('ix_game_events_evening_id'))

    op.drop_table('game_events')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_evening_id'))

    op.drop_table('games')
    op.drop_table('evening_seats')
    with op.batch_alter_table('evenings', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_evenings_group_id'))

    op.drop_table('evenings')
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_players_group_id'))

    op.drop_table('players')
    op.drop_table('groups')
