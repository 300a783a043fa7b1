"""Table changes: where a change stood before an edit, kept in its history

Players come and go during an evening (RULES.md §7, table changes). A table change is stored
as an entry of the evening's `games` list, like a game: facts {"table": [player ids],
"dealer": player id}, with the same position order, revision and history. Moving a change
("after game 3" -> "after game 2") changes its position, which the facts do not hold, so an
edit's history entry now records the number of games before the change until then:
Rückgängig and "Fassung von vorher wiederherstellen" put a moved change back where it was.
Existing rows need nothing: games have no place to remember, and NULL means "not moved".

Revision ID: b3f1c8e2a9d5
Revises: 7a1e2c9d0b34
Create Date: 2026-11-22 12:29:13

"""
from alembic import op
import sqlalchemy as sa


revision = 'b3f1c8e2a9d5'
down_revision = '7a1e2c9d0b34'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game_events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('old_after', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('game_events', schema=None) as batch_op:
        batch_op.drop_column('old_after')
