import { attemptsMigration, type Migration } from '@donaciones/kit'

/** The campaign service's private tables: the kit's attempt log counts likes, visits and comments. */
export const campaignMigrations: readonly Migration[] = [
  attemptsMigration,
  // The attempts table replaced the likes' own table.
  { id: '001-drop-like-limits', sql: (s) => `drop table if exists ${s}.like_limits` },
]
