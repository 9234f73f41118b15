import { describe, expect, expectTypeOf, it } from 'vitest'
import type { EventDefinition, EventEnvelope } from '@donaciones/contracts'
import type { SqlExecutor } from '../db/index.ts'
import { foreignSampleNoted, sampleNoted } from '../../testing/sample-events.ts'
import { eventHandlers, isEvent, on } from './event-handlers.ts'
import { typedProjection } from './typed-projection.ts'

function envelope(definition: EventDefinition, data: unknown): EventEnvelope {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    service: definition.service,
    type: definition.type,
    v: definition.v,
    stream: 'sample-1',
    version: 1,
    position: 1,
    transactionId: '1',
    occurredAt: new Date(0).toISOString(),
    data,
    metadata: { actor: null, correlationId: 'test' },
  }
}

const noted = envelope(sampleNoted, { text: 'hola', weight: 3 })
const foreign = envelope(foreignSampleNoted, { amount: 7 })
const tx = {} as SqlExecutor

describe('typed event handlers', () => {
  it('give a handler the data of its own event type, typed by its definition', () => {
    const seen: unknown[] = []
    const handlers = eventHandlers(
      on(sampleNoted, (data, event, label: string) => {
        expectTypeOf(data).toEqualTypeOf<{ text: string; weight: number }>()
        expectTypeOf(event.data).toEqualTypeOf<{ text: string; weight: number }>()
        seen.push([label, data.text, data.weight])
        return data.weight
      }),
    )
    expect(handlers.dispatch(noted, 'a')).toBe(3)
    expect(seen).toEqual([['a', 'hola', 3]])
    expect(handlers.definitions).toEqual([sampleNoted])
  })

  it('do not give a handler an event of another type', () => {
    const seen: string[] = []
    const handlers = eventHandlers(on(sampleNoted, (data) => seen.push(data.text)))
    expect(handlers.dispatch(foreign)).toBeUndefined()
    expect(handlers.dispatch({ ...noted, service: 'donation' })).toBeUndefined()
    expect(seen).toEqual([])
    expect(() => on(sampleNoted, () => 1).handle(foreign)).toThrow()
  })

  it('refuse two handlers for one event type', () => {
    expect(() => eventHandlers(on(sampleNoted, () => 1), on(sampleNoted, () => 2))).toThrow(/SampleNoted/)
  })

  it('narrow one envelope by definition', () => {
    expect(isEvent(sampleNoted, noted)).toBe(true)
    expect(isEvent(sampleNoted, foreign)).toBe(false)
    if (isEvent(foreignSampleNoted, foreign)) expectTypeOf(foreign.data).toEqualTypeOf<{ amount: number }>()
  })

  it('make a projection that handles the declared types and applies only their handlers', async () => {
    const applied: number[] = []
    const projection = typedProjection({
      name: 'amounts',
      tables: [],
      async setup() {},
      handlers: [
        on(foreignSampleNoted, async (data, _event, executor, schema) => {
          expectTypeOf(executor).toEqualTypeOf<SqlExecutor>()
          expectTypeOf(schema).toEqualTypeOf<string>()
          applied.push(data.amount)
        }),
      ],
    })
    expect(projection.handles).toEqual([foreignSampleNoted])
    await projection.apply(tx, foreign, 'audit')
    await projection.apply(tx, noted, 'audit')
    expect(applied).toEqual([7])
  })
})
