import { ident, type SqlExecutor } from '@donaciones/kit'

// The table file_blobs is created by the service's migrations (src/migrations.ts).

export interface FileBlob {
  contentType: string
  sha256: string
  bytes: Buffer
}

export async function insertFileBlob(tx: SqlExecutor, schema: string, id: string, blob: FileBlob): Promise<void> {
  await tx.query(`insert into ${ident(schema)}.file_blobs (id, content_type, sha256, bytes) values ($1, $2, $3, $4)`, [
    id,
    blob.contentType,
    blob.sha256,
    blob.bytes,
  ])
}

export async function readFileBlob(db: SqlExecutor, schema: string, id: string): Promise<FileBlob | undefined> {
  const { rows } = await db.query<{ content_type: string; sha256: string; bytes: Uint8Array }>(
    `select content_type, sha256, bytes from ${ident(schema)}.file_blobs where id = $1`,
    [id],
  )
  const row = rows[0]
  return row ? { contentType: row.content_type, sha256: row.sha256, bytes: Buffer.from(row.bytes) } : undefined
}

/** Only the fingerprint (answers If-None-Match without reading the bytes). */
export async function readFileEtag(db: SqlExecutor, schema: string, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ sha256: string }>(`select sha256 from ${ident(schema)}.file_blobs where id = $1`, [id])
  return rows[0]?.sha256
}
