"""Table changes: an edit's history remembers the game the change followed, not only a count

An edit of a table change kept where the change stood before it as a count ("after game 3",
`old_after`), and Rückgängig and "Fassung von vorher wiederherstellen" put it back after
that many games. Once an earlier game was deleted in between, the count named the game after
the one the change had followed, and the change came back one game late. Now the edit also
records the id of the game the change stood right after (`old_after_game_id`): the change
goes back after that game, wherever deletions have moved it.

Existing rows keep NULL: their change goes back after `old_after` games, as before (a count
cannot be turned back into a game without replaying the evening's history).

Revision ID: d7e3a1f5c920
Revises: c5d2e8f41a70
Create Date: 2026-11-23 10:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'd7e3a1f5c920'
down_revision = 'c5d2e8f41a70'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game_events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('old_after_game_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(batch_op.f('fk_game_events_old_after_game_id_games'),
                                    'games', ['old_after_game_id'], ['id'])


def downgrade() -> None:
    with op.batch_alter_table('game_events', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_game_events_old_after_game_id_games'),
                                 type_='foreignkey')
        batch_op.drop_column('old_after_game_id')
