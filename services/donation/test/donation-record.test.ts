import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cashVoucherIssued,
  donationApproved,
  donationEvents,
  donationExpired,
  donationFailed,
  donationProviderDetailsRecorded,
  donationRequested,
  type EventDataOf,
  type EventEnvelope,
} from '@donaciones/contracts'
import { EventStore, ident, newEvent, type NewEvent, type SqlDatabase, setUpProjection } from '@donaciones/kit'
import { databaseEngines, testMetadata, uniqueName } from '@donaciones/kit/testing'
import { campaignRefsProjection } from '../src/projections/campaign-refs.ts'
import { findDonationRow, toDonationDoc } from '../src/projections/donation-queries.ts'
import { newDonationRecord, recordAsRow } from '../src/projections/donation-record.ts'
import { donationsProjection } from '../src/projections/donations.ts'

const campaignId = randomUUID()

function requested(type: 'conekta' | 'oxxo' | 'paypal', overrides: Partial<EventDataOf<typeof donationRequested>> = {}): EventDataOf<typeof donationRequested> {
  return {
    donationId: randomUUID(),
    campaignId,
    amount: 150.5,
    currency: 'MXN',
    type,
    donor: { email: 'ana@correo.mx', name: 'Ana Pérez' },
    userId: null,
    providerOrderId: null,
    requestedAt: '2026-11-26T05:30:00.000Z',
    phone: '5512345678',
    idempotencyKey: `llave-${type}`,
    requestHash: 'hash',
    ...overrides,
  }
}

function approved(request: EventDataOf<typeof donationRequested>, donor = request.donor): NewEvent {
  const { donationId, amount, type, userId } = request
  return newEvent(donationApproved, { donationId, campaignId, amount, fee: 5.8, currency: 'MXN', type, donor, userId, approvedAt: '2026-11-26T06:10:00.000Z' })
}

function failed(request: EventDataOf<typeof donationRequested>): NewEvent {
  const { donationId, amount, type, userId, donor } = request
  return newEvent(donationFailed, { donationId, campaignId, amount, currency: 'MXN', type, donor, userId, error: { message: 'Tarjeta declinada', code: 'card_declined' }, failedAt: '2026-11-26T05:31:00.000Z' })
}

/** Appends in the order given: each donation's appends as its commands make them. */
function scenarios(): Array<{ stream: string; events: NewEvent[] }> {
  const card = requested('conekta', { providerOrderId: 'ord_1' })
  const declined = requested('conekta', { userId: 'usuario-1', phone: undefined, idempotencyKey: undefined, requestHash: undefined })
  const oxxo = requested('oxxo', { providerOrderId: 'ord_2' })
  const expiring = requested('oxxo', { providerOrderId: 'ord_3' })
  const paypal = requested('paypal', { donor: { email: '', name: '' }, phone: undefined })
  const voucher = (request: EventDataOf<typeof donationRequested>, order: string) =>
    newEvent(cashVoucherIssued, { donationId: request.donationId, campaignId, providerOrderId: order, reference: '9300', barcodeUrl: 'https://codigo', expiresAt: '2026-11-29T05:30:00.000Z' })
  const stream = (request: EventDataOf<typeof donationRequested>) => `donation-${request.donationId}`
  return [
    {
      stream: stream(card),
      events: [
        newEvent(donationRequested, card),
        newEvent(donationProviderDetailsRecorded, { donationId: card.donationId, providerOrderId: 'ord_1', conekta: { customer_info: { name: 'Ana Pérez', email: 'ana@correo.mx', phone: '5512345678' }, payment_method: { type: 'card', last4: '4242' } } }),
        // The row keeps the donor it has; only an empty one takes the approval's.
        approved(card, { email: 'otra@correo.mx', name: 'Otra Persona' }),
      ],
    },
    { stream: stream(declined), events: [newEvent(donationRequested, declined), failed(declined)] },
    { stream: stream(oxxo), events: [newEvent(donationRequested, oxxo), voucher(oxxo, 'ord_2')] },
    { stream: stream(expiring), events: [newEvent(donationRequested, expiring), voucher(expiring, 'ord_3')] },
    { stream: stream(paypal), events: [newEvent(donationRequested, paypal)] },
    { stream: stream(oxxo), events: [newEvent(donationProviderDetailsRecorded, { donationId: oxxo.donationId, providerOrderId: 'ord_2' }), approved(oxxo)] },
    { stream: stream(expiring), events: [newEvent(donationExpired, { donationId: expiring.donationId, campaignId, expiredAt: '2026-11-29T06:00:00.000Z' })] },
    {
      stream: stream(paypal),
      events: [
        newEvent(donationProviderDetailsRecorded, { donationId: paypal.donationId, providerOrderId: 'PAY-1', paypal: { data: { orderID: 'PAY-1' }, details: { status: 'COMPLETED' } } }),
        approved(paypal, { email: 'pagador@correo.mx', name: 'Pagador' }),
      ],
    },
  ]
}

describe.each(databaseEngines)('the donations row folded in memory on $name', (engine) => {
  let db: SqlDatabase
  let appends: EventEnvelope[][]

  beforeAll(async () => {
    db = await engine.open()
    // Real envelopes (positions, times) from a log without projections.
    const log = new EventStore({ db, schema: uniqueName('donation_log'), service: 'donation', definitions: [...donationEvents] })
    await log.init()
    const versions = new Map<string, number>()
    appends = []
    for (const { stream, events } of scenarios()) {
      const expectedVersion = versions.get(stream) ?? 0
      appends.push(await log.append(stream, events, { expectedVersion, metadata: testMetadata }))
      versions.set(stream, expectedVersion + events.length)
    }
  })
  afterAll(async () => {
    await db.close()
  })

  async function projected(apply: (schema: string) => Promise<void>): Promise<unknown[]> {
    const schema = uniqueName('donation_rows')
    await db.exec(`create schema ${ident(schema)}`)
    await setUpProjection(db, schema, donationsProjection)
    await apply(schema)
    return (await db.query(`select * from ${ident(schema)}.donations order by id`)).rows
  }

  it('is the row the statements of each event make, append by append and in one replay run', async () => {
    const eventByEvent = await projected(async (schema) => {
      for (const event of appends.flat()) await donationsProjection.apply(db, event, schema)
    })
    const appendByAppend = await projected(async (schema) => {
      for (const events of appends) await donationsProjection.applyBatch?.(db, events, schema)
    })
    const oneRun = await projected(async (schema) => donationsProjection.applyBatch?.(db, appends.flat(), schema))
    expect(eventByEvent).toHaveLength(5)
    expect(appendByAppend).toEqual(eventByEvent)
    expect(oneRun).toEqual(eventByEvent)
  })

  it('applies a request whose row already exists event by event, as before', async () => {
    const [first] = appends
    if (!first) throw new Error('sin eventos')
    const eventByEvent = await projected(async (schema) => {
      for (const event of [...first, ...first]) await donationsProjection.apply(db, event, schema)
    })
    const batched = await projected(async (schema) => {
      await donationsProjection.applyBatch?.(db, first, schema)
      await donationsProjection.applyBatch?.(db, first, schema)
    })
    expect(batched).toEqual(eventByEvent)
  })

  it('answers, from memory, the document a read of the new row gives', async () => {
    const schema = uniqueName('donation_rows')
    await db.exec(`create schema ${ident(schema)}`)
    await setUpProjection(db, schema, donationsProjection)
    await setUpProjection(db, schema, campaignRefsProjection)
    const campaign = { title: 'Comedor comunitario', thumbnail: randomUUID() }
    await db.query(`insert into ${ident(schema)}.campaign_refs (id, title, thumbnail) values ($1, $2, $3)`, [campaignId, campaign.title, campaign.thumbnail])
    for (const events of appends.slice(0, 5)) {
      await donationsProjection.applyBatch?.(db, events, schema)
      const created = newDonationRecord(events)
      if (!created) throw new Error('sin solicitud')
      const row = await findDonationRow(db, schema, created.record.id)
      if (!row) throw new Error('sin fila')
      expect(toDonationDoc(recordAsRow(created.record, campaign))).toEqual(toDonationDoc(row))
    }
  })
})
