import { donationApproved, monthlyDonationCancelled, monthlyDonationCardUpdated, monthlyDonationStarted, monthlyDonationSuspended } from '@donaciones/contracts'
import { ident, on, typedProjection, type SqlExecutor } from '@donaciones/kit'

const table = (schema: string) => `${ident(schema)}.monthly_donations`

/**
 * "Donadores mensuales": one row per monthly donation with its state, card, next charge, and the
 * months paid so far (each approved month is a DonationApproved marked with its subscription).
 */
export const monthlyDonationsProjection = typedProjection({
  name: 'monthly-donations',
  tables: ['monthly_donations'],
  async setup(db, schema) {
    await db.exec(`
      create table if not exists ${table(schema)} (
        id text primary key, status text not null, campaign_id text not null, amount numeric not null,
        donor_name text not null, donor_email text not null, provider_customer_id text not null,
        card_last4 text, card_brand text, started_at timestamptz not null, next_charge_at timestamptz,
        months_paid integer not null default 0, total numeric not null default 0,
        suspended_reason text, cancelled_at timestamptz, updated_at timestamptz not null);
      create index if not exists monthly_by_customer on ${table(schema)} (provider_customer_id);
      create index if not exists monthly_by_status on ${table(schema)} (status, started_at desc);
    `)
  },
  handlers: [
    on(monthlyDonationStarted, async (data, _event, tx, schema) => {
      await tx.query(
        `insert into ${table(schema)} (id, status, campaign_id, amount, donor_name, donor_email, provider_customer_id, card_last4, card_brand, started_at, next_charge_at, updated_at)
         values ($1, 'active', $2, $3, $4, $5, $6, $7, $8, $9, $10, $9) on conflict (id) do nothing`,
        [data.subscriptionId, data.campaignId, data.amount, data.donor.name, data.donor.email, data.providerCustomerId, data.card.last4 ?? null, data.card.brand ?? null, data.startedAt, data.nextChargeAt ?? null],
      )
    }),
    on(donationApproved, async (data, _event, tx, schema) => {
      if (!data.monthly) return
      await tx.query(
        `update ${table(schema)} set months_paid = months_paid + 1, total = total + $2,
           next_charge_at = greatest(next_charge_at, $3::timestamptz), updated_at = $4 where id = $1`,
        [data.monthly.subscriptionId, data.amount, data.monthly.nextChargeAt ?? null, data.approvedAt],
      )
    }),
    on(monthlyDonationSuspended, async (data, _event, tx, schema) => {
      // Nothing is charged until the donor gives another card: the month it resumes sets the next charge again.
      await tx.query(`update ${table(schema)} set status = 'suspended', suspended_reason = $2, next_charge_at = null, updated_at = $3 where id = $1`, [data.subscriptionId, data.reason, data.suspendedAt])
    }),
    on(monthlyDonationCardUpdated, async (data, _event, tx, schema) => {
      await tx.query(
        `update ${table(schema)} set status = case when status = 'cancelled' then status else 'active' end, suspended_reason = null,
           card_last4 = $2, card_brand = $3, updated_at = $4 where id = $1`,
        [data.subscriptionId, data.card.last4 ?? null, data.card.brand ?? null, data.updatedAt],
      )
    }),
    on(monthlyDonationCancelled, async (data, _event, tx, schema) => {
      await tx.query(`update ${table(schema)} set status = 'cancelled', cancelled_at = $2, next_charge_at = null, updated_at = $2 where id = $1`, [data.subscriptionId, data.cancelledAt])
    }),
  ],
})

/** Our monthly donation whose provider customer this is, if we have recorded it. */
export async function monthlyIdOfCustomer(db: SqlExecutor, schema: string, customerId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(`select id from ${table(schema)} where provider_customer_id = $1`, [customerId])
  return rows[0]?.id
}

/** Monthly donations still charged or waiting for a card: reconciliation asks the provider about each. */
export async function openMonthlyDonations(db: SqlExecutor, schema: string): Promise<Array<{ id: string; provider_customer_id: string }>> {
  const { rows } = await db.query<{ id: string; provider_customer_id: string }>(`select id, provider_customer_id from ${table(schema)} where status <> 'cancelled'`)
  return rows
}
