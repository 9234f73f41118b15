import { randomUUID } from 'node:crypto'
import { visitRecorded } from '@donaciones/contracts'
import { GroupCommit, newEvent, type EventStore } from '@donaciones/kit'
import { readCounter } from '../projections/counters.ts'

/**
 * Site visits arriving together are committed together (the kit's GroupCommit): one event each, in
 * a stream of its own, and one increment of the counter, whose row lock is held until the group
 * commits; the nth visit of a group of k after which the counter reads T answers T − k + n.
 */
export function visitRecorder(store: EventStore): (correlationId: string) => Promise<number> {
  const groups = new GroupCommit<string, number>(store, async (tx, correlationIds) => {
    await store.appendNewStreamsIn(tx, correlationIds.map((correlationId) => ({
      stream: `visit-${randomUUID()}`,
      events: [newEvent(visitRecorded, { counter: 'visits' })],
      metadata: { actor: null, correlationId },
    })))
    const total = await readCounter(tx, store.schema, 'visits')
    return correlationIds.map((_, index) => total - correlationIds.length + index + 1)
  })
  return (correlationId) => groups.submit(correlationId)
}
