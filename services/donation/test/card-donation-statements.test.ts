import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultDonataria, donationEvents, type CampaignDonationStatus } from '@donaciones/contracts'
import {
  createLogger,
  createMailOutboxTable,
  createMailQueue,
  EventStore,
  readSettings,
  runMigrations,
  type ServiceDirectory,
  type SqlDatabase,
  type SqlExecutor,
  setUpProjection,
} from '@donaciones/kit'
import { databaseEngines, uniqueName } from '@donaciones/kit/testing'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { donateByCard } from '../src/commands/card-donation.ts'
import { CampaignStatusCache } from '../src/commands/campaign-status.ts'
import { KeyedLock } from '../src/commands/keyed-lock.ts'
import { keptCampaignRefs, type DonationDeps } from '../src/deps.ts'
import { donationMigrations } from '../src/migrations.ts'
import { resolveOptions } from '../src/options.ts'
import { campaignRefsProjection } from '../src/projections/campaign-refs.ts'
import { findDonationRow, toDonationDoc } from '../src/projections/donation-queries.ts'
import { donationsProjection } from '../src/projections/donations.ts'
import { PaymentSettingsCache } from '../src/providers/payment-settings.ts'
import { ProviderHealth } from '../src/providers/provider-health.ts'
import { cardToken } from './support.ts'

/** Every statement sent to the database, `begin` and `commit` included: each one is a round trip. */
function countingDatabase(db: SqlDatabase): { db: SqlDatabase; statements: string[] } {
  const statements: string[] = []
  const counted = (executor: SqlExecutor): SqlExecutor => ({
    query: (text, params) => {
      statements.push(text.replace(/\s+/g, ' ').trim())
      return executor.query(text, params)
    },
    exec: (sql) => {
      statements.push(sql.replace(/\s+/g, ' ').trim())
      return executor.exec(sql)
    },
  })
  return {
    statements,
    db: {
      dialect: db.dialect,
      ...counted(db),
      async transaction(fn) {
        statements.push('begin')
        try {
          const result = await db.transaction((tx) => fn(counted(tx)))
          statements.push('commit')
          return result
        } catch (error) {
          statements.push('rollback')
          throw error
        }
      },
      session: (fn) => db.session((connection) => fn(counted(connection))),
      close: () => db.close(),
    },
  }
}

async function campaignService(status: CampaignDonationStatus): Promise<{ directory: ServiceDirectory; close: () => Promise<void> }> {
  const app = express()
  app.get('/internal/campaigns/:id/donation-status', (_req, res) => {
    res.json(status)
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((done) => server.once('listening', done))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    directory: { internalToken: 'interno', urlsOf: (service) => (service === 'campaign' ? [url] : []) },
    close: () => new Promise((done) => server.close(() => done())),
  }
}

/**
 * What one approved card donation costs the database, counted statement by statement (each is a
 * round trip on PostgreSQL): more statements would fail this test (issue 17, "Card donations" in
 * docs/benchmarks.md).
 */
describe.each(databaseEngines)('round trips of one card donation on $name', (engine) => {
  let sim: ProviderSim
  let campaigns: Awaited<ReturnType<typeof campaignService>>
  let raw: SqlDatabase
  let counted: ReturnType<typeof countingDatabase>
  let deps: DonationDeps
  const campaignId = randomUUID()

  beforeAll(async () => {
    sim = await startProviderSim()
    const now = Date.now()
    campaigns = await campaignService({
      campaignId,
      title: 'Comedor comunitario',
      gratitude: null,
      thumbnail: crypto.randomUUID(),
      active: true,
      open: true,
      startsAt: new Date(now - 86_400_000).toISOString(),
      endsAt: new Date(now + 30 * 86_400_000).toISOString(),
    })
    raw = await engine.open()
    counted = countingDatabase(raw)
    const schema = uniqueName('donation_rt')
    const projections = [donationsProjection, campaignRefsProjection]
    const store = new EventStore({
      db: counted.db,
      schema,
      service: 'donation',
      definitions: [...donationEvents, ...projections.flatMap((projection) => projection.handles)],
      projections,
    })
    await store.init()
    await setUpProjection(counted.db, schema, campaignRefsProjection)
    await counted.db.query(`insert into "${schema}".campaign_refs (id, title, thumbnail, gratitude) values ($1, 'Comedor comunitario', $2, null)`, [campaignId, randomUUID()])
    await createMailOutboxTable(counted.db, schema)
    await runMigrations(counted.db, schema, donationMigrations)
    const logger = createLogger('donation', { level: 'silent' })
    const paymentSettings = new PaymentSettingsCache(async () => ({
      conekta: { enabled: true, publicKey: sim.conekta.publicKey, privateKey: sim.conekta.privateKey },
      paypal: { enabled: false, clientId: '', secret: '' },
      gratitudeMessage: '',
      siteName: 'Fundación',
      maxDonationAmount: 100_000,
      donataria: defaultDonataria,
    }), 60_000)
    deps = {
      context: { db: counted.db, store, logger, directory: campaigns.directory, mail: createMailQueue({ db: counted.db, schema, logger }) },
      options: resolveOptions({ conektaApiUrl: sim.conekta.baseUrl }, readSettings({})),
      locks: new KeyedLock(),
      paymentSettings,
      campaigns: new CampaignStatusCache(campaigns.directory, 60_000),
      campaignRefs: keptCampaignRefs(),
      conekta: undefined,
      // Known healthy for the length of the test: a success asks the database once (the first donation).
      providerHealth: new ProviderHealth(counted.db, schema, 60_000),
    }
  })

  afterAll(async () => {
    await raw?.close()
    await campaigns?.close()
    await sim?.close()
  })

  const donate = async (key: string) => {
    const token = await cardToken(sim, '4242424242424242')
    const input = { token, name: 'Ana Pérez', amount: 150, campaign: campaignId, email: 'ana@correo.mx', phone: '5512345678' }
    const command = { store: deps.context.store, mail: deps.context.mail, correlationId: randomUUID(), actor: null }
    return donateByCard(deps, command, input, { idempotencyKey: key, requestHash: 'hash-del-cuerpo', address: '10.0.0.7' })
  }

  it('records an approved donation, its projection and its thank-you mail in one short transaction', async () => {
    // The settings and the campaign's status are kept in memory; the first donation fetches them.
    await donate(randomUUID())
    counted.statements.length = 0

    const answer = await donate(randomUUID())
    const statements = [...counted.statements]
    counted.statements.length = 0

    expect(answer.approved).toBe(true)
    const begins = statements.flatMap((statement, index) => (statement === 'begin' ? [index] : []))
    const recordingStart = begins.at(-1) ?? -1
    const recording = statements.slice(recordingStart, statements.indexOf('commit', recordingStart) + 1)
    // begin, the events, the donations row, the thank-you mail, commit.
    expect(recording, recording.join('\n')).toHaveLength(5)
    expect(statements, statements.join('\n')).toHaveLength(11)

    // What the donor was answered is the row the read model holds.
    const row = await findDonationRow(raw, deps.context.store.schema, answer._id)
    expect(row).toBeDefined()
    if (row) expect(answer).toEqual({ ...toDonationDoc(row), customer_info: { name: 'Ana Pérez', email: 'ana@correo.mx', phone: '5512345678' } })
  })
})
