"""Imports: the files a Runde took evenings from, the upload awaiting its import, and where
each imported entry came from

A Runde can take evenings from another scorekeeper's file or from its own backup on another
server (issue 28). `imports` keeps one row per file imported into a Runde: its source app,
name, mode, counts and the SHA-256 of its bytes, unique per Runde, so that the same file is
refused the second time. `import_uploads` keeps an uploaded file between its preview and the
import (bytes and hash; rows expire), so the confirmation reads what the server checked and
never trusts a form. `game_events.import_id` names the import an entry's create event came
from: the Verlauf says "importiert aus …". Existing rows keep NULL: they were entered at the
table. (The evening itself gets no column: on SQLite adding a foreign key rebuilds the table,
and `evenings` is referenced by every evening's rows; an imported evening is known by its
entries' events, as every import creates its evenings whole.)

Revision ID: f4a2b7c9d1e6
Revises: f4c1a7e9d2b6
Create Date: 2026-11-26 10:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'f4a2b7c9d1e6'
down_revision = 'f4c1a7e9d2b6'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'imports',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('content_hash', sa.String(length=64), nullable=False),
        sa.Column('file_name', sa.String(length=200), nullable=False),
        sa.Column('source', sa.String(length=32), nullable=False),
        sa.Column('mode', sa.String(length=16), nullable=False),
        sa.Column('evenings', sa.Integer(), nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['groups.id'],
                                name=op.f('fk_imports_group_id_groups')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_imports')),
        sa.UniqueConstraint('group_id', 'content_hash',
                            name=op.f('uq_imports_group_id_content_hash')),
    )
    with op.batch_alter_table('imports', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_imports_group_id'), ['group_id'], unique=False)

    op.create_table(
        'import_uploads',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('content_hash', sa.String(length=64), nullable=False),
        sa.Column('file_name', sa.String(length=200), nullable=False),
        sa.Column('data', sa.LargeBinary(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['group_id'], ['groups.id'],
                                name=op.f('fk_import_uploads_group_id_groups')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_import_uploads')),
        sa.UniqueConstraint('group_id', 'content_hash',
                            name=op.f('uq_import_uploads_group_id_content_hash')),
    )
    with op.batch_alter_table('import_uploads', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_import_uploads_group_id'), ['group_id'],
                              unique=False)

    with op.batch_alter_table('game_events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('import_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(batch_op.f('fk_game_events_import_id_imports'),
                                    'imports', ['import_id'], ['id'])


def downgrade() -> None:
    with op.batch_alter_table('game_events', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_game_events_import_id_imports'),
                                 type_='foreignkey')
        batch_op.drop_column('import_id')
    with op.batch_alter_table('import_uploads', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_import_uploads_group_id'))
    op.drop_table('import_uploads')
    with op.batch_alter_table('imports', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_imports_group_id'))
    op.drop_table('imports')
