import { attemptsMigration, type Migration } from '@donaciones/kit'

/**
 * The content service's private tables. The configuration's secrets, encrypted: the events only say
 * which secrets changed, so a replay could not rebuild them. The bytes of each upload, in the
 * database so every replica serves them. The kit's attempt log holds the upload quotas of users.
 */
export const contentMigrations: readonly Migration[] = [
  {
    id: '001-config-secrets-and-file-blobs',
    sql: (s) => `
      create table if not exists ${s}.config_secrets (
        name text primary key,
        sealed text not null,
        updated_at timestamptz not null default now()
      );
      create table if not exists ${s}.file_blobs (
        id text primary key,
        content_type text not null,
        sha256 text not null,
        bytes bytea not null,
        created_at timestamptz not null default now()
      )`,
  },
  attemptsMigration,
]
