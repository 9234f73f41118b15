import { randomUUID } from 'node:crypto'
import { visitRecorded } from '@donaciones/contracts'
import { newEvent, type EventStore } from '@donaciones/kit'
import { readCounter } from '../projections/counters.ts'

/** Each visit is its own stream, so concurrent visits never conflict; the total is read in the same transaction. */
export async function recordVisit(store: EventStore, correlationId: string): Promise<number> {
  return store.transaction(async (tx) => {
    await store.appendIn(tx, `visit-${randomUUID()}`, [newEvent(visitRecorded, { counter: 'visits' })], {
      expectedVersion: 0,
      metadata: { actor: null, correlationId },
    })
    return readCounter(tx, store.schema, 'visits')
  })
}
