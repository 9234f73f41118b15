import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventEnvelope } from '@donaciones/contracts'
import type { SqlExecutor } from '../db/index.ts'
import type { Projection } from '../eventstore/projection.ts'
import { ident } from '../db/ident.ts'
import { messagingEngines } from '../../testing/bus-engines.ts'
import { openMessagingPair, type MessagingPair } from '../../testing/messaging-pair.ts'
import { newEvent } from '../eventstore/event-store.ts'
import { foreignSampleAmended, foreignSampleNoted, testMetadata } from '../../testing/sample-events.ts'

/** Writes down each event it is given, in the order it is given them. */
const arrivals: Projection = {
  name: 'arrivals',
  tables: ['arrivals'],
  handles: [foreignSampleNoted, foreignSampleAmended],
  async setup(db: SqlExecutor, schema: string) {
    await db.exec(`create table if not exists ${ident(schema)}.arrivals (seq serial primary key, amount int not null)`)
  },
  async apply(tx: SqlExecutor, event: EventEnvelope, schema: string) {
    await tx.query(`insert into ${ident(schema)}.arrivals (amount) values ($1)`, [foreignSampleNoted.schema.parse(event.data).amount])
  },
}

describe.each(messagingEngines)('a consumer on $name applies one record’s events in publication order', (engine) => {
  let pair: MessagingPair

  beforeAll(async () => {
    pair = await openMessagingPair(engine, [arrivals], { start: false })
  })
  afterAll(() => pair.close())

  it('whatever their types: noted and amended events of one record arrive as they were appended', async () => {
    // Appended before anyone listens, so the bus holds them all when the consumer starts.
    for (let amount = 1; amount <= 60; amount += 1) {
      const definition = amount % 3 === 0 ? foreignSampleNoted : foreignSampleAmended
      await pair.producer.append('sample-1', [newEvent(definition, { amount })], { expectedVersion: amount - 1, metadata: testMetadata })
    }
    await pair.start()
    const read = async () =>
      (await pair.db.query<{ amount: number }>(`select amount from ${ident(pair.consumerStore.schema)}.arrivals order by seq`)).rows.map((row) => row.amount)
    const deadline = Date.now() + 20_000
    while ((await read()).length < 60 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25))
    expect(await read()).toEqual(Array.from({ length: 60 }, (_, index) => index + 1))
  })
})
