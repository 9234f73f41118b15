import { fileUploaded } from '@donaciones/contracts'
import { ident, on, typedProjection, type SqlExecutor } from '@donaciones/kit'

/** Uploaded files' metadata. The bytes live in file_blobs (written with the event, never dropped by a replay). */
export const filesProjection = typedProjection({
  name: 'files',
  tables: ['files'],
  async setup(db, schema) {
    await db.exec(`create table if not exists ${ident(schema)}.files (
      id text primary key,
      path text not null,
      content_type text not null,
      size integer not null,
      uploaded_by text,
      created_at timestamptz not null
    )`)
  },
  handlers: [
    on(fileUploaded, async (data, event, tx, schema) => {
      await tx.query(
        `insert into ${ident(schema)}.files (id, path, content_type, size, uploaded_by, created_at)
         values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing`,
        [data.fileId, data.path, data.contentType, data.size, data.uploadedBy, event.occurredAt],
      )
    }),
  ],
})

export interface StoredFile {
  id: string
  path: string
  contentType: string
  size: number
}

export async function findFile(db: SqlExecutor, schema: string, id: string): Promise<StoredFile | undefined> {
  const { rows } = await db.query<{ id: string; path: string; content_type: string; size: number }>(
    `select id, path, content_type, size from ${ident(schema)}.files where id = $1`,
    [id],
  )
  const row = rows[0]
  return row ? { id: row.id, path: row.path, contentType: row.content_type, size: row.size } : undefined
}

/** The ids among `ids` that name no uploaded file. */
export async function missingFiles(db: SqlExecutor, schema: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const { rows } = await db.query<{ id: string }>(`select id from ${ident(schema)}.files where id = any($1::text[])`, [ids])
  const found = new Set(rows.map((row) => row.id))
  return ids.filter((id) => !found.has(id))
}
