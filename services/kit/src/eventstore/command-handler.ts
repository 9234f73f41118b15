import type { EventDataOf, EventDefinition, EventEnvelope, EventMetadata } from '@donaciones/contracts'
import type { SqlExecutor } from '../db/index.ts'
import { ConcurrencyError } from './errors.ts'
import type { EventStore, NewEvent } from './event-store.ts'

/**
 * An event of one of the definitions `D` as its stream gives it back: `type` tells which, so a
 * `switch` on it narrows the data, and a `switch` that forgets a type does not compile where a
 * state must be returned.
 */
export type StreamEvent<D extends EventDefinition> = D extends EventDefinition ? EventEnvelope<EventDataOf<D>> & { readonly type: D['type'] } : never

/**
 * A stream's rules as pure functions: no database, no clock, no ids made inside. `TEvent` is the
 * union of the stream's event definitions, listed in `events`: `evolve` sees only those, typed,
 * and `decide` can return no other.
 */
export interface Decider<TCommand, TState, TEvent extends EventDefinition = EventDefinition> {
  events: readonly TEvent[]
  initialState: TState
  evolve(state: TState, event: StreamEvent<TEvent>): TState
  /** The events that carry out the command, or a thrown `Refusal` when the state refuses it. */
  decide(command: TCommand, state: TState): readonly NewEvent<TEvent>[]
}

/** Whether a stored event is of one of the decider's definitions (by service and type). */
function isStreamEvent<TEvent extends EventDefinition>(events: readonly TEvent[], event: EventEnvelope): event is StreamEvent<TEvent> {
  return events.some((definition) => definition.type === event.type && definition.service === event.service)
}

/** The state a stream's events make; events of other definitions leave it as it is. */
export function foldEvents<TState, TEvent extends EventDefinition>(
  decider: Pick<Decider<unknown, TState, TEvent>, 'events' | 'initialState' | 'evolve'>,
  events: readonly EventEnvelope[],
): TState {
  let state = decider.initialState
  for (const event of events) if (isStreamEvent(decider.events, event)) state = decider.evolve(state, event)
  return state
}

export interface HandleOptions {
  metadata: EventMetadata
  /** Extra tries after a version conflict before it reaches the caller. */
  retries?: number
}

export interface HandleResult<TState> {
  events: EventEnvelope[]
  state: TState
}

const defaultRetries = 3

/**
 * Reads and folds the stream, decides, and appends expecting the version it read, in a transaction
 * of its own; when another writer got in first it starts over from a fresh read, a bounded number
 * of times.
 */
export function handleCommand<TCommand, TState, TEvent extends EventDefinition>(
  store: EventStore,
  stream: string,
  decider: Decider<TCommand, TState, TEvent>,
  command: TCommand,
  options: HandleOptions,
): Promise<HandleResult<TState>> {
  return retryingTransaction(
    store,
    (tx) => handleCommandIn(store, tx, stream, decider, command, { metadata: options.metadata }),
    options.retries ?? defaultRetries,
  )
}

export interface HandleInOptions {
  /** The events' metadata; a function when it depends on what was decided. */
  metadata: EventMetadata | ((decided: readonly NewEvent[]) => EventMetadata)
  /**
   * The stream as the caller read it just before (outside this transaction), which saves reading
   * it again. If it has gone stale the append fails with ConcurrencyError, so a retry must read:
   * pass it to the first attempt only.
   */
  history?: readonly EventEnvelope[]
}

/**
 * handleCommand inside the caller's transaction, for commands whose other writes (private rows,
 * tokens, mail) must commit or roll back with their events. It does not retry: a version conflict
 * throws ConcurrencyError, which rolls the whole transaction back, and `retryingTransaction`
 * around it starts over with a new one.
 */
export async function handleCommandIn<TCommand, TState, TEvent extends EventDefinition>(
  store: EventStore,
  tx: SqlExecutor,
  stream: string,
  decider: Decider<TCommand, TState, TEvent>,
  command: TCommand,
  options: HandleInOptions,
): Promise<HandleResult<TState>> {
  const history = options.history ?? (await store.readStream(stream, tx))
  const state = foldEvents(decider, history)
  const decided = decider.decide(command, state)
  const expectedVersion = history.at(-1)?.version ?? 0
  const metadata = typeof options.metadata === 'function' ? options.metadata(decided) : options.metadata
  const events = await store.appendIn(tx, stream, decided, { expectedVersion, metadata })
  return { events, state: foldEvents({ events: decider.events, initialState: state, evolve: decider.evolve }, events) }
}

/**
 * Runs `work` in a transaction of its own; when another writer got in first (ConcurrencyError) it
 * all rolls back and `work` runs again in a new transaction, a bounded number of times. Anything
 * done outside the database (a provider call, a password hash) belongs before it, never inside.
 */
export async function retryingTransaction<T>(store: EventStore, work: (tx: SqlExecutor) => Promise<T>, retries = defaultRetries): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await store.transaction(work)
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= retries) throw error
    }
  }
}
