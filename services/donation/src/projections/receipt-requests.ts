import { deductibleReceiptIssued, donationApproved, donationRequested, formatFolio, type PaymentChannel, type ReceiptRequestRow, type ReceiptStatus } from '@donaciones/contracts'
import { ident, on, typedProjection, type SqlExecutor } from '@donaciones/kit'

const table = (schema: string) => `${ident(schema)}.receipt_requests`

/**
 * "Recibos deducibles": one row per donation whose donor asked for a deductible receipt. It is
 * `requested` while the donation is not approved (never listed), `pending` once approved (folio
 * and method from the approval), `issued` once the stamped CFDI was uploaded and mailed.
 */
export const receiptRequestsProjection = typedProjection({
  name: 'receipt-requests',
  tables: ['receipt_requests'],
  async setup(db, schema) {
    await db.exec(`
      create table if not exists ${table(schema)} (
        donation_id text primary key, status text not null, campaign_id text not null, amount numeric not null,
        donor_name text not null, rfc text not null, name text not null, tax_regime text not null, postal_code text not null, email text not null,
        method text, folio bigint, approved_at timestamptz, issued_at timestamptz, uuid text, requested_at timestamptz not null);
      create index if not exists receipt_requests_by_status on ${table(schema)} (status, folio);
    `)
  },
  handlers: [
    on(donationRequested, async (data, _event, tx, schema) => {
      const { receipt } = data
      if (!receipt) return
      await tx.query(
        `insert into ${table(schema)} (donation_id, status, campaign_id, amount, donor_name, rfc, name, tax_regime, postal_code, email, requested_at)
         values ($1, 'requested', $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (donation_id) do nothing`,
        [data.donationId, data.campaignId, data.amount, data.donor.name, receipt.rfc, receipt.name, receipt.taxRegime, receipt.postalCode, receipt.email, data.requestedAt],
      )
    }),
    on(donationApproved, async (data, event, tx, schema) => {
      await tx.query(
        `update ${table(schema)} set status = 'pending', method = $2, folio = $3, approved_at = $4,
           donor_name = case when donor_name = '' then $5 else donor_name end
         where donation_id = $1 and status = 'requested'`,
        [data.donationId, data.type, event.position, data.approvedAt, data.donor.name],
      )
    }),
    on(deductibleReceiptIssued, async (data, _event, tx, schema) => {
      await tx.query(`update ${table(schema)} set status = 'issued', issued_at = $2, uuid = $3 where donation_id = $1`, [data.donationId, data.issuedAt, data.uuid ?? null])
    }),
  ],
})

interface ReceiptRow {
  donation_id: string
  status: 'requested' | ReceiptStatus
  campaign_id: string
  campaign_title: string | null
  amount: string
  donor_name: string
  rfc: string
  name: string
  tax_regime: string
  postal_code: string
  email: string
  method: PaymentChannel | null
  folio: string | null
  approved_at: Date | string | null
  issued_at: Date | string | null
  uuid: string | null
}

/** A request the dashboard may see: approved (pending or issued). */
export type ListedReceipt = ReceiptRequestRow

function toListed(row: ReceiptRow): ListedReceipt | undefined {
  if (row.status === 'requested' || row.folio === null || row.approved_at === null || row.method === null) return undefined
  return {
    donationId: row.donation_id,
    folio: formatFolio(Number(row.folio)),
    approvedAt: new Date(row.approved_at).toISOString(),
    amount: Number(row.amount),
    method: row.method,
    campaign: { _id: row.campaign_id, title: row.campaign_title ?? '' },
    donor: row.donor_name,
    rfc: row.rfc,
    name: row.name,
    taxRegime: row.tax_regime,
    postalCode: row.postal_code,
    email: row.email,
    status: row.status,
    issuedAt: row.issued_at === null ? null : new Date(row.issued_at).toISOString(),
    uuid: row.uuid,
  }
}

const select = (schema: string) =>
  `select r.donation_id, r.status, r.campaign_id, c.title as campaign_title, r.amount::text as amount, r.donor_name, r.rfc, r.name, r.tax_regime,
     r.postal_code, r.email, r.method, r.folio::text as folio, r.approved_at, r.issued_at, r.uuid
   from ${table(schema)} r left join ${ident(schema)}.campaign_refs c on c.id = r.campaign_id`

/** The requests of one status, oldest folio first (the order the accountant stamps them). */
export async function listReceipts(db: SqlExecutor, schema: string, status: ReceiptStatus): Promise<ListedReceipt[]> {
  const { rows } = await db.query<ReceiptRow>(`${select(schema)} where r.status = $1 order by r.folio ${status === 'pending' ? 'asc' : 'desc'}`, [status])
  return rows.flatMap((row) => toListed(row) ?? [])
}

/** One approved request (pending or issued) and its folio's number, or undefined: none, or its donation not approved. */
export async function findReceipt(db: SqlExecutor, schema: string, donationId: string): Promise<{ receipt: ListedReceipt; folio: number } | undefined> {
  const { rows } = await db.query<ReceiptRow>(`${select(schema)} where r.donation_id = $1`, [donationId])
  const receipt = rows[0] ? toListed(rows[0]) : undefined
  return receipt && rows[0] ? { receipt, folio: Number(rows[0].folio) } : undefined
}
