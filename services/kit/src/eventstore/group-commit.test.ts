import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventEnvelope } from '@donaciones/contracts'
import type { SqlDatabase, SqlExecutor } from '../db/index.ts'
import { databaseEngines, uniqueName } from '../../testing/engines.ts'
import { sampleDefinitions, sampleNoted, testMetadata } from '../../testing/sample-events.ts'
import { EventStore, newEvent } from './event-store.ts'
import { GroupCommit } from './group-commit.ts'
import type { Projection } from './projection.ts'
import { ident } from '../db/ident.ts'

/** Sums the weights of noted events; `applyBatch` counts its calls, so a test sees a group applied in one. */
function sumProjection(batches: number[]): Projection {
  const add = async (tx: SqlExecutor, schema: string, weight: number) => {
    await tx.query(`update ${ident(schema)}.sum set total = total + $1`, [weight])
  }
  return {
    name: 'sum',
    tables: ['sum'],
    handles: [sampleNoted],
    async setup(db, schema) {
      await db.exec(`create table if not exists ${ident(schema)}.sum (total int not null); insert into ${ident(schema)}.sum select 0 where not exists (select 1 from ${ident(schema)}.sum)`)
    },
    async apply(tx, event: EventEnvelope, schema) {
      await add(tx, schema, (event.data as { weight: number }).weight)
    },
    async applyBatch(tx, events, schema) {
      batches.push(events.length)
      await add(tx, schema, events.reduce((sum, event) => sum + (event.data as { weight: number }).weight, 0))
    },
  }
}

describe.each(databaseEngines)('GroupCommit on $name', (engine) => {
  let db: SqlDatabase
  let store: EventStore
  const schema = uniqueName('grupos')
  const batches: number[] = []

  beforeAll(async () => {
    db = await engine.open()
    store = new EventStore({ db, schema, service: 'audit', definitions: sampleDefinitions, projections: [sumProjection(batches)] })
    await store.init()
  })
  afterAll(async () => {
    await db.exec(`drop schema if exists ${ident(schema)} cascade`)
    await db.close()
  })

  const total = async () => (await db.query<{ total: number }>(`select total from ${ident(schema)}.sum`)).rows[0]?.total
  const noteAll = () =>
    new GroupCommit<number, number>(store, async (tx, group) => {
      if (group.includes(13)) throw new Error('trece no se anota')
      const events = await store.appendNewStreamsIn(tx, group.map((weight, index) => ({
        stream: `nota-${uniqueName('s')}-${index}`,
        events: [newEvent(sampleNoted, { text: 'nota', weight })],
        metadata: testMetadata,
      })))
      return events.map((event) => event.position)
    })

  it('commits requests that arrive together in one transaction, one insert and one projection call, answering each in order', async () => {
    const groups = noteAll()
    batches.length = 0
    const before = (await total()) ?? 0
    const positions = await Promise.all([1, 2, 3, 4, 5].map((weight) => groups.submit(weight)))
    expect(batches).toEqual([5])
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    expect(await total()).toBe(before + 15)
    const { rows } = await db.query<{ n: number }>(`select count(distinct transaction_id)::int as n from ${ident(schema)}.events where global_position = any($1::bigint[])`, [positions])
    expect(rows[0]?.n).toBe(1)
  })

  it('answers a request only once its group has committed: what it answers is there for every other reader', async () => {
    const groups = noteAll()
    const seenByOthers = await Promise.all([1, 2, 3].map(async (weight) => {
      const position = await groups.submit(weight)
      const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${ident(schema)}.events where global_position = $1`, [position])
      return rows[0]?.n
    }))
    expect(seenByOthers).toEqual([1, 1, 1])
  })

  it('runs each request of a failed group again alone: only the bad one fails, nothing of it is kept', async () => {
    const groups = noteAll()
    const before = (await total()) ?? 0
    const outcomes = await Promise.allSettled([2, 13, 4].map((weight) => groups.submit(weight)))
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(await total()).toBe(before + 6)
  })

  it('rolls a group back when its answers do not match its requests', async () => {
    const before = (await total()) ?? 0
    const groups = new GroupCommit<number, number>(store, async (tx, group) => {
      await store.appendNewStreamsIn(tx, group.map((weight) => ({ stream: uniqueName('mal'), events: [newEvent(sampleNoted, { text: 'nota', weight })], metadata: testMetadata })))
      return []
    })
    await expect(groups.submit(7)).rejects.toThrow(/resultados/)
    expect(await total()).toBe(before)
  })
})
