import { filePath, formatFolio, searchKey, type Donation, type DonationFilters, type DonationType, type PaymentChannel } from '@donaciones/contracts'
import { containsPattern, foldedSql, ident, type SqlExecutor } from '@donaciones/kit'

export const DONATION_PAGE_SIZE = 10

export type DonationStatus = 'pending' | 'approved' | 'failed' | 'expired'

export interface DonationRow {
  id: string
  channel: PaymentChannel
  type: DonationType
  status: DonationStatus
  approved: boolean
  amount: string
  currency: string
  fee: string
  created_at: Date | string
  local_date: string
  created_by: string | null
  campaign_id: string
  campaign_title: string | null
  campaign_thumbnail: string | null
  donor_name: string
  donor_email: string
  donor_phone: string | null
  error_message: string | null
  provider_order_id: string | null
  idempotency_key: string | null
  conekta: Donation['conekta'] | null
  paypal: Donation['paypal'] | null
  expires_at: Date | string | null
  /** bigint: text from pg, a number from a record folded in memory. */
  folio: string | number | null
}

const columns = `d.id, d.channel, d.type, d.status, d.approved, d.amount::text as amount, d.currency, d.fee::text as fee, d.created_at, d.local_date,
  d.created_by, d.campaign_id, c.title as campaign_title, c.thumbnail as campaign_thumbnail, d.donor_name, d.donor_email, d.donor_phone,
  d.error_message, d.provider_order_id, d.idempotency_key, d.conekta, d.paypal, d.expires_at, d.folio`

function from(schema: string): string {
  const s = ident(schema)
  return `${s}.donations d left join ${s}.campaign_refs c on c.id = d.campaign_id`
}

/** A donation as the API answers it (spec §3), plus its status and the provider's order id. */
export type DonationDoc = Donation & { status: DonationStatus; providerOrderId: string | null; donor: { name: string; email: string; phone: string | null } }

export function toDonationDoc(row: DonationRow): DonationDoc {
  return {
    _id: row.id,
    amount: Number(row.amount),
    currency: 'MXN',
    fee: Number(row.fee),
    type: row.type,
    approved: row.approved,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    localDate: row.local_date,
    createdBy: row.created_by,
    campaign: {
      _id: row.campaign_id,
      title: row.campaign_title ?? '',
      thumbnail: row.campaign_thumbnail ? { _id: row.campaign_thumbnail, path: filePath(row.campaign_thumbnail) } : null,
    },
    donor: { name: row.donor_name, email: row.donor_email, phone: row.donor_phone },
    providerOrderId: row.provider_order_id,
    ...(row.folio !== null ? { folio: formatFolio(Number(row.folio)) } : {}),
    ...(row.error_message ? { error: { message: row.error_message } } : {}),
    ...(row.paypal ? { paypal: row.paypal } : {}),
    ...(row.conekta ? { conekta: row.conekta } : {}),
  }
}

export async function findDonationRow(db: SqlExecutor, schema: string, id: string): Promise<DonationRow | undefined> {
  const { rows } = await db.query<DonationRow>(`select ${columns} from ${from(schema)} where d.id = $1`, [id])
  return rows[0]
}

export async function findDonationByOrder(db: SqlExecutor, schema: string, channel: PaymentChannel | 'conekta-any', orderId: string): Promise<DonationRow | undefined> {
  const channels = channel === 'conekta-any' ? ['conekta', 'oxxo'] : [channel]
  const { rows } = await db.query<DonationRow>(
    `select ${columns} from ${from(schema)} where d.provider_order_id = $1 and d.channel = any($2::text[]) order by d.created_at limit 1`,
    [orderId, channels],
  )
  return rows[0]
}

function whereOf(channel: PaymentChannel | undefined, filters: Partial<DonationFilters>, ids?: readonly string[]): { sql: string; params: unknown[] } {
  const conditions: string[] = []
  const params: unknown[] = []
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value)
    conditions.push(condition(`$${params.length}`))
  }
  if (channel) add((p) => `d.channel = ${p}`, channel)
  if (filters.type && filters.type !== 'all') add((p) => `d.type = ${p}`, filters.type)
  if (filters.amount !== undefined) add((p) => `d.amount = ${p}`, filters.amount)
  if (filters.campaign) add((p) => `d.campaign_id = ${p}`, filters.campaign)
  // Searches ignore case and accents: 'educacion' finds 'Educación'.
  const contains = (text: string) => containsPattern(searchKey(text))
  if (filters.name) add((p) => `${foldedSql('d.donor_name')} like ${p}`, contains(filters.name))
  if (filters.email) add((p) => `${foldedSql('d.donor_email')} like ${p}`, contains(filters.email))
  if (filters.startDate) add((p) => `d.local_date >= ${p}`, filters.startDate)
  if (filters.endDate) add((p) => `d.local_date <= ${p}`, filters.endDate)
  if (filters.search) {
    add((p) => `(${foldedSql('d.donor_name')} like ${p} or ${foldedSql('d.donor_email')} like ${p} or ${foldedSql("coalesce(c.title, '')")} like ${p})`, contains(filters.search))
  }
  if (ids) add((p) => `d.id = any(${p}::text[])`, ids)
  return { sql: conditions.length > 0 ? `where ${conditions.join(' and ')}` : '', params }
}

export interface DonationSummary {
  total: number
  donors: number
}

/**
 * The approved donations among those the filters select (the list's, type included: a failed
 * donation is never approved, so 'failed' sums nothing): the amount given and the distinct donors
 * (account, or e-mail without one).
 */
export async function summarize(db: SqlExecutor, schema: string, channel: PaymentChannel | undefined, filters: Partial<DonationFilters> = {}): Promise<DonationSummary> {
  const { sql, params } = whereOf(channel, filters)
  const { rows } = await db.query<{ total: string | null; donors: string | number }>(
    `select coalesce(sum(d.amount), 0)::text as total,
       count(distinct coalesce('user:' || d.created_by, 'email:' || lower(d.donor_email))) as donors
     from ${from(schema)} ${sql ? `${sql} and d.approved` : 'where d.approved'}`,
    params,
  )
  return { total: Number(rows[0]?.total ?? 0), donors: Number(rows[0]?.donors ?? 0) }
}

export async function listDonations(db: SqlExecutor, schema: string, channel: PaymentChannel | undefined, filters: DonationFilters) {
  const { sql, params } = whereOf(channel, filters)
  const count = await db.query<{ total: string | number }>(`select count(*) as total from ${from(schema)} ${sql}`, params)
  const offset = (filters.page - 1) * DONATION_PAGE_SIZE
  const { rows } = await db.query<DonationRow>(
    `select ${columns} from ${from(schema)} ${sql} order by d.created_at desc, d.id limit ${DONATION_PAGE_SIZE} offset ${offset}`,
    params,
  )
  return {
    docs: rows.map(toDonationDoc),
    totalDocs: Number(count.rows[0]?.total ?? 0),
    page: filters.page,
    limit: DONATION_PAGE_SIZE,
    ...(await summarize(db, schema, channel, filters)),
  }
}

export async function donationsByIds(db: SqlExecutor, schema: string, ids: readonly string[]): Promise<DonationDoc[]> {
  const { sql, params } = whereOf(undefined, {}, ids.length > 0 ? ids : undefined)
  const { rows } = await db.query<DonationRow>(`select ${columns} from ${from(schema)} ${sql} order by d.created_at desc, d.id`, params)
  return rows.map(toDonationDoc)
}

/** Approved donations per day (by approval date) for the history chart. */
export async function approvedPerDay(db: SqlExecutor, schema: string, channel: PaymentChannel | undefined) {
  const params: unknown[] = []
  let condition = 'd.approved'
  if (channel) {
    params.push(channel)
    condition += ' and d.channel = $1'
  }
  const { rows } = await db.query<{ date: string; total: string; count: string | number }>(
    `select d.approved_local_date as date, sum(d.amount)::text as total, count(*) as count from ${ident(schema)}.donations d
     where ${condition} group by d.approved_local_date order by d.approved_local_date`,
    params,
  )
  return rows.map((row) => ({ date: row.date, total: Number(row.total), count: Number(row.count) }))
}

/** Pending cash vouchers whose expiry has passed. */
export async function expiredVouchers(db: SqlExecutor, schema: string, now: Date): Promise<DonationRow[]> {
  const { rows } = await db.query<DonationRow>(
    `select ${columns} from ${from(schema)} where d.channel = 'oxxo' and d.status = 'pending' and d.expires_at is not null and d.expires_at < $1`,
    [now.toISOString()],
  )
  return rows
}

/** Pending wallet donations that have a provider order (captured maybe, but not recorded). */
export async function pendingWithOrder(db: SqlExecutor, schema: string, channel: PaymentChannel, since: Date): Promise<DonationRow[]> {
  const { rows } = await db.query<DonationRow>(
    `select ${columns} from ${from(schema)} where d.channel = $1 and d.status = 'pending' and d.provider_order_id is not null and d.created_at >= $2`,
    [channel, since.toISOString()],
  )
  return rows
}
