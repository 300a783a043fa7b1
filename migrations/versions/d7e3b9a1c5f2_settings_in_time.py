"""Settings in time and guests (issue 37)

A Runde's "Wer fehlt, zahlt" and its season Wertung were one setting applied to every
evening ever played: changing it at New Year re-billed and re-ranked last year. They are
now kept with the day from which they apply (RULES.md §11.4): `ranking_rules` and
`absent_rules`, one row per setting. Each Runde's setting of `runde_years` becomes its first
row, valid from the beginning (0001-01-01), so every number stays as it was. A player may be
a guest (`players.guest`): never charged or scored as an absent member.

Revision ID: d7e3b9a1c5f2
Revises: d7e3a9b1c5f2
Create Date: 2026-11-28 14:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'd7e3b9a1c5f2'
down_revision = 'd7e3a9b1c5f2'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'ranking_rules',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('valid_from', sa.Date(), nullable=False),
        sa.Column('season_ranking', sa.String(length=16), nullable=False),
        sa.Column('season_min_games', sa.Integer(), nullable=False),
        sa.Column('absent_table_points', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['groups.id'],
                                name=op.f('fk_ranking_rules_group_id_groups')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_ranking_rules')),
        sa.UniqueConstraint('group_id', 'valid_from',
                            name=op.f('uq_ranking_rules_group_id_valid_from')),
    )
    op.create_index(op.f('ix_ranking_rules_group_id'), 'ranking_rules', ['group_id'])
    op.create_table(
        'absent_rules',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('valid_from', sa.Date(), nullable=False),
        sa.Column('absent_pays', sa.String(length=16), nullable=False),
        sa.Column('absent_fixed_cents', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['groups.id'],
                                name=op.f('fk_absent_rules_group_id_groups')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_absent_rules')),
        sa.UniqueConstraint('group_id', 'valid_from',
                            name=op.f('uq_absent_rules_group_id_valid_from')),
    )
    op.create_index(op.f('ix_absent_rules_group_id'), 'absent_rules', ['group_id'])
    # Today's one setting of each Runde, valid from the beginning: nothing changes.
    op.execute(
        "INSERT INTO ranking_rules (group_id, valid_from, season_ranking, season_min_games,"
        " absent_table_points, created_at)"
        " SELECT group_id, '0001-01-01', season_ranking, season_min_games,"
        " absent_table_points, CURRENT_TIMESTAMP FROM runde_years")
    op.execute(
        "INSERT INTO absent_rules (group_id, valid_from, absent_pays, absent_fixed_cents,"
        " created_at)"
        " SELECT group_id, '0001-01-01', absent_pays, absent_fixed_cents, CURRENT_TIMESTAMP"
        " FROM runde_years")
    op.add_column('players', sa.Column('guest', sa.Boolean(), server_default='0',
                                       nullable=False))


def downgrade() -> None:
    # runde_years keeps the setting from the beginning; what was dated later goes. Plain
    # DROP COLUMN: a batch copy of players would break the foreign keys on SQLite.
    op.drop_column('players', 'guest')
    op.drop_index(op.f('ix_absent_rules_group_id'), table_name='absent_rules')
    op.drop_table('absent_rules')
    op.drop_index(op.f('ix_ranking_rules_group_id'), table_name='ranking_rules')
    op.drop_table('ranking_rules')
