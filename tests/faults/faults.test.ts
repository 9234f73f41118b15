import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPgDatabase, type SqlDatabase } from '@donaciones/kit'
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts'
import { waitUntil } from '../support/processes.ts'
import { startProviderSim, type ProviderSim } from '../../tools/provider-sim/index.ts'
import { createOpenCampaign, donateByCard } from './support/card-donations.ts'
import { caughtUp, deliveryState, expectEveryInboxComplete, inboxState } from './support/delivery-check.ts'
import { startDistributedPlatform, type DistributedPlatform } from '../support/distributed-platform.ts'
import { startNatsEngine, type NatsEngine } from './support/nats-engine.ts'
import { startPostgresEngine, type PostgresEngine } from './support/postgres-engine.ts'
import { configureDistributedSite } from './support/site-setup.ts'
import { pause, steadyStream, timedRequest, type ResponseRecord } from './support/traffic.ts'

/**
 * Service-level target: while a database is down, a request gets its Spanish 503 within this
 * time instead of hanging (generous, so a slow machine does not fail it by chance).
 */
const OUTAGE_ANSWER_TARGET_MS = 5_000

/** Admin creations: the campaign service writes them, the audit service's change history consumes them. */
const catalogCreations = ['InstitutionCreated', 'CategoryCreated']
const spanishError = { message: expect.stringMatching(/\S/), description: expect.stringMatching(/\S/) }

describe('fault scenarios on engines of their own, in containers', () => {
  let postgres: PostgresEngine
  let nats: NatsEngine
  let platform: DistributedPlatform
  let db: SqlDatabase
  let sim: ProviderSim
  let smtp: MailCatcher
  let token = ''
  let created = 0
  let campaign = { id: '', slug: '' }
  let donated = 0

  beforeAll(async () => {
    ;[postgres, nats, sim, smtp] = await Promise.all([startPostgresEngine(), startNatsEngine(), startProviderSim(), startMailCatcher()])
    platform = await startDistributedPlatform({
      databaseUrl: postgres.url,
      natsUrl: nats.url,
      doubled: ['audit'],
      // Service-level target: queued mail is retried at least every 5 s once SMTP is back.
      env: { CONEKTA_API_URL: sim.conekta.baseUrl, MAIL_RETRY_MAX_MS: '5000' },
    })
    db = createPgDatabase({ connectionString: postgres.url, max: 2 })
    token = (await configureDistributedSite(platform.gatewayUrl, sim, smtp.port)).token
    campaign = await createOpenCampaign(platform.gatewayUrl, token)
  })

  afterAll(async () => {
    await platform?.stop()
    await db?.close()
    await nats?.destroy()
    await postgres?.destroy()
    await sim?.close()
    await smtp?.close()
  })

  const api = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init
    return timedRequest(`${platform.gatewayUrl}${path}`, {
      ...rest,
      headers: { authorization: `Bearer ${token}`, ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    })
  }
  /** Alternates institutions and categories, each with a unique name. */
  const createCatalogRecord = (label: string) => {
    created += 1
    return created % 2 === 0
      ? api('/api/institutions', { method: 'POST', json: { name: `Institución ${label} ${created}`, description: 'Creada en una prueba de fallas' } })
      : api('/api/categories', { method: 'POST', json: { title: `Categoría ${label} ${created}`, description: 'Creada en una prueba de fallas' } })
  }
  const history = () => deliveryState(db, platform.schemaOf('campaign'), platform.schemaOf('audit'), catalogCreations)
  const statuses = (records: ResponseRecord[]) => records.map((record) => record.status)
  const expectAllDelivered = async () => {
    await waitUntil(async () => caughtUp(await history()), 60_000, 'el historial de cambios alcanza al servicio de campañas')
    const state = await history()
    expect(state.received).toEqual(state.produced)
    expect(state.applied).toEqual(state.produced)
    const listed = await api('/api/historical')
    const listedIds = (listed.body as { _id: string }[]).map((entry) => entry._id)
    expect(new Set(listedIds).size).toBe(listedIds.length)
    expect(state.produced.every((id) => listedIds.includes(id))).toBe(true)
    return state
  }

  /** Card donations: the donation service writes them, the audit counters and the campaign totals consume them. */
  const donate = () => {
    donated += 1
    return donateByCard(platform.gatewayUrl, sim, campaign.id, donated, 100 + donated)
  }
  const donationInboxes = () => inboxState(db, platform.schemaOf('donation'), [platform.schemaOf('audit'), platform.schemaOf('campaign')], ['DonationApproved'])
  const counter = async (name: string) => ((await api(`/api/counters/${name}`)).body as { total: number }).total
  const campaignDonations = async () => ((await api(`/api/public/campaigns/${campaign.slug}`)).body as { donations: { amount: number }[] }).donations.map((entry) => entry.amount)

  /** Every approved donation reached both consumers and was counted exactly once. */
  const expectDonationsCountedOnce = async () => {
    const inboxes = await expectEveryInboxComplete(donationInboxes, 60_000, 'los contadores y la campaña reciben cada donación')
    expect(inboxes.produced.length).toBe(donated)
    // Counters and totals add on every application: a donation applied twice would show here.
    expect(await counter('donations')).toBe(donated)
    expect(await counter('donors')).toBe(donated)
    expect((await campaignDonations()).length).toBe(donated)
  }

  it('keeps accepting writes while NATS is down for 30 s and delivers every event once when it returns', async () => {
    const before = (await history()).produced.length
    const writes = steadyStream(() => createCatalogRecord('sin bus'), 150)
    const donations = steadyStream(() => donate(), 300)
    await pause(2_000)
    await nats.stop()
    expect(await nats.answers(), 'NATS detenido no acepta conexiones').toBe(false)
    const stoppedAt = Date.now()
    await pause(30_000)
    const duringOutage = writes.records.length
    await nats.start()
    const downFor = Date.now() - stoppedAt
    await pause(2_000)
    const [records, donationRecords] = await Promise.all([writes.stop(), donations.stop()])
    expect(downFor).toBeGreaterThanOrEqual(30_000)
    expect(duringOutage).toBeGreaterThan(20)
    expect(statuses(records).filter((status) => status !== 201)).toEqual([])
    const state = await expectAllDelivered()
    expect(state.produced.length - before).toBe(records.length)

    expect(donationRecords.length).toBeGreaterThan(20)
    expect(donationRecords.filter((record) => record.status !== 200 || (record.body as { approved?: unknown }).approved !== true)).toEqual([])
    const amounts = donationRecords.map((record) => (record.body as { amount: number }).amount)
    await expectDonationsCountedOnce()
    expect((await campaignDonations()).sort()).toEqual(amounts.sort())
  })

  it('answers 503 in Spanish, fast, while PostgreSQL restarts under load, then recovers without restarting any service', async () => {
    const pids = platform.replicas.map((replica) => replica.process.child.pid)
    const reads = ['/api/public/campaigns/', '/api/counters/visits', '/api/init']
    const load = [
      steadyStream(() => createCatalogRecord('carga'), 50),
      steadyStream(() => api('/api/counters/visits', { method: 'POST' }), 50),
      steadyStream((index) => api(reads[index % reads.length] as string), 50),
    ]
    await pause(1_500)
    await postgres.stop()
    expect(await postgres.answers(), 'PostgreSQL detenido no acepta conexiones').toBe(false)
    let duringOutage: ResponseRecord[]
    try {
      // Public documents read just before are answered from memory for up to a second (decision
      // 78); after it, every answer below needs the database.
      await pause(1_200)
      duringOutage = await Promise.all([...reads.map((path) => api(path)), createCatalogRecord('sin base'), api('/api/counters/visits', { method: 'POST' })])
      await pause(2_000)
    } finally {
      await postgres.start()
    }
    await waitUntil(async () => (await api('/api/counters/visits')).status === 200, 30_000, 'lecturas de nuevo')
    await pause(1_500)
    const underLoad = (await Promise.all(load.map((stream) => stream.stop()))).flat()

    for (const record of duringOutage) {
      expect(record, JSON.stringify(record)).toMatchObject({ status: 503, body: spanishError })
      expect(record.ms).toBeLessThan(OUTAGE_ANSWER_TARGET_MS)
    }
    const failed = underLoad.filter((record) => record.status !== 200 && record.status !== 201)
    expect(failed.length).toBeGreaterThan(0)
    for (const record of failed) {
      expect(record, JSON.stringify(record)).toMatchObject({ status: 503, body: spanishError })
      expect(record.ms).toBeLessThan(OUTAGE_ANSWER_TARGET_MS)
    }
    expect(underLoad.length - failed.length).toBeGreaterThan(0)
    // Same processes: nothing crashed on the lost connections and nothing had to be restarted.
    expect(platform.replicas.map((replica) => replica.process.child.exitCode)).toEqual(platform.replicas.map(() => null))
    expect(platform.replicas.map((replica) => replica.process.child.pid)).toEqual(pids)

    const afterRestart = await Promise.all([...reads.map((path) => api(path)), createCatalogRecord('con base'), createCatalogRecord('con base')])
    expect(statuses(afterRestart)).toEqual([200, 200, 200, 201, 201])
    await expectAllDelivered()
  })

  it('keeps serving and consuming when one of two audit replicas is killed, and loses nothing when it returns', async () => {
    const [first] = platform.replicas.filter((replica) => replica.service === 'audit')
    if (!first) throw new Error('falta la réplica de auditoría')
    const before = (await history()).produced.length
    const visitsBefore = ((await api('/api/counters/visits')).body as { total: number }).total
    const writes = steadyStream(() => createCatalogRecord('réplica'), 100)
    const reads = steadyStream(() => api('/api/counters/visits'), 50)
    const visits = steadyStream(() => api('/api/counters/visits', { method: 'POST' }), 50)
    const donations = steadyStream(() => donate(), 200)
    await pause(2_000)
    await first.kill()
    const [readsAtKill, visitsAtKill] = [reads.records.length, visits.records.length]
    const consumedAtKill = await history()
    await pause(5_000)
    const readsWhileDown = reads.records.slice(readsAtKill)
    const visitsWhileDown = visits.records.slice(visitsAtKill)
    const consumedWhileDown = await history()
    await first.restart()
    await pause(2_000)
    const [writeRecords, , , donationRecords] = await Promise.all([writes.stop(), reads.stop(), visits.stop(), donations.stop()])

    // Reads go to the surviving replica; a write the dead one refused costs a 503 until it rests out of the rotation.
    expect(readsWhileDown.length).toBeGreaterThan(10)
    expect(statuses(readsWhileDown).filter((status) => status !== 200)).toEqual([])
    const refusedVisits = visitsWhileDown.filter((record) => record.status !== 200)
    expect(refusedVisits.length).toBeLessThanOrEqual(3)
    for (const record of refusedVisits) expect(record, JSON.stringify(record)).toMatchObject({ status: 503, body: spanishError })
    expect(statuses(writeRecords).filter((status) => status !== 201)).toEqual([])
    expect(consumedWhileDown.received.length).toBeGreaterThan(consumedAtKill.received.length)
    const state = await expectAllDelivered()
    expect(state.produced.length - before).toBe(writeRecords.length)
    expect(statuses(donationRecords).filter((status) => status !== 200)).toEqual([])
    await expectDonationsCountedOnce()

    // Each accepted visit counted once; a refused one only if the killed replica committed it before dying.
    const visitTotal = async () => ((await api('/api/counters/visits')).body as { total: number }).total
    const accepted = visits.records.filter((record) => record.status === 200).length
    expect(await visitTotal()).toBeGreaterThanOrEqual(visitsBefore + accepted)
    expect(await visitTotal()).toBeLessThanOrEqual(visitsBefore + accepted + refusedVisits.length)
  })

  it('loses no mail while SMTP is down for 30 s, with every service killed (-9) in between, and delivers each one once', async () => {
    const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email))
    const waitingInContent = async () =>
      (await db.query<{ n: number }>(`select count(*)::int as n from ${platform.schemaOf('content')}.mail_outbox where delivered_at is null and last_error is not null`)).rows[0]?.n ?? 0
    await smtp.stop()
    const downSince = Date.now()
    const adminEmail = 'admin.durante.caida@fundacion.mx'
    const created = await api('/api/users', { method: 'POST', json: { name: 'Durante', lastName: 'Caída', email: adminEmail, role: 1, permissions: [] } })
    expect(created).toMatchObject({ status: 201, body: { mailQueued: true, description: `Se enviará una contraseña provisional a ${adminEmail}` } })
    const donation = await donate()
    expect(donation.status).toBe(200)
    const donorEmail = `donante${donated}@correo.mx`
    // Both reached the content service's outbox and were refused there at least once.
    await waitUntil(async () => (await waitingInContent()) >= 2, 30_000, 'los dos correos esperan en la cola del servicio de contenido')

    const crashed = platform.replicas.filter((replica) => ['identity', 'donation', 'content'].includes(replica.service))
    for (const replica of crashed) await replica.kill()
    for (const replica of crashed) await replica.restart()
    await pause(Math.max(0, 30_000 - (Date.now() - downSince)))
    expect(mailsTo(adminEmail)).toEqual([])
    await smtp.restart()

    await waitUntil(async () => mailsTo(adminEmail).length > 0 && mailsTo(donorEmail).length > 0, 30_000, 'llegan el correo del administrador y el del donante')
    // Nothing waits any more in any outbox, and nothing arrived twice.
    const pendingEverywhere = async () => {
      let pending = 0
      for (const service of ['identity', 'donation', 'content'] as const) {
        pending += (await db.query<{ n: number }>(`select count(*)::int as n from ${platform.schemaOf(service)}.mail_outbox where delivered_at is null`)).rows[0]?.n ?? 0
      }
      return pending
    }
    await waitUntil(async () => (await pendingEverywhere()) === 0, 30_000, 'las colas de correo quedan vacías')
    expect(mailsTo(adminEmail)).toHaveLength(1)
    expect(mailsTo(donorEmail)).toHaveLength(1)
    expect(mailsTo(adminEmail)[0]?.text).toMatch(/Contraseña provisional: \S+/)
  })
})
