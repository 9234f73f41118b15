import { expect } from 'vitest'
import { asStreamEvent, foldEvents, type Decider, type NewEvent } from '../src/index.ts'

function described(events: readonly NewEvent[]) {
  return events.map(asStreamEvent)
}

/** The error's class, message and own fields (status, errors…), which is what a caller sees. */
function visibleShape(error: unknown) {
  return error instanceof Error ? { ...error, kind: error.constructor, message: error.message } : error
}

/**
 * A decider's rule as given/when/then, with no database: `given` past events, `when` a command,
 * `then` the events it decides or `thenThrows` the error it refuses with.
 */
export function deciderSpec<TCommand, TState>(decider: Decider<TCommand, TState>) {
  return {
    given(history: readonly NewEvent[]) {
      const state = foldEvents(decider, described(history))
      return {
        when(command: TCommand) {
          const decide = () => decider.decide(command, state)
          return {
            then(expected: readonly NewEvent[]) {
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
