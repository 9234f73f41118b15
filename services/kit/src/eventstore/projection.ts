import type { EventDefinition, EventEnvelope } from '@donaciones/contracts'
import type { SqlExecutor } from '../db/index.ts'

/**
 * A read model built from events. Events of the owning service are applied inline (same
 * transaction as the append); events of other services are applied by a bus consumer (same
 * transaction as the inbox row). Replay drops `tables` and rebuilds them from the log.
 */
export interface Projection {
  name: string
  /** Unqualified names of the tables this projection owns, in the service's schema. */
  tables: readonly string[]
  setup(db: SqlExecutor, schema: string): Promise<void>
  handles: readonly EventDefinition[]
  apply(tx: SqlExecutor, event: EventEnvelope, schema: string): Promise<void>
}

export function eventKey(event: { service: string; type: string }): string {
  return `${event.service}.${event.type}`
}

export function projectionHandles(projection: Projection, event: { service: string; type: string }): boolean {
  const key = eventKey(event)
  return projection.handles.some((definition) => eventKey(definition) === key)
}
