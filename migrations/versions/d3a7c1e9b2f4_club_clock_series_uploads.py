"""A club evening's round clock, its backup's upload, and the club's annual ranking (issue 37)

- `tournaments.round_minutes`: the minutes a round lasts (NULL: no clock).
- `tournament_uploads`: a tournament's backup waiting between its preview and its restore
  (transient, like `import_uploads`).
- `club_series` and `club_series_evenings`: a Vereinsmeisterschaft and the club evenings it
  counts.

Revision ID: d3a7c1e9b2f4
Revises: a7d3e9f2c4b8
Create Date: 2026-11-28 14:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'd3a7c1e9b2f4'
down_revision = 'a7d3e9f2c4b8'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('tournaments', sa.Column('round_minutes', sa.Integer(), nullable=True))
    op.create_table(
        'tournament_uploads',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('content_hash', sa.String(length=64), nullable=False),
        sa.Column('file_name', sa.String(length=200), nullable=False),
        sa.Column('data', sa.LargeBinary(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('content_hash'),
    )
    op.create_table(
        'club_series',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('edit_token', sa.String(length=64), nullable=False),
        sa.Column('read_token', sa.String(length=64), nullable=False),
        sa.Column('ranking', sa.String(length=16), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('edit_token'),
        sa.UniqueConstraint('read_token'),
    )
    op.create_table(
        'club_series_evenings',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('series_id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['series_id'], ['club_series.id']),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('series_id', 'tournament_id'),
    )
    op.create_index('ix_club_series_evenings_series_id', 'club_series_evenings',
                    ['series_id'])
    op.create_index('ix_club_series_evenings_tournament_id', 'club_series_evenings',
                    ['tournament_id'])


def downgrade() -> None:
    op.drop_index('ix_club_series_evenings_tournament_id', table_name='club_series_evenings')
    op.drop_index('ix_club_series_evenings_series_id', table_name='club_series_evenings')
    op.drop_table('club_series_evenings')
    op.drop_table('club_series')
    op.drop_table('tournament_uploads')
    op.drop_column('tournaments', 'round_minutes')
