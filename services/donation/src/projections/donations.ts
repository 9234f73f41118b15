import {
  cashVoucherIssued,
  donationApproved,
  donationExpired,
  donationFailed,
  donationProviderDetailsRecorded,
  donationRequested,
  mexicoCityDayOf,
  type EventEnvelope,
} from '@donaciones/contracts'
import { ident, on, typedProjection, type Projection, type SqlExecutor } from '@donaciones/kit'
import { newDonationRecord, type DonationRecord } from './donation-record.ts'

const table = (schema: string) => `${ident(schema)}.donations`

/** The donations table, event by event. */
const byEvent = typedProjection({
  name: 'donations',
  tables: ['donations'],
  async setup(db, schema) {
    const s = ident(schema)
    await db.exec(`
      create table if not exists ${s}.donations (
        id text primary key, channel text not null, type text not null, status text not null, approved boolean not null,
        amount numeric not null, currency text not null, fee numeric not null default 0,
        created_at timestamptz not null, local_date text not null, approved_at timestamptz, approved_local_date text,
        created_by text, campaign_id text not null,
        donor_name text not null, donor_email text not null, donor_phone text,
        error_message text, provider_order_id text, idempotency_key text,
        conekta jsonb, paypal jsonb, expires_at timestamptz, updated_at timestamptz not null);
      create index if not exists donations_newest on ${s}.donations (channel, created_at desc);
      create index if not exists donations_by_order on ${s}.donations (provider_order_id);
      create index if not exists donations_pending on ${s}.donations (status, expires_at);
    `)
  },
  migrations: [
    { id: 'folio', sql: (s) => `alter table ${s}.donations add column if not exists folio bigint; create unique index if not exists donations_folio on ${s}.donations (folio)` },
  ],
  handlers: [
    on(donationRequested, async (data, _event, tx, schema) => {
      await tx.query(
        `insert into ${table(schema)} (id, channel, type, status, approved, amount, currency, created_at, local_date, created_by, campaign_id,
           donor_name, donor_email, donor_phone, provider_order_id, idempotency_key, updated_at)
         values ($1, $2, $2, 'pending', false, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $5) on conflict (id) do nothing`,
        [data.donationId, data.type, data.amount, data.currency, data.requestedAt, mexicoCityDayOf(data.requestedAt), data.userId, data.campaignId,
          data.donor.name, data.donor.email, data.phone ?? null, data.providerOrderId, data.idempotencyKey ?? null],
      )
    }),
    on(cashVoucherIssued, async (data, event, tx, schema) => {
      await tx.query(`update ${table(schema)} set provider_order_id = $2, expires_at = $3, updated_at = $4 where id = $1`, [
        data.donationId, data.providerOrderId, data.expiresAt, event.occurredAt,
      ])
    }),
    on(donationProviderDetailsRecorded, async (data, event, tx, schema) => {
      await tx.query(
        `update ${table(schema)} set provider_order_id = $2, conekta = coalesce($3::jsonb, conekta), paypal = coalesce($4::jsonb, paypal), updated_at = $5 where id = $1`,
        [data.donationId, data.providerOrderId, data.conekta ? JSON.stringify({ orderId: data.providerOrderId, ...data.conekta }) : null,
          data.paypal ? JSON.stringify(data.paypal) : null, event.occurredAt],
      )
    }),
    on(donationApproved, async (data, event, tx, schema) => {
      await tx.query(
        `update ${table(schema)} set status = 'approved', approved = true, type = $2, fee = $3, approved_at = $4, approved_local_date = $5,
           donor_name = case when donor_name = '' then $6 else donor_name end, donor_email = case when donor_email = '' then $7 else donor_email end,
           folio = $8, updated_at = $4 where id = $1`,
        [data.donationId, data.type, data.fee, data.approvedAt, mexicoCityDayOf(data.approvedAt), data.donor.name, data.donor.email, event.position],
      )
    }),
    on(donationFailed, async (data, _event, tx, schema) => {
      await tx.query(`update ${table(schema)} set status = 'failed', type = 'failed', approved = false, error_message = $2, updated_at = $3 where id = $1`, [
        data.donationId, data.error.message, data.failedAt,
      ])
    }),
    on(donationExpired, async (data, _event, tx, schema) => {
      await tx.query(`update ${table(schema)} set status = 'expired', updated_at = $2 where id = $1`, [data.donationId, data.expiredAt])
    }),
  ],
})

/** Writes a new donation's row whole, as its events make it; false when the row was already there (nothing written). */
async function insertRecord(tx: SqlExecutor, schema: string, record: DonationRecord): Promise<boolean> {
  const { rows } = await tx.query(
    `insert into ${table(schema)} (id, channel, type, status, approved, amount, currency, fee, created_at, local_date, approved_at, approved_local_date,
       created_by, campaign_id, donor_name, donor_email, donor_phone, error_message, provider_order_id, idempotency_key, conekta, paypal, expires_at, updated_at, folio)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21::jsonb, $22::jsonb, $23, $24, $25)
     on conflict (id) do nothing returning id`,
    [record.id, record.channel, record.type, record.status, record.approved, record.amount, record.currency, record.fee, record.createdAt, record.localDate,
      record.approvedAt, record.approvedLocalDate, record.createdBy, record.campaignId, record.donorName, record.donorEmail, record.donorPhone,
      record.errorMessage, record.providerOrderId, record.idempotencyKey, record.conekta ? JSON.stringify(record.conekta) : null,
      record.paypal ? JSON.stringify(record.paypal) : null, record.expiresAt, record.updatedAt, record.folio],
  )
  return rows.length > 0
}

/**
 * A run of events: a new donation's request and what follows it in the same run (a card's
 * approval, a decline, a voucher) is folded in memory and inserted in one statement; anything
 * else goes event by event. A row that already exists gets its events one by one, as ever.
 */
async function applyRun(tx: SqlExecutor, events: readonly EventEnvelope[], schema: string): Promise<void> {
  for (let index = 0; index < events.length; ) {
    const created = newDonationRecord(events, index)
    if (created && (await insertRecord(tx, schema, created.record))) {
      index += created.folded
      continue
    }
    const event = events[index]
    if (event) await byEvent.apply(tx, event, schema)
    index += 1
  }
}

/**
 * One row per donation (spec §3 Donation): channel, type (the channel, or 'failed'), status,
 * amounts, donor, provider order and the provider's details as the detail screens show them.
 */
export const donationsProjection: Projection = { ...byEvent, applyBatch: applyRun }
