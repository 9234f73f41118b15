import type { SqlExecutor } from '../db/index.ts'
import { eventHandlers, type EventHandler, type EventHandlers } from './event-handlers.ts'
import type { Projection } from './projection.ts'

/** Applies one event to a read model: `on(definition, async (data, event, tx, schema) => ...)`. */
export type ProjectionHandler = EventHandler<[tx: SqlExecutor, schema: string], Promise<void>>
export type ProjectionHandlers = EventHandlers<[tx: SqlExecutor, schema: string], Promise<void>>

export type TypedProjectionDefinition = Omit<Projection, 'handles' | 'apply'> & { handlers: readonly ProjectionHandler[] }

/** A projection whose events are applied by the handler declared for their type. */
export function typedProjection({ handlers, ...projection }: TypedProjectionDefinition): Projection {
  const byType: ProjectionHandlers = eventHandlers(...handlers)
  return {
    ...projection,
    handles: byType.definitions,
    async apply(tx, event, schema) {
      await byType.dispatch(event, tx, schema)
    },
  }
}
