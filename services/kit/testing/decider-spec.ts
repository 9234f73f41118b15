import { expect } from 'vitest'
import type { EventDefinition, EventEnvelope } from '@donaciones/contracts'
import { foldEvents, type Decider, type NewEvent } from '../src/index.ts'

/** What a test can say about an event: its type and its data as the store would keep it. */
function described(events: readonly NewEvent[]) {
  return events.map((event) => ({ service: event.definition.service, type: event.definition.type, data: event.definition.schema.parse(event.data) }))
}

/** Past events as the stream would give them back, numbered from version 1. */
function stored(events: readonly NewEvent[]): EventEnvelope[] {
  return described(events).map((event, index) => ({
    ...event,
    id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    v: events[index]?.definition.v ?? 1,
    stream: 'given',
    version: index + 1,
    position: index + 1,
    transactionId: '1',
    occurredAt: new Date(0).toISOString(),
    metadata: { actor: null, correlationId: 'given' },
  }))
}

/** The error's class, message and own fields (status, errors…), which is what a caller sees. */
function visibleShape(error: unknown) {
  return error instanceof Error ? { ...error, kind: error.constructor, message: error.message } : error
}

/**
 * A decider's rule as given/when/then, with no database: `given` past events, `when` a command,
 * `then` the events it decides or `thenThrows` the error it refuses with.
 */
export function deciderSpec<TCommand, TState, TEvent extends EventDefinition>(decider: Decider<TCommand, TState, TEvent>) {
  return {
    given(history: readonly NewEvent<TEvent>[]) {
      const state = foldEvents(decider, stored(history))
      return {
        when(command: TCommand) {
          const decide = () => decider.decide(command, state)
          return {
            then(expected: readonly NewEvent<TEvent>[]) {
              expect(described(decide())).toEqual(described(expected))
            },
            thenThrows(expected: Error) {
              let thrown: unknown
              try {
                decide()
              } catch (error) {
                thrown = error
              }
              expect(thrown, 'the command was accepted').toBeDefined()
              expect(visibleShape(thrown)).toEqual(visibleShape(expected))
            },
          }
        },
      }
    },
  }
}
