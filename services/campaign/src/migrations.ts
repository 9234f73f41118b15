import { attemptsMigration, type Migration } from '@donaciones/kit'

/** The campaign service's private tables: the kit's attempt log counts likes, visits and comments. */
export const campaignMigrations: readonly Migration[] = [
  attemptsMigration,
  // The attempts table replaced the likes' own table.
  { id: '001-drop-like-limits', sql: (s) => `drop table if exists ${s}.like_limits` },
  // Not a private table: once, the comments projected from CommentPosted v1 (stored HTML-escaped) read
  // as typed, as the v1 upcaster reads them on a replay. Only rows still holding exactly the v1 text
  // change, so a row already rebuilt from the upcast event is left alone.
  {
    id: '002-comments-as-typed',
    sql: (s) => `
      do $$ begin
        if to_regclass('${s}.comments') is not null then
          update ${s}.comments c
          set comment = replace(replace(replace(replace(replace(c.comment, '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')
          from ${s}.events e
          where e.type = 'CommentPosted' and e.schema_version = 1 and e.stream_id = 'comment-' || c.id::text and c.comment = e.data->>'comment';
        end if;
      end $$`,
  },
]
