import { ident, type SqlExecutor } from '@donaciones/kit'

/**
 * The stamped XML and PDF of each issued deductible receipt, in the service's private table
 * `receipt_files` (migration 004): facts a replay cannot rebuild, kept for the mail and for later.
 */
export async function saveReceiptFiles(tx: SqlExecutor, schema: string, donationId: string, files: { xml: Buffer; pdf: Buffer }): Promise<void> {
  await tx.query(`insert into ${ident(schema)}.receipt_files (donation_id, xml, pdf) values ($1, $2, $3)`, [donationId, files.xml, files.pdf])
}

export async function readReceiptFiles(db: SqlExecutor, schema: string, donationId: string): Promise<{ xml: Buffer; pdf: Buffer } | undefined> {
  const { rows } = await db.query<{ xml: Uint8Array; pdf: Uint8Array }>(`select xml, pdf from ${ident(schema)}.receipt_files where donation_id = $1`, [donationId])
  const row = rows[0]
  return row ? { xml: Buffer.from(row.xml), pdf: Buffer.from(row.pdf) } : undefined
}
