import { DONOR_WALL_LARGEST, DONOR_WALL_LATEST, donationApproved, donorWallName, type DonorWall, type Visibility } from '@donaciones/contracts'
import { ident, on, typedProjection, type SqlExecutor } from '@donaciones/kit'
import { shownMessageSql } from './donor-messages.ts'

/**
 * Approved donations of each campaign (from the donation service); failed ones never arrive here.
 * `donor` tells donors apart (their account, else their e-mail); rows recorded before the column
 * existed have none and count as one donor each until a replay fills it.
 */
export const donationTotalsProjection = typedProjection({
  name: 'donation-totals',
  tables: ['campaign_donations'],
  async setup(db, schema) {
    await db.exec(`
      create table if not exists ${ident(schema)}.campaign_donations (donation_id text primary key, campaign_id text not null, amount numeric not null, type text not null, approved_at timestamptz not null);
      create index if not exists campaign_donations_by_campaign on ${ident(schema)}.campaign_donations (campaign_id);
    `)
  },
  migrations: [
    { id: 'donor', sql: (s) => `alter table ${s}.campaign_donations add column if not exists donor text` },
    // The donor wall: the name it may show (null: "Anónimo") and the donor's message.
    {
      id: 'donor-wall',
      sql: (s) => `alter table ${s}.campaign_donations add column if not exists wall_name text; alter table ${s}.campaign_donations add column if not exists message text`,
    },
  ],
  handlers: [
    on(donationApproved, async (data, _event, tx, schema) => {
      await tx.query(
        `insert into ${ident(schema)}.campaign_donations (donation_id, campaign_id, amount, type, approved_at, donor, wall_name, message)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
        [data.donationId, data.campaignId, data.amount, data.type, data.approvedAt, donorKey(data), donorWallName(data.donor.name, data.anonymous), data.message ?? null],
      )
    }),
  ],
})

/** The same person gives again: same account, or the same e-mail without one. */
function donorKey(data: { userId: string | null; donor: { email: string } }): string | null {
  if (data.userId) return `user:${data.userId}`
  const email = data.donor.email.trim().toLowerCase()
  return email ? `email:${email}` : null
}

/** Select-list columns `raised` (text) and `donors` (int) of the campaign whose id is `campaignIdSql`. */
export function donationTotalsSql(schema: string, campaignIdSql: string): string {
  const table = `${ident(schema)}.campaign_donations`
  return `(select coalesce(sum(d.amount), 0)::text from ${table} d where d.campaign_id = ${campaignIdSql}) as raised,
  (select count(distinct coalesce(d.donor, 'donation:' || d.donation_id))::int from ${table} d where d.campaign_id = ${campaignIdSql}) as donors`
}

export async function campaignDonations(db: SqlExecutor, schema: string, campaignId: string) {
  const { rows } = await db.query<{ amount: string; type: 'paypal' | 'conekta' | 'oxxo'; approved_at: Date | string }>(
    `select amount::text as amount, type, approved_at from ${ident(schema)}.campaign_donations where campaign_id = $1 order by approved_at desc`,
    [campaignId],
  )
  return rows.map((row) => ({ amount: Number(row.amount), type: row.type, approved: true, createdAt: new Date(row.approved_at).toISOString() }))
}

/** The campaign's donor wall, null when the campaign turned it off (the public page builds the same in its one query). */
export async function campaignDonorWall(db: SqlExecutor, schema: string, campaignId: string, visibility: Visibility): Promise<DonorWall | null> {
  if (visibility.donorWall === false) return null
  const entries = async (order: string, limit: number) => {
    const { rows } = await db.query<{ id: string; name: string | null; amount: string; approved_at: Date | string; message: string | null }>(
      `select d.donation_id as id, d.wall_name as name, d.amount::text as amount, d.approved_at, ${shownMessageSql(schema)} as message
       from ${ident(schema)}.campaign_donations d where d.campaign_id = $1 order by ${order}, d.donation_id limit ${limit}`,
      [campaignId],
    )
    return rows.map((row) => ({ _id: row.id, name: row.name, amount: Number(row.amount), createdAt: new Date(row.approved_at).toISOString(), message: row.message }))
  }
  return { latest: await entries('d.approved_at desc', DONOR_WALL_LATEST), largest: await entries('d.amount desc, d.approved_at desc', DONOR_WALL_LARGEST) }
}
