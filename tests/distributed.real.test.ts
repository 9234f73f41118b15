import { randomUUID } from 'node:crypto'
import { connect } from 'nats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignEvents, donationApproved, donationEvents } from '@donaciones/contracts'
import { campaignService } from '@donaciones/campaign'
import { createCampaign } from '../services/campaign/src/commands/campaign-commands.ts'
import { setupCatalog } from '../services/campaign/src/commands/setup-catalog.ts'
import { createPgDatabase, EventStore, ident, newEvent, type SqlDatabase } from '@donaciones/kit'
import { realEngines, uniqueName } from '@donaciones/kit/testing'
import { startDistributedPlatform, type DistributedPlatform } from './support/distributed-platform.ts'
import { runScript, waitUntil } from './support/processes.ts'

/** Gateway and services as separate processes on PostgreSQL and NATS; the audit and campaign services run twice. */
describe.runIf(realEngines.databaseUrl && realEngines.natsUrl)('distributed mode (PostgreSQL + NATS JetStream)', () => {
  let platform: DistributedPlatform
  let gatewayUrl = ''
  let db: SqlDatabase

  beforeAll(async () => {
    platform = await startDistributedPlatform({
      databaseUrl: realEngines.databaseUrl as string,
      natsUrl: realEngines.natsUrl as string,
      prefix: uniqueName('dist'),
      doubled: ['audit', 'campaign'],
    })
    gatewayUrl = platform.gatewayUrl
    db = createPgDatabase({ connectionString: platform.env.DATABASE_URL, max: 3 })
  }, 240_000)

  afterAll(async () => {
    await platform?.stop()
    await platform?.removeData()
    await db?.close()
  })

  async function busIdle(): Promise<boolean> {
    const connection = await connect({ servers: platform.env.NATS_URL })
    try {
      const manager = await connection.jetstreamManager()
      const consumers = await manager.consumers.list(platform.env.NATS_STREAM).next()
      return consumers.length > 0 && consumers.every((consumer) => consumer.num_pending === 0 && consumer.num_ack_pending === 0)
    } finally {
      await connection.close()
    }
  }

  let campaignSlug = ''
  /** One visit per address and campaign counts: each request from an address of its own. */
  const address = (block: number, index: number) => `10.${block}.${Math.floor(index / 250)}.${index % 250}`
  const total = async (name: string) => ((await (await fetch(`${gatewayUrl}/api/counters/${name}`)).json()) as { total: number }).total

  it('answers pages and API calls with the security headers (the gateway process builds the same app as embedded mode)', async () => {
    for (const path of ['/', '/api/counters/visits']) {
      const response = await fetch(`${gatewayUrl}${path}`)
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    }
  })

  it('counts 100 concurrent visits exactly across two audit replicas', async () => {
    expect(await total('visits')).toBe(0)
    const totals = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const response = await fetch(`${gatewayUrl}/api/counters/visits`, { method: 'POST' })
        expect(response.status).toBe(200)
        return ((await response.json()) as { total: number }).total
      }),
    )
    expect(new Set(totals).size).toBe(100)
    expect(Math.max(...totals)).toBe(100)
    expect(await total('visits')).toBe(100)
  })

  it('carries donation events from the donation service to the audit replicas through JetStream', async () => {
    const donation = new EventStore({ db, schema: platform.schemaOf('donation'), service: 'donation', definitions: donationEvents })
    for (let index = 1; index <= 60; index += 1) {
      await donation.append(`donation-${index}`, [
        newEvent(donationApproved, {
          donationId: `donation-${index}`,
          campaignId: 'campaign-1',
          amount: 100,
          fee: 3.5,
          currency: 'MXN',
          type: 'conekta',
          donor: { email: `Donante${index % 25}@Ejemplo.mx`, name: 'Donante' },
          userId: null,
          approvedAt: new Date().toISOString(),
        }),
      ], { expectedVersion: 0, metadata: { actor: null, correlationId: 'prueba' } })
    }
    await waitUntil(async () => (await total('donations')) === 60, 30_000, 'donaciones contadas')
    // Every consumer of the stream has nothing left to deliver or to be acknowledged: any repeat
    // delivery would already have been handled, so the totals are final.
    await waitUntil(busIdle, 30_000, 'consumidores sin mensajes pendientes')
    expect(await total('donations')).toBe(60)
    expect(await total('donors')).toBe(25)
  })

  it('counts 500 concurrent visits and 100 concurrent likes on one campaign across two campaign replicas, each answered a consecutive total', async () => {
    const campaignStore = new EventStore({ db, schema: platform.schemaOf('campaign'), service: 'campaign', definitions: campaignEvents, projections: campaignService.projections })
    const command = { store: campaignStore, actor: randomUUID(), correlationId: 'prueba' }
    const { categoryId } = await setupCatalog(campaignStore, { setupId: 'dist', actor: null, category: { title: 'Salud', description: 'd' }, institution: null }, 'prueba')
    const { slug } = await createCampaign(command, {
      title: 'Campaña distribuida', description: 'd', duration: 10, date: '2026-11-01', thumbnail: randomUUID(), categories: [categoryId],
      content: '<p>c</p>', visibility: { counter: true, countdown: true, comments: true }, goal: 1000,
    })
    const base = `${gatewayUrl}/api/public/campaigns/${slug}`
    // One visit per address and campaign counts: each from an address of its own.
    const visits = await Promise.all(
      Array.from({ length: 500 }, async (_, index) => ((await (await fetch(`${base}/visit`, { method: 'POST', headers: { 'x-forwarded-for': address(2, index) } })).json()) as { total: number }).total),
    )
    const likes = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => ((await (await fetch(`${base}/like`, { method: 'POST', headers: { 'x-forwarded-for': `10.1.0.${index}` } })).json()) as { likes: number }).likes),
    )
    expect(visits.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 500 }, (_, index) => index + 1))
    expect(new Set(likes).size).toBe(100)
    expect(await (await fetch(base)).json()).toMatchObject({ visits: 500, likes: 100 })
    campaignSlug = slug
  })

  it('loses no answered visit and counts none twice when a campaign replica is killed (-9) while groups are committed', async () => {
    const base = `${gatewayUrl}/api/public/campaigns/${campaignSlug}`
    const answered = new Map<string, number>()
    let sent = 0
    const wave = Array.from({ length: 1500 }, async (_, index) => {
      const requestId = randomUUID()
      sent += 1
      const response = await fetch(`${base}/visit`, { method: 'POST', headers: { 'x-forwarded-for': address(3, index), 'x-request-id': requestId } }).catch(() => undefined)
      if (response?.ok) answered.set(requestId, ((await response.json()) as { total: number }).total)
    })
    const [victim] = platform.replicas.filter((replica) => replica.service === 'campaign')
    await waitUntil(async () => answered.size >= 100, 30_000, 'cien visitas respondidas')
    await victim?.kill()
    await Promise.all(wave)
    await victim?.restart()
    expect(sent).toBe(1500)
    expect(answered.size).toBeGreaterThanOrEqual(100)
    expect(new Set(answered.values()).size).toBe(answered.size)
    const s = ident(platform.schemaOf('campaign'))
    const { rows: events } = await db.query<{ correlation_id: string }>(`select metadata->>'correlationId' as correlation_id from ${s}.events where type = 'CampaignVisited'`)
    const logged = new Set(events.map((event) => event.correlation_id))
    expect(logged.size).toBe(events.length)
    for (const requestId of answered.keys()) expect(logged.has(requestId)).toBe(true)
    const { rows: counter } = await db.query<{ total: number }>(`select sum(total)::integer as total from ${s}.campaign_counters where counter = 'visits'`)
    expect(counter[0]?.total).toBe(events.length)
    expect(Math.max(...answered.values())).toBeLessThanOrEqual(events.length)
  })

  it('rebuilds the counters with npm run replay while visits keep coming in', async () => {
    const replay = runScript('platform/src/cli/replay.ts', ['audit', 'counters'], platform.env)
    let sent = 0
    while (replay.child.exitCode === null && sent < 200) {
      await Promise.all(Array.from({ length: 10 }, () => fetch(`${gatewayUrl}/api/counters/visits`, { method: 'POST' })))
      sent += 10
    }
    expect(await replay.exited).toBe(0)
    expect(replay.output()).toMatch(/reconstruida con \d+ eventos/)
    expect([await total('visits'), await total('donations'), await total('donors')]).toEqual([100 + sent, 60, 25])
    expect(await (await fetch(`${gatewayUrl}/api/counters/visits`, { method: 'POST' })).json()).toEqual({ total: 101 + sent })
  })

  it('rebuilds the change history with npm run replay -- audit historical to the identical rows', async () => {
    const history = async () => (await db.query(`select * from ${ident(platform.schemaOf('audit'))}.history order by created_at, id`)).rows
    await waitUntil(async () => (await history()).length >= 2, 10_000, 'historial')
    const before = await history()
    const replay = runScript('platform/src/cli/replay.ts', ['audit', 'historical'], platform.env)
    expect(await replay.exited).toBe(0)
    expect(await history()).toEqual(before)
  })
})
