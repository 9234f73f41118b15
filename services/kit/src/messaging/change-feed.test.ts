import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newEvent } from '../eventstore/event-store.ts'
import { messagingEngines } from '../../testing/bus-engines.ts'
import { openMessagingPair, type MessagingPair } from '../../testing/messaging-pair.ts'
import { readSums, sumProjection } from '../../testing/sample-projection.ts'
import { foreignSampleNoted, sampleNoted, testMetadata } from '../../testing/sample-events.ts'
import { startChangeFeed, type ChangeFeed } from './change-feed.ts'

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`tiempo de espera agotado: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** The audit side of a messaging pair is the service whose feed is heard; the donation side feeds its projection. */
describe.each(messagingEngines)('change feed of a service process on $name', (engine) => {
  let pair: MessagingPair
  let feed: ChangeFeed
  let heard = 0

  beforeAll(async () => {
    pair = await openMessagingPair(engine, [sumProjection()])
    feed = await startChangeFeed({ store: pair.consumerStore, bus: pair.bus, consumer: pair.consumer })
    feed.onChange(() => (heard += 1))
  })
  afterAll(async () => {
    await feed.stop()
    await pair.close()
  })

  it('tells of an event this process commits as soon as it is committed', async () => {
    heard = 0
    await pair.consumerStore.append(`sample-${randomUUID()}`, [newEvent(sampleNoted, { text: 'aquí', weight: 1 })], { expectedVersion: 0, metadata: testMetadata })
    expect(heard).toBe(1)
  })

  it("tells of the service's own events published by another process, and of no other service's", async () => {
    heard = 0
    // What another replica's relay publishes; the first two subjects are not this service's.
    for (const subject of ['identity.user.UserCreated', 'content.page.PageUpdated', 'audit.sample.SampleNoted']) {
      await pair.bus.publish({ id: randomUUID(), subject, payload: '{}' })
    }
    await waitFor(() => heard >= 1, 'la réplica')
    // Published in order on one connection: had the others been heard, they would be by now.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(heard).toBe(1)
  })

  it('tells of an event of another service once the transaction applying it here committed', async () => {
    heard = 0
    const before = (await readSums(pair.db, pair.consumerStore.schema)).applied
    const seenWhenTold: Promise<number>[] = []
    const stop = feed.onChange(() => seenWhenTold.push(readSums(pair.db, pair.consumerStore.schema).then((sums) => sums.applied)))
    await pair.producer.append(`donation-${randomUUID()}`, [newEvent(foreignSampleNoted, { amount: 5 })], { expectedVersion: 0, metadata: testMetadata })
    await waitFor(() => heard >= 1, 'la proyección')
    stop()
    expect(await Promise.all(seenWhenTold)).toEqual([before + 1])
  })

  it('tells nothing more once stopped', async () => {
    const stopped = await startChangeFeed({ store: pair.consumerStore, bus: pair.bus, consumer: pair.consumer })
    let told = 0
    stopped.onChange(() => (told += 1))
    await stopped.stop()
    heard = 0
    await pair.consumerStore.append(`sample-${randomUUID()}`, [newEvent(sampleNoted, { text: 'después', weight: 1 })], { expectedVersion: 0, metadata: testMetadata })
    await pair.bus.publish({ id: randomUUID(), subject: 'audit.sample.SampleNoted', payload: '{}' })
    await waitFor(() => heard >= 2, 'el feed que sigue')
    expect(told).toBe(0)
  })
})
