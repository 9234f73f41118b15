import type { SqlDatabase } from '../db/index.ts'
import type { Bus, ObservationHandler, OutgoingMessage, SubscribeOptions, Subscription } from './bus.ts'
import { DeliveryLoop, type LoopSettings, type Member } from './delivery-loop.ts'
import { openBusStore } from './in-process-store.ts'
import { assertValidSubject, assertValidSubjectFilter, subjectMatches } from './subject-filter.ts'

export interface InProcessBusOptions {
  /** The embedded database; the bus never closes it. */
  db: SqlDatabase
  /** Schema of the bus tables (default `bus`). */
  schema?: string
  /** Delay before a message whose handler threw is delivered again (default 1 s). */
  redeliveryDelayMs?: number
  /** How often idle consumers look for messages that did not come through this bus (default 1 s). */
  pollIntervalMs?: number
  /** Default for `SubscribeOptions.ackWaitMs` (30 s). */
  ackWaitMs?: number
  /** Storage errors met by delivery loops, which retry after `pollIntervalMs`. */
  onError?: (error: unknown) => void
}

async function settle(running: Set<Promise<unknown>>): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running])
}

/**
 * The bus of the embedded single-process mode, persisted in the embedded database. Each
 * (durable, filter) pair delivers its messages strictly in order, one at a time, so a failing
 * message holds back the ones after it until a retry succeeds. Observers are handed each message
 * as it is published, once it is stored.
 */
export async function createInProcessBus(options: InProcessBusOptions): Promise<Bus> {
  const store = await openBusStore(options.db, options.schema ?? 'bus')
  const settings: LoopSettings = {
    redeliveryDelayMs: options.redeliveryDelayMs ?? 1000,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    onError: options.onError ?? (() => undefined),
  }
  const defaultAckWaitMs = options.ackWaitMs ?? 30_000
  /** The last sequence stored: read once, then kept as this bus stores messages (it is their only writer). */
  let lastStored = await store.lastSequence()
  const loops = new Map<string, DeliveryLoop>()
  const subscriptions = new Set<Subscription>()
  const observers = new Set<{ filters: readonly string[]; handler: ObservationHandler }>()
  let closed = false

  function loopFor(durable: string, filter: string): DeliveryLoop {
    const key = JSON.stringify([durable, filter])
    let loop = loops.get(key)
    if (!loop) {
      loop = new DeliveryLoop(store, durable, filter, settings, lastStored)
      loops.set(key, loop)
    }
    return loop
  }

  function assertOpen(): void {
    if (closed) throw new Error('the bus is closed')
  }

  async function publishAll(messages: readonly OutgoingMessage[]): Promise<void> {
    assertOpen()
    messages.forEach((message) => assertValidSubject(message.subject))
    const stored = await store.insert(messages)
    for (const { subject, sequence } of stored) {
      lastStored = Math.max(lastStored, sequence)
      for (const loop of loops.values()) loop.wake(subject, sequence)
    }
    messages.forEach(tellObservers)
  }

  function tellObservers(message: OutgoingMessage): void {
    for (const { filters, handler } of observers) {
      if (!filters.some((filter) => subjectMatches(filter, message.subject))) continue
      try {
        handler({ id: message.id, subject: message.subject, payload: message.payload })
      } catch (error) {
        settings.onError(error)
      }
    }
  }

  return {
    publish: (message: OutgoingMessage) => publishAll([message]),
    publishAll,

    async subscribe(subscribeOptions: SubscribeOptions): Promise<Subscription> {
      assertOpen()
      const { durable, subjects, handler } = subscribeOptions
      if (durable.length === 0) throw new Error('a durable name is required')
      if (subjects.length === 0) throw new Error('at least one subject filter is required')
      subjects.forEach(assertValidSubjectFilter)

      const member: Member = { handler, ackWaitMs: subscribeOptions.ackWaitMs ?? defaultAckWaitMs, running: new Set() }
      const joined = [...new Set(subjects)].map((filter) => loopFor(durable, filter))
      joined.forEach((loop) => loop.add(member))

      let stopping: Promise<void> | null = null
      const subscription: Subscription = {
        stop() {
          stopping ??= (async () => {
            joined.forEach((loop) => loop.remove(member))
            await settle(member.running)
            subscriptions.delete(subscription)
          })()
          return stopping
        },
      }
      subscriptions.add(subscription)
      return subscription
    },

    async observe(filters: readonly string[], handler: ObservationHandler): Promise<Subscription> {
      assertOpen()
      if (filters.length === 0) throw new Error('at least one subject filter is required')
      filters.forEach(assertValidSubjectFilter)
      const observer = { filters: [...new Set(filters)], handler }
      observers.add(observer)
      const subscription: Subscription = {
        async stop() {
          observers.delete(observer)
          subscriptions.delete(subscription)
        },
      }
      subscriptions.add(subscription)
      return subscription
    },

    async pending(durable: string, filter: string): Promise<number | undefined> {
      if (closed) return undefined
      try {
        const loop = loops.get(JSON.stringify([durable, filter]))
        // A pair not subscribed in this process: everything after its checkpoint, whatever the subject.
        return loop ? await loop.pending() : Math.max(0, lastStored - (await store.checkpoint(durable, filter)))
      } catch {
        return undefined
      }
    },

    async close(): Promise<void> {
      closed = true
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()))
      await Promise.all([...loops.values()].map((loop) => loop.idle()))
    },
  }
}
