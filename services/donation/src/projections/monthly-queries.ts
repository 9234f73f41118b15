import type { MonthlyDonor, MonthlyDonorFilters, MonthlyDonorListResponse } from '@donaciones/contracts'
import { ident, type SqlExecutor } from '@donaciones/kit'
import { DONATION_PAGE_SIZE } from './donation-queries.ts'

interface MonthlyRow {
  id: string
  status: MonthlyDonor['status']
  campaign_id: string
  title: string | null
  amount: string | number
  donor_name: string
  donor_email: string
  card_last4: string | null
  card_brand: string | null
  started_at: Date | string
  next_charge_at: Date | string | null
  months_paid: number
  total: string | number
  suspended_reason: string | null
  cancelled_at: Date | string | null
}

const iso = (value: Date | string) => new Date(value).toISOString()

function toMonthlyDonor(row: MonthlyRow): MonthlyDonor {
  return {
    _id: row.id,
    status: row.status,
    amount: Number(row.amount),
    campaign: { _id: row.campaign_id, title: row.title ?? '' },
    name: row.donor_name,
    email: row.donor_email,
    startedAt: iso(row.started_at),
    nextChargeAt: row.next_charge_at ? iso(row.next_charge_at) : null,
    monthsPaid: Number(row.months_paid),
    total: Number(row.total),
    card: { ...(row.card_last4 ? { last4: row.card_last4 } : {}), ...(row.card_brand ? { brand: row.card_brand } : {}) },
    suspendedReason: row.suspended_reason,
    cancelledAt: row.cancelled_at ? iso(row.cancelled_at) : null,
  }
}

function whereOf(filters: Pick<MonthlyDonorFilters, 'status' | 'search'>): { sql: string; params: unknown[] } {
  const conditions: string[] = []
  const params: unknown[] = []
  if (filters.status !== 'all') {
    params.push(filters.status)
    conditions.push(`m.status = $${params.length}`)
  }
  if (filters.search) {
    params.push(`%${filters.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)
    conditions.push(`(m.donor_name ilike $${params.length} or m.donor_email ilike $${params.length} or c.title ilike $${params.length})`)
  }
  return { sql: conditions.length > 0 ? `where ${conditions.join(' and ')}` : '', params }
}

const from = (schema: string) => `${ident(schema)}.monthly_donations m left join ${ident(schema)}.campaign_refs c on c.id = m.campaign_id`
const columns = 'm.*, c.title'

/** "Donadores mensuales": newest first, a page at a time, with the active donors and what they give each month. */
export async function listMonthlyDonors(db: SqlExecutor, schema: string, filters: MonthlyDonorFilters): Promise<MonthlyDonorListResponse> {
  const { sql, params } = whereOf(filters)
  const count = await db.query<{ total: string | number }>(`select count(*) as total from ${from(schema)} ${sql}`, params)
  const offset = (filters.page - 1) * DONATION_PAGE_SIZE
  const { rows } = await db.query<MonthlyRow>(`select ${columns} from ${from(schema)} ${sql} order by m.started_at desc, m.id limit ${DONATION_PAGE_SIZE} offset ${offset}`, params)
  const summary = await db.query<{ active: string | number; amount: string | number | null }>(
    `select count(*) as active, sum(amount) as amount from ${ident(schema)}.monthly_donations where status = 'active'`,
  )
  const total = Number(count.rows[0]?.total ?? 0)
  return {
    docs: rows.map(toMonthlyDonor),
    total,
    page: filters.page,
    pages: Math.ceil(total / DONATION_PAGE_SIZE),
    summary: { active: Number(summary.rows[0]?.active ?? 0), monthlyAmount: Number(summary.rows[0]?.amount ?? 0) },
  }
}

/** Every monthly donor matching the filters, for the export. */
export async function allMonthlyDonors(db: SqlExecutor, schema: string, filters: Pick<MonthlyDonorFilters, 'status' | 'search'>): Promise<MonthlyDonor[]> {
  const { sql, params } = whereOf(filters)
  const { rows } = await db.query<MonthlyRow>(`select ${columns} from ${from(schema)} ${sql} order by m.started_at desc, m.id`, params)
  return rows.map(toMonthlyDonor)
}
