import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPgliteDatabase, type SqlDatabase } from '../db/index.ts'
import type { DeliveredMessage } from './bus.ts'
import { createInProcessBus } from './in-process-bus.ts'

/** Counts the bus's message reads and checkpoint writes on a PGlite database. */
function countingReads(db: SqlDatabase): { db: SqlDatabase; reads: () => number; checkpointWrites: () => number } {
  let reads = 0
  let checkpointWrites = 0
  const counted: SqlDatabase = {
    ...db,
    query(text, params) {
      if (/from "[a-z_0-9]+"\.messages where sequence >/.test(text)) reads += 1
      if (/insert into "[a-z_0-9]+"\.checkpoints/.test(text)) checkpointWrites += 1
      return db.query(text, params)
    },
  }
  return { db: counted, reads: () => reads, checkpointWrites: () => checkpointWrites }
}

/** Issue 8: publishing for one consumer must not make every other consumer read the log again. */
describe('in-process bus reads', () => {
  let base: SqlDatabase

  beforeAll(async () => {
    base = await createPgliteDatabase()
  })

  afterAll(async () => {
    await base.close()
  })

  it('wakes only the consumers whose subjects a message matches, and skips what is not theirs', async () => {
    const { db, reads } = countingReads(base)
    // A long poll: every read here comes from a publish waking the loop.
    const bus = await createInProcessBus({ db, schema: 'bus_lecturas', pollIntervalMs: 60_000 })
    const received: DeliveredMessage[] = []
    await bus.subscribe({ durable: 'audit', subjects: ['events.donation.>'], handler: async (message) => void received.push(message) })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const before = reads()
    for (let index = 0; index < 300; index += 1) {
      await bus.publish({ id: `visita-${index}`, subject: 'events.campaign.campaign.CampaignVisited', payload: '{}' })
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(reads() - before).toBe(0)

    await bus.publish({ id: 'donacion-1', subject: 'events.donation.donation.DonationApproved', payload: '{}' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(received.map((message) => message.id)).toEqual(['donacion-1'])
    // The loop looked at the 300 visits once, in windows, and not again after.
    const afterDonation = reads()
    await bus.publish({ id: 'donacion-2', subject: 'events.donation.donation.DonationApproved', payload: '{}' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(received.map((message) => message.id)).toEqual(['donacion-1', 'donacion-2'])
    expect(reads() - afterDonation).toBe(1)
    await bus.close()
  })

  it('stores the checkpoint of a consumer once per batch it delivers, not once per message, and a new subscriber starts after it', async () => {
    const { db, checkpointWrites } = countingReads(base)
    const bus = await createInProcessBus({ db, schema: 'bus_puntos', pollIntervalMs: 60_000 })
    const messages = Array.from({ length: 250 }, (_, index) => ({ id: `visita-${index}`, subject: 'events.campaign.campaign.CampaignVisited', payload: '{}' }))
    await bus.publishAll(messages)
    const received: string[] = []
    const subscription = await bus.subscribe({ durable: 'contador', subjects: ['events.campaign.>'], handler: async (message) => void received.push(message.id) })
    await vi.waitFor(() => expect(received).toHaveLength(250))
    await subscription.stop()
    // 250 messages in batches of 100: three writes, not 250.
    expect(checkpointWrites()).toBeLessThanOrEqual(3)
    await bus.publish({ id: 'visita-250', subject: 'events.campaign.campaign.CampaignVisited', payload: '{}' })
    const again: string[] = []
    await bus.subscribe({ durable: 'contador', subjects: ['events.campaign.>'], handler: async (message) => void again.push(message.id) })
    await vi.waitFor(() => expect(again).toEqual(['visita-250']))
    await bus.close()
  })
})
