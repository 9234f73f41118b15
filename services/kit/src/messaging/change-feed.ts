import type { Bus } from '../bus/bus.ts'
import type { EventStore } from '../eventstore/event-store.ts'
import type { ProjectionConsumer } from './projection-consumer.ts'

/** Tells this process, as soon as it can know, that its service's data may have changed. */
export interface ChangeFeed {
  /** `listener` is called after each change; the returned function stops the calls. */
  onChange(listener: () => void): () => void
  stop(): Promise<void>
}

export interface ChangeFeedSources {
  store: Pick<EventStore, 'service' | 'onAppend'>
  bus: Pick<Bus, 'observe'>
  consumer: Pick<ProjectionConsumer, 'onApplied'>
}

/**
 * One feed per service process, heard by its public caches, from three sources:
 * - the events this process commits (`store.onAppend`), at once;
 * - the service's own events as the relay publishes them (`bus.observe` on `<service>.>`): what
 *   another replica, a command-line tool or a replay appended, a moment after it committed;
 * - the events of other services this process's consumer applied, after their transaction
 *   committed. The bus hands each of those to one replica only: the others hear nothing and their
 *   documents catch up within the cache's age. Observing those subjects would not help: the
 *   message arrives before the replica that applies it has committed.
 */
export async function startChangeFeed({ store, bus, consumer }: ChangeFeedSources): Promise<ChangeFeed> {
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of listeners) listener()
  }
  const stopHearing = [store.onAppend(changed), consumer.onApplied(changed)]
  const observation = await bus.observe([`${store.service}.>`], changed)
  return {
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async stop() {
      stopHearing.forEach((stop) => stop())
      await observation.stop()
    },
  }
}
