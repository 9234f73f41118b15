import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPgDatabase, createPgliteDatabase, type SqlDatabase } from '../db/index.ts'
import { realEngines, skipWithout, uniqueName } from '../../testing/engines.ts'
import type { Bus, DeliveredMessage, OutgoingMessage } from './bus.ts'
import { createInProcessBus } from './in-process-bus.ts'
import { createNatsBus, type NatsBusOptions } from './nats-bus.ts'

/** A bus under test plus a way to reopen it on the same storage. */
interface Harness {
  bus: Bus
  reopen(): Promise<void>
  cleanup(): Promise<void>
}

/** What the tests of one variant share (a database), opening a fresh harness per test. */
interface Engine {
  open(): Promise<Harness>
  stop(): Promise<void>
}

interface Variant {
  name: string
  available: boolean
  start(): Promise<Engine>
}

const timing = { redeliveryDelayMs: 50, ackWaitMs: 5_000 }

function inProcessVariant(name: string, available: boolean, openDb: () => Promise<SqlDatabase>): Variant {
  return {
    name,
    available,
    async start() {
      const db = await openDb()
      return {
        async open() {
          const options = { db, schema: uniqueName('bus'), pollIntervalMs: 200, ...timing }
          const harness: Harness = {
            bus: await createInProcessBus(options),
            async reopen() {
              await harness.bus.close()
              harness.bus = await createInProcessBus(options)
            },
            async cleanup() {
              await harness.bus.close()
              await db.exec(`drop schema ${options.schema} cascade`)
            },
          }
          return harness
        },
        stop: () => db.close(),
      }
    },
  }
}

const natsVariant: Variant = {
  name: 'nats jetstream',
  available: Boolean(realEngines.natsUrl),
  async start() {
    return {
      async open() {
        const options: NatsBusOptions = {
          servers: realEngines.natsUrl ?? '',
          stream: uniqueName('BUS_TEST'),
          subjectPrefix: uniqueName('bustest'),
          ...timing,
        }
        let bus = await createNatsBus(options)
        const harness: Harness = {
          bus,
          async reopen() {
            await bus.close()
            bus = await createNatsBus(options)
            harness.bus = bus
          },
          async cleanup() {
            await bus.deleteStream()
            await bus.close()
          },
        }
        return harness
      },
      stop: async () => undefined,
    }
  },
}

const variants: Variant[] = [
  ...(realEngines.embedded ? [inProcessVariant('in-process bus on pglite', true, () => createPgliteDatabase())] : []),
  ...(realEngines.excluded
    ? []
    : [
        inProcessVariant('in-process bus on postgres', Boolean(realEngines.databaseUrl), async () =>
          createPgDatabase({ connectionString: realEngines.databaseUrl ?? '' }),
        ),
        natsVariant,
      ]),
]

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

function message(subject: string, payload = JSON.stringify({ at: randomUUID() })): OutgoingMessage {
  return { id: randomUUID(), subject, payload }
}

function strip({ id, subject, payload }: DeliveredMessage): OutgoingMessage {
  return { id, subject, payload }
}

describe.each(variants)('bus contract: $name', (variant) => {
  if (skipWithout(variant.available ? undefined : `falta el motor de ${variant.name} (NATS_URL / DATABASE_URL)`)) {
    it.skip('needs the engine (set NATS_URL / DATABASE_URL)')
    return
  }

  let engine: Engine
  let harness: Harness
  beforeAll(async () => {
    engine = await variant.start()
  })
  afterAll(async () => {
    await engine.stop()
  })
  beforeEach(async () => {
    harness = await engine.open()
  })
  afterEach(async () => {
    await harness.cleanup()
  })

  async function publishAll(messages: OutgoingMessage[]): Promise<void> {
    for (const each of messages) await harness.bus.publish(each)
  }

  it('delivers messages in publication order with subject and payload intact', async () => {
    const before = Array.from({ length: 20 }, (_, i) =>
      message(`donations.d${i}.created`, JSON.stringify({ amount: i, note: 'ñandú — 寄付 💸' })),
    )
    await publishAll(before)
    const received: DeliveredMessage[] = []
    await harness.bus.subscribe({ durable: uniqueName('order'), subjects: ['donations.>'], handler: async (m) => void received.push(m) })
    const after = Array.from({ length: 5 }, (_, i) => message(`donations.late${i}.created`))
    await publishAll(after)

    await waitFor(() => received.length >= 25, '25 messages')
    expect(received.map(strip)).toEqual([...before, ...after])
    expect(received.every((m) => m.deliveryCount === 1)).toBe(true)
  })

  it('publishes a batch in its order, each id once, also against ids published before', async () => {
    const earlier = message('donations.b0.created', 'antes')
    await harness.bus.publish(earlier)
    const batch = Array.from({ length: 10 }, (_, i) => message(`donations.b${i + 1}.created`, `lote ${i}`))
    await harness.bus.publishAll([earlier, ...batch, { ...(batch[3] as OutgoingMessage), payload: 'repetido' }])
    const received: DeliveredMessage[] = []
    await harness.bus.subscribe({ durable: uniqueName('batch'), subjects: ['donations.>'], handler: async (m) => void received.push(m) })
    await waitFor(() => received.some((m) => m.id === batch.at(-1)?.id), 'the last message of the batch')
    expect(received.map(strip).filter((m) => m.subject.startsWith('donations.b'))).toEqual([earlier, ...batch])
  })

  it('stores a message published twice with the same id once', async () => {
    const first = message('donations.d1.created', 'first')
    const last = message('donations.d2.created')
    await publishAll([first, { ...first, payload: 'second' }, last])

    const received: DeliveredMessage[] = []
    await harness.bus.subscribe({ durable: uniqueName('dedup'), subjects: ['>'], handler: async (m) => void received.push(m) })
    await waitFor(() => received.some((m) => m.id === last.id), 'the last message')
    expect(received.map(strip)).toEqual([first, last])
  })

  it('tells how many messages a durable consumer has yet to acknowledge, delivered or not, and 0 once it has', async () => {
    const durable = uniqueName('lag')
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await harness.bus.subscribe({ durable, subjects: ['orders.>'], handler: () => released })
    expect(await harness.bus.pending(durable, 'orders.>')).toBe(0)
    await publishAll(Array.from({ length: 6 }, (_, i) => message(`orders.o${i}.placed`)))
    await expect.poll(() => harness.bus.pending(durable, 'orders.>'), { timeout: 10_000 }).toBe(6)
    release()
    await expect.poll(() => harness.bus.pending(durable, 'orders.>'), { timeout: 10_000 }).toBe(0)
    // Messages for others never wait for it (the in-process bus looks past them within its poll).
    await publishAll(Array.from({ length: 3 }, (_, i) => message(`refunds.r${i}.issued`)))
    await expect.poll(() => harness.bus.pending(durable, 'orders.>'), { timeout: 10_000 }).toBe(0)
  })

  it('redelivers a message whose handler throws, with a higher delivery count, until it is acknowledged', async () => {
    const failing = message('payments.p1.captured')
    const other = message('payments.p2.captured')
    const attempts: DeliveredMessage[] = []
    const acked: DeliveredMessage[] = []
    await harness.bus.subscribe({
      durable: uniqueName('retry'),
      subjects: ['payments.>'],
      handler: async (m) => {
        attempts.push(m)
        if (m.id === failing.id && m.deliveryCount === 1) throw new Error('transient failure')
        acked.push(m)
      },
    })
    await publishAll([failing, other])
    await waitFor(() => acked.some((m) => m.id === failing.id), 'the failing message to be acknowledged')

    // Once acknowledged it is not delivered again: a later message arrives, the failed one does not.
    const later = message('payments.p3.captured')
    await harness.bus.publish(later)
    await waitFor(() => acked.some((m) => m.id === later.id), 'a later message')
    const failingAttempts = attempts.filter((m) => m.id === failing.id)
    expect(failingAttempts.map((m) => m.deliveryCount)).toEqual([1, 2])
    expect(failingAttempts.map(strip)).toEqual([failing, failing])
    expect(acked.map((m) => m.id).sort()).toEqual([failing.id, other.id, later.id].sort())
  })

  it('delivers only subjects matching the wildcard filters', async () => {
    const matching = [message('donations.d1.created'), message('payments.p1.captured'), message('payments.p1.refund.requested')]
    const nonMatching = [
      message('donations.d1.refunded'),
      message('donations.created'),
      message('donations.d1.created.extra'),
      message('donations.d1.x.created'),
      message('payments'),
      message('campaigns.c1.created'),
    ]
    await publishAll([...nonMatching, ...matching])
    const received: DeliveredMessage[] = []
    await harness.bus.subscribe({
      durable: uniqueName('wildcards'),
      subjects: ['donations.*.created', 'payments.>'],
      handler: async (m) => void received.push(m),
    })
    // Each filter delivers in order, so once its last message is in, nothing before it is pending.
    const sentinels = [message('donations.zz.created'), message('payments.zz')]
    await publishAll([...nonMatching, ...sentinels])
    await waitFor(() => sentinels.every((s) => received.some((m) => m.id === s.id)), 'both sentinels')

    const byId = (a: OutgoingMessage, b: OutgoingMessage) => a.id.localeCompare(b.id)
    expect(received.map(strip).sort(byId)).toEqual([...matching, ...sentinels].sort(byId))
  })

  it('splits the messages of a shared durable between its subscribers, each delivered to exactly one', async () => {
    const durable = uniqueName('shared')
    const shares: DeliveredMessage[][] = [[], []]
    for (const share of shares) {
      await harness.bus.subscribe({
        durable,
        subjects: ['donations.>'],
        handler: async (m) => {
          share.push(m)
          await new Promise((resolve) => setImmediate(resolve))
        },
      })
    }
    const published = Array.from({ length: 200 }, (_, i) => message(`donations.d${i}.created`))
    await publishAll(published)

    await waitFor(() => shares[0]!.length + shares[1]!.length >= 200, 'all 200 messages', 20_000)
    const [a, b] = shares.map((share) => share.map((m) => m.id)) as [string[], string[]]
    expect(a.length).toBeGreaterThan(0)
    expect(b.length).toBeGreaterThan(0)
    expect(a.filter((id) => b.includes(id))).toEqual([])
    expect([...a, ...b].sort()).toEqual(published.map((m) => m.id).sort())
  })

  it('resumes a durable where it left off after resubscribing and after reopening the bus', async () => {
    const durable = uniqueName('resume')
    const published = Array.from({ length: 10 }, (_, i) => message(`donations.d${i}.created`))
    await publishAll(published)
    const indexOf = (m: DeliveredMessage) => published.findIndex((p) => p.id === m.id)

    // Each phase acknowledges messages below a limit and fails the rest, then stops.
    async function phase(limit: number, expected: OutgoingMessage[]): Promise<DeliveredMessage[]> {
      const acked: DeliveredMessage[] = []
      const subscription = await harness.bus.subscribe({
        durable,
        subjects: ['donations.>'],
        handler: async (m) => {
          if (indexOf(m) >= limit) throw new Error('not yet')
          acked.push(m)
        },
      })
      await waitFor(() => expected.every((e) => acked.some((m) => m.id === e.id)), `messages up to ${limit}`)
      await subscription.stop()
      return acked
    }

    const first = await phase(4, published.slice(0, 4))
    expect(first.map((m) => m.id)).toEqual(published.slice(0, 4).map((m) => m.id))

    // Delivery is at least once: a message not yet acknowledged may come twice (JetStream can hand
    // one to a pull request of the stopped subscription and again to the new one), so what must hold
    // is that each unacknowledged message arrives and none acknowledged before comes back.
    const distinctIds = (delivered: DeliveredMessage[]) => [...new Set(delivered.map((m) => m.id))].sort()
    const second = await phase(7, published.slice(4, 7))
    expect(distinctIds(second)).toEqual(published.slice(4, 7).map((m) => m.id).sort())

    await harness.reopen()
    const more = [message('donations.d10.created'), message('donations.d11.created')]
    await publishAll(more)
    published.push(...more)
    const third = await phase(Infinity, published.slice(7))
    expect(distinctIds(third)).toEqual(published.slice(7).map((m) => m.id).sort())
  })

  it('hands every observer each matching message published after it started observing, besides the durable subscribers', async () => {
    const earlier = message('campaign.c1.liked')
    await harness.bus.publish(earlier)
    const observed: OutgoingMessage[][] = [[], []]
    for (const list of observed) await harness.bus.observe(['campaign.>'], (m) => void list.push(m))
    const consumed: DeliveredMessage[] = []
    await harness.bus.subscribe({ durable: uniqueName('beside'), subjects: ['campaign.>'], handler: async (m) => void consumed.push(m) })

    const matching = [message('campaign.c1.visited', JSON.stringify({ nota: 'ñandú 💸' })), message('campaign.c2.updated')]
    await publishAll([matching[0]!, message('donation.d1.approved'), matching[1]!])
    await waitFor(() => observed.every((list) => list.length >= 2), 'both observers')
    await waitFor(() => consumed.length >= 3, 'the durable subscriber')

    expect(observed).toEqual([matching, matching])
    // Observing takes nothing from a durable: it still gets every message, the earlier one too.
    expect(consumed.map(strip)).toEqual([earlier, ...matching])
  })

  it('an observer that stopped gets nothing more, and one that throws does not stop the others', async () => {
    const stopped: OutgoingMessage[] = []
    const observed: OutgoingMessage[] = []
    const stopping = await harness.bus.observe(['campaign.*.liked'], (m) => void stopped.push(m))
    await harness.bus.observe(['campaign.*.liked'], () => {
      throw new Error('observador roto')
    })
    await harness.bus.observe(['campaign.*.liked'], (m) => void observed.push(m))
    const first = message('campaign.c1.liked')
    await harness.bus.publish(first)
    await waitFor(() => stopped.length === 1 && observed.length === 1, 'the first message')

    await stopping.stop()
    const second = message('campaign.c1.liked')
    await harness.bus.publish(second)
    await waitFor(() => observed.length === 2, 'the second message')
    expect(observed).toEqual([first, second])
    expect(stopped).toEqual([first])
  })

  it('stop() waits for the handler in flight and delivers nothing more to it', async () => {
    const durable = uniqueName('stop')
    const slow = message('donations.d1.created')
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const seen: string[] = []
    let finished = false
    const subscription = await harness.bus.subscribe({
      durable,
      subjects: ['donations.>'],
      handler: async (m) => {
        seen.push(m.id)
        await gate
        finished = true
      },
    })
    await harness.bus.publish(slow)
    await waitFor(() => seen.length === 1, 'the handler to start')

    let stopped = false
    const stopping = subscription.stop().then(() => (stopped = true))
    // An idle subscription stopped at the same moment is the yardstick: once it has stopped,
    // a stop that ignored the running handler would have finished too.
    const idle = await harness.bus.subscribe({ durable: `${durable}-idle`, subjects: ['campaigns.>'], handler: async () => undefined })
    await idle.stop()
    await new Promise((resolve) => setImmediate(resolve))
    expect(stopped).toBe(false)
    release()
    await stopping
    expect(finished).toBe(true)

    // The message it was handling was acknowledged; the next one goes to the next subscriber.
    const next = message('donations.d2.created')
    await harness.bus.publish(next)
    const received: DeliveredMessage[] = []
    await harness.bus.subscribe({ durable, subjects: ['donations.>'], handler: async (m) => void received.push(m) })
    await waitFor(() => received.length >= 1, 'the next message')
    expect(received.map(strip)).toEqual([next])
    expect(seen).toEqual([slow.id])
  })
})
