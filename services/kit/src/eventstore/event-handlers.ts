import type { EventDataOf, EventDefinition, EventEnvelope } from '@donaciones/contracts'
import { eventKey } from './projection.ts'

/** An envelope whose data has the shape of definition `D`. */
export type TypedEvent<D extends EventDefinition> = EventEnvelope<EventDataOf<D>>

/** A handler of one event type, built by `on` and collected by `eventHandlers`. */
export interface EventHandler<TArgs extends unknown[], TResult> {
  readonly definition: EventDefinition
  handle(event: EventEnvelope, ...args: TArgs): TResult
}

/**
 * Whether an envelope is an event of `definition`; it then has that definition's data.
 * The data is not parsed again: the store parses it on append and on read (upcasting), and
 * the consumer of another service's events upcasts them before they reach a read model.
 */
export function isEvent<D extends EventDefinition>(definition: D, event: EventEnvelope): event is TypedEvent<D> {
  return event.type === definition.type && event.service === definition.service
}

/** Handles the events of `definition`, given their typed data first. */
export function on<D extends EventDefinition, TArgs extends unknown[], TResult>(
  definition: D,
  handle: (data: EventDataOf<D>, event: TypedEvent<D>, ...args: TArgs) => TResult,
): EventHandler<TArgs, TResult> {
  return {
    definition,
    handle(event, ...args) {
      if (!isEvent(definition, event)) throw new Error(`${definition.type} no puede manejar ${event.service}.${event.type}`)
      return handle(event.data, event, ...args)
    },
  }
}

export interface EventHandlers<TArgs extends unknown[], TResult> {
  /** The definitions of the handled events, for `Projection.handles`. */
  readonly definitions: readonly EventDefinition[]
  /** Runs the handler of the event's type; undefined when no handler takes that type. */
  dispatch(event: EventEnvelope, ...args: TArgs): TResult | undefined
}

/** Collects handlers under the key of their event type; one handler per type. */
export function eventHandlers<TArgs extends unknown[], TResult>(...handlers: EventHandler<TArgs, TResult>[]): EventHandlers<TArgs, TResult> {
  const byKey = new Map<string, EventHandler<TArgs, TResult>>()
  for (const handler of handlers) {
    const key = eventKey(handler.definition)
    if (byKey.has(key)) throw new Error(`Dos manejadores para ${key}`)
    byKey.set(key, handler)
  }
  return {
    definitions: handlers.map((handler) => handler.definition),
    dispatch: (event, ...args) => byKey.get(eventKey(event))?.handle(event, ...args),
  }
}
