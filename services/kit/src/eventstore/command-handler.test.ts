import type { EventDataOf, EventDefinition, EventEnvelope } from '@donaciones/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlDatabase, SqlExecutor } from '../db/index.ts'
import { databaseEngines, uniqueName } from '../../testing/engines.ts'
import { deciderSpec } from '../../testing/decider-spec.ts'
import { foreignSampleNoted, sampleDefinitions, sampleNoted, testMetadata } from '../../testing/sample-events.ts'
import { foldEvents, handleCommand, handleCommandIn, retryingTransaction, type Decider } from './command-handler.ts'
import { ConcurrencyError } from './errors.ts'
import { isEvent } from './event-handlers.ts'
import { EventStore, newEvent } from './event-store.ts'
import { ident } from '../db/ident.ts'

/** An event as its stream would give it back. */
function storedEvent<D extends EventDefinition>(definition: D, data: EventDataOf<D>, version: number): EventEnvelope {
  return {
    id: `00000000-0000-4000-8000-${String(version).padStart(12, '0')}`,
    service: definition.service,
    type: definition.type,
    v: definition.v,
    stream: 's-1',
    version,
    position: version,
    transactionId: '1',
    occurredAt: new Date(0).toISOString(),
    metadata: testMetadata,
    data,
  }
}

/** A stream of weights whose total may not pass a limit. */
interface AddWeight {
  text: string
  weight: number
  limit: number
}

const weights: Decider<AddWeight, number, typeof sampleNoted> = {
  events: [sampleNoted],
  initialState: 0,
  evolve: (total, event) => total + event.data.weight,
  decide(command, total) {
    if (total + command.weight > command.limit) throw new Error(`El total ${total} no admite ${command.weight}`)
    return [newEvent(sampleNoted, { text: command.text, weight: command.weight })]
  },
}

describe('a typed decider', () => {
  it('folds only the events of its own definitions', () => {
    // A foreign event in the stream leaves the total as it is.
    const state = foldEvents(weights, [
      storedEvent(sampleNoted, { text: 'a', weight: 2 }, 1),
      storedEvent(foreignSampleNoted, { amount: 100 }, 2),
      storedEvent(sampleNoted, { text: 'b', weight: 3 }, 3),
    ])
    expect(state).toBe(5)
  })

  it('may decide only its own events, and its evolve must handle every one of them', () => {
    const refusesForeign: Decider<AddWeight, number, typeof sampleNoted> = {
      events: [sampleNoted],
      initialState: 0,
      evolve: (total, event) => total + event.data.weight,
      // @ts-expect-error: an event of another definition is not one this decider may decide.
      decide: () => [newEvent(foreignSampleNoted, { amount: 1 })],
    }
    const forgetful: Decider<AddWeight, number, typeof sampleNoted | typeof foreignSampleNoted> = {
      events: [sampleNoted, foreignSampleNoted],
      initialState: 0,
      // @ts-expect-error: the switch forgets foreignSampleNoted, so a state is not always returned.
      evolve(total, event) {
        switch (event.type) {
          case sampleNoted.type:
            return total + event.data.weight
        }
      },
      decide: () => [],
    }
    expect([refusesForeign.events, forgetful.events]).toHaveLength(2)
  })
})

describe('the given/when/then helper', () => {
  const spec = deciderSpec(weights)

  it('compares the decided events', () => {
    spec.given([newEvent(sampleNoted, { text: 'a', weight: 2 })]).when({ text: 'b', weight: 3, limit: 5 }).then([newEvent(sampleNoted, { text: 'b', weight: 3 })])
    expect(() => spec.given([]).when({ text: 'b', weight: 3, limit: 5 }).then([newEvent(sampleNoted, { text: 'b', weight: 4 })])).toThrow()
  })

  it('compares the refusal', () => {
    spec.given([newEvent(sampleNoted, { text: 'a', weight: 4 })]).when({ text: 'b', weight: 3, limit: 5 }).thenThrows(new Error('El total 4 no admite 3'))
    expect(() => spec.given([]).when({ text: 'b', weight: 3, limit: 5 }).thenThrows(new Error('El total 0 no admite 3'))).toThrow()
  })
})

/**
 * A store where another event lands in the stream right after each of the first `times` reads:
 * inside the reader's own transaction (rolled back with it), or from another connection and
 * committed (possible on PostgreSQL only: PGlite's one connection runs one transaction at a time).
 */
class InterruptedStore extends EventStore {
  reads = 0
  constructor(
    options: ConstructorParameters<typeof EventStore>[0],
    private readonly times: number,
    private readonly writer: 'same transaction' | 'other connection',
  ) {
    super(options)
  }

  override async readStream(stream: string, db?: SqlExecutor) {
    const events = await super.readStream(stream, db)
    this.reads++
    if (db && this.reads <= this.times) {
      const other = [newEvent(sampleNoted, { text: 'otro', weight: 1 })]
      const options = { expectedVersion: events.length, metadata: testMetadata }
      await (this.writer === 'same transaction' ? this.appendIn(db, stream, other, options) : this.append(stream, other, options))
    }
    return events
  }
}

const texts = async (store: EventStore) => (await store.readStream('s-1')).filter((event) => isEvent(sampleNoted, event)).map((event) => event.data.text)

describe.each(databaseEngines)('handleCommand on $name', (engine) => {
  let db: SqlDatabase

  beforeAll(async () => {
    db = await engine.open()
  })
  afterAll(async () => {
    await db.close()
  })

  async function open(interruptions = 0, writer: 'same transaction' | 'other connection' = 'same transaction'): Promise<InterruptedStore> {
    const store = new InterruptedStore({ db, schema: uniqueName('cmd'), service: 'audit', definitions: sampleDefinitions }, interruptions, writer)
    await store.init()
    return store
  }

  it('decides on the folded stream and appends after the version it read', async () => {
    const store = await open()
    const first = await handleCommand(store, 's-1', weights, { text: 'a', weight: 2, limit: 5 }, { metadata: testMetadata })
    const second = await handleCommand(store, 's-1', weights, { text: 'b', weight: 3, limit: 5 }, { metadata: testMetadata })
    expect(first.events.map((event) => event.version)).toEqual([1])
    expect(second.events.map((event) => event.version)).toEqual([2])
    expect(second.state).toBe(5)
    await expect(handleCommand(store, 's-1', weights, { text: 'c', weight: 1, limit: 5 }, { metadata: testMetadata })).rejects.toThrow('El total 5 no admite 1')
    expect((await store.readStream('s-1')).length).toBe(2)
  })

  it('starts over in a new transaction from a fresh read after a version conflict', async () => {
    const store = await open(1)
    const result = await handleCommand(store, 's-1', weights, { text: 'mío', weight: 2, limit: 5 }, { metadata: testMetadata })
    expect(store.reads).toBe(2)
    expect(result.state).toBe(2)
    expect(await texts(store)).toEqual(['mío'])
  })

  it('gives up with the conflict after the bounded retries, leaving nothing behind', async () => {
    const store = await open(10)
    await expect(handleCommand(store, 's-1', weights, { text: 'mío', weight: 1, limit: 99 }, { metadata: testMetadata, retries: 2 })).rejects.toBeInstanceOf(ConcurrencyError)
    expect(store.reads).toBe(3)
    expect(await texts(store)).toEqual([])
  })

  // Only PostgreSQL has a second connection: PGlite's one connection runs one transaction at a time.
  if (engine.name === 'postgres') it('decides again on what a writer on another connection committed', async () => {
    const store = await open(1, 'other connection')
    const result = await handleCommand(store, 's-1', weights, { text: 'mío', weight: 2, limit: 5 }, { metadata: testMetadata })
    expect(store.reads).toBe(2)
    expect(result.state).toBe(3)
    expect(await texts(store)).toEqual(['otro', 'mío'])
    const refused = await open(1, 'other connection')
    await expect(handleCommand(refused, 's-1', weights, { text: 'mío', weight: 5, limit: 5 }, { metadata: testMetadata })).rejects.toThrow('El total 1 no admite 5')
  })
})

describe.each(databaseEngines)('handleCommandIn and retryingTransaction on $name', (engine) => {
  let db: SqlDatabase

  beforeAll(async () => {
    db = await engine.open()
  })
  afterAll(async () => {
    await db.close()
  })

  async function open(interruptions = 0): Promise<InterruptedStore> {
    const schema = uniqueName('cmdin')
    const store = new InterruptedStore({ db, schema, service: 'audit', definitions: sampleDefinitions }, interruptions, 'same transaction')
    await store.init()
    await db.query(`create table ${ident(schema)}.side_rows (note text not null)`)
    sides.set(store, `${ident(schema)}.side_rows`)
    return store
  }

  const sides = new Map<EventStore, string>()

  /** Decides in the transaction and writes a row of its own there, as a command with private tables does. */
  function command(store: EventStore, text: string, weight: number, retries?: number) {
    return retryingTransaction(
      store,
      async (tx) => {
        await tx.query(`insert into ${sides.get(store)} (note) values ($1)`, [text])
        return handleCommandIn(store, tx, 's-1', weights, { text, weight, limit: 5 }, { metadata: (decided) => ({ ...testMetadata, correlationId: `n-${decided.length}` }) })
      },
      retries,
    )
  }

  const sideRows = async (store: EventStore) => (await db.query<{ note: string }>(`select note from ${sides.get(store)}`)).rows.map((row) => row.note)

  it('appends after the version it read, with the metadata of what it decided, and keeps the rows written alongside', async () => {
    const store = await open()
    const result = await command(store, 'a', 2)
    expect(result.events.map((event) => [event.version, event.metadata.correlationId])).toEqual([[1, 'n-1']])
    expect(result.state).toBe(2)
    expect(await sideRows(store)).toEqual(['a'])
  })

  it('a refusal rolls back what the transaction wrote before deciding', async () => {
    const store = await open()
    await expect(command(store, 'grande', 6)).rejects.toThrow('El total 0 no admite 6')
    expect(await sideRows(store)).toEqual([])
    expect(await texts(store)).toEqual([])
  })

  it('a version conflict rolls the whole transaction back and starts over in a new one', async () => {
    const store = await open(1)
    const result = await command(store, 'mío', 2)
    expect(store.reads).toBe(2)
    expect(result.state).toBe(2)
    expect(await texts(store)).toEqual(['mío'])
    expect(await sideRows(store)).toEqual(['mío'])
  })

  it('decides on a history the caller already read without reading it again; a stale one ends in a conflict', async () => {
    const store = await open()
    const decide = (text: string, history?: Awaited<ReturnType<EventStore['readStream']>>) =>
      store.transaction((tx) => handleCommandIn(store, tx, 's-1', weights, { text, weight: 1, limit: 5 }, { metadata: testMetadata, ...(history ? { history } : {}) }))
    const empty = await store.readStream('s-1')
    const reads = store.reads
    const first = await decide('a', empty)
    expect(store.reads).toBe(reads)
    expect(first.events.map((event) => event.version)).toEqual([1])
    // Stale: the stream was empty when read, it holds 'a' now (the key refuses version 1 again).
    await expect(decide('b', empty)).rejects.toBeInstanceOf(ConcurrencyError)
    const afterA = await store.readStream('s-1')
    await decide('c')
    // Stale: read at version 1, the stream is at 2 now (the version check refuses it).
    await expect(decide('d', afterA)).rejects.toBeInstanceOf(ConcurrencyError)
    expect(await texts(store)).toEqual(['a', 'c'])
  })

  it('gives up with the conflict after the bounded retries, leaving nothing behind', async () => {
    const store = await open(10)
    await expect(command(store, 'mío', 1, 2)).rejects.toBeInstanceOf(ConcurrencyError)
    expect(store.reads).toBe(3)
    expect(await sideRows(store)).toEqual([])
    expect(await texts(store)).toEqual([])
  })
})
