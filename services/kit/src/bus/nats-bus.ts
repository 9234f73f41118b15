import { StorageType, connect, nanos } from 'nats'
import type { JetStreamManager } from 'nats'
import type { Bus, ObservationHandler, OutgoingMessage, SubscribeOptions, Subscription } from './bus.ts'
import { PullWorker, STREAM_NOT_FOUND, consumerName, ensureConsumer, isApiError, type WorkerContext } from './nats-consumer.ts'
import { assertValidSubject, assertValidSubjectFilter } from './subject-filter.ts'

export interface NatsBusOptions {
  /** A server's URL, several separated by commas (a cluster's nodes, as NATS_URL may list them), or a list. */
  servers: string | string[]
  /** JetStream stream holding the messages (default `EVENTS`). */
  stream?: string
  /** Wire subjects are `${subjectPrefix}.${subject}`; the stream takes `${subjectPrefix}.>` (default `events`). */
  subjectPrefix?: string
  /** Copies of the stream kept by a JetStream cluster when the bus creates it (default 1). */
  replicas?: number
  /** Default for `SubscribeOptions.ackWaitMs` (30 s). */
  ackWaitMs?: number
  /** Delay before a message whose handler threw is delivered again (default 1 s). */
  redeliveryDelayMs?: number
  /** Connection name shown by the server. */
  name?: string
  /** Connection and consumer errors the bus recovers from by itself. */
  onError?: (error: unknown) => void
}

export interface NatsBus extends Bus {
  /** Deletes the stream with its messages and consumers (test cleanup). */
  deleteStream(): Promise<void>
}

const DUPLICATE_WINDOW_MS = 2 * 60_000
/** A question about positions must not hold up a readiness probe while the server is away. */
const PENDING_TIMEOUT_MS = 1_000

async function ensureStream(jsm: JetStreamManager, stream: string, subject: string, replicas: number): Promise<void> {
  const duplicateWindow = nanos(DUPLICATE_WINDOW_MS)
  const info = await jsm.streams.info(stream).catch((error: unknown) => {
    if (isApiError(error, STREAM_NOT_FOUND)) return null
    throw error
  })
  if (!info) {
    await jsm.streams.add({ name: stream, subjects: [subject], storage: StorageType.File, duplicate_window: duplicateWindow, num_replicas: replicas })
    return
  }
  const subjects = info.config.subjects ?? []
  if (subjects.includes(subject) && info.config.duplicate_window === duplicateWindow) return
  await jsm.streams.update(stream, {
    ...info.config,
    subjects: subjects.includes(subject) ? subjects : [...subjects, subject],
    duplicate_window: duplicateWindow,
  })
}

/**
 * The bus on NATS JetStream (2.9). Publishing waits for the stream's acknowledgement and sets
 * `Nats-Msg-Id` to the message id, so a republish within the duplicate window is dropped.
 * Each (durable, filter) pair is a durable pull consumer shared by every subscriber using it.
 * An observation is a plain NATS subscription on the same wire subjects: a JetStream publish is a
 * NATS message too, so it reaches observers without leaving anything on the server.
 */
/** `nats://a:4222,nats://b:4222` → both servers: the client moves to another when its own stops. */
export function natsServerList(servers: string | string[]): string[] {
  return (Array.isArray(servers) ? servers : [servers]).flatMap((entry) => entry.split(',')).map((server) => server.trim()).filter(Boolean)
}

export async function createNatsBus(options: NatsBusOptions): Promise<NatsBus> {
  const stream = options.stream ?? 'EVENTS'
  const subjectPrefix = options.subjectPrefix ?? 'events'
  assertValidSubject(subjectPrefix)
  const defaultAckWaitMs = options.ackWaitMs ?? 30_000
  const onError = options.onError ?? (() => undefined)

  const nc = await connect({ servers: natsServerList(options.servers), name: options.name, maxReconnectAttempts: -1 })
  const jsm = await nc.jetstreamManager()
  const positions = await nc.jetstreamManager({ timeout: PENDING_TIMEOUT_MS, checkAPI: false })
  const js = nc.jetstream()
  try {
    await ensureStream(jsm, stream, `${subjectPrefix}.>`, options.replicas ?? 1)
  } catch (error) {
    await nc.close()
    throw error
  }
  const context: WorkerContext = { nc, js, jsm, subjectPrefix, redeliveryDelayMs: options.redeliveryDelayMs ?? 1000, onError }
  const encoder = new TextEncoder()
  const decoder = new TextDecoder()
  const subscriptions = new Set<Subscription>()

  async function publish(message: OutgoingMessage): Promise<void> {
    assertValidSubject(message.subject)
    await js.publish(`${subjectPrefix}.${message.subject}`, encoder.encode(message.payload), { msgID: message.id })
  }

  return {
    publish,
    async publishAll(messages: readonly OutgoingMessage[]): Promise<void> {
      // Sent in order on one connection; JetStream keeps that order.
      await Promise.all(messages.map(publish))
    },

    async subscribe(subscribeOptions: SubscribeOptions): Promise<Subscription> {
      const { durable, subjects, handler } = subscribeOptions
      if (durable.length === 0) throw new Error('a durable name is required')
      if (subjects.length === 0) throw new Error('at least one subject filter is required')
      subjects.forEach(assertValidSubjectFilter)

      const specs = [...new Set(subjects)].map((filter) => ({
        stream,
        name: consumerName(durable, filter),
        filterSubject: `${subjectPrefix}.${filter}`,
        ackWaitMs: subscribeOptions.ackWaitMs ?? defaultAckWaitMs,
      }))
      for (const spec of specs) await ensureConsumer(jsm, spec)
      const workers = specs.map((spec) => new PullWorker(context, spec, handler))

      let stopping: Promise<void> | null = null
      const subscription: Subscription = {
        stop() {
          stopping ??= (async () => {
            await Promise.all(workers.map((worker) => worker.stop()))
            // The acks are fire-and-forget publishes: make sure the server has them.
            if (!nc.isClosed()) await nc.flush().catch(onError)
            subscriptions.delete(subscription)
          })()
          return stopping
        },
      }
      subscriptions.add(subscription)
      return subscription
    },

    async observe(filters: readonly string[], handler: ObservationHandler): Promise<Subscription> {
      if (filters.length === 0) throw new Error('at least one subject filter is required')
      filters.forEach(assertValidSubjectFilter)
      const wirePrefix = `${subjectPrefix}.`
      const observed = [...new Set(filters)].map((filter) =>
        nc.subscribe(`${wirePrefix}${filter}`, {
          callback: (error, msg) => {
            if (error) return onError(error)
            try {
              handler({ id: msg.headers?.get('Nats-Msg-Id') ?? '', subject: msg.subject.slice(wirePrefix.length), payload: decoder.decode(msg.data) })
            } catch (handlerError) {
              onError(handlerError)
            }
          },
        }),
      )
      // Once the server answered a ping sent after them, the subscriptions are in place there.
      await nc.flush()
      let stopping: Promise<void> | null = null
      const subscription: Subscription = {
        stop() {
          stopping ??= (async () => {
            if (!nc.isClosed()) observed.forEach((each) => each.unsubscribe())
            subscriptions.delete(subscription)
          })()
          return stopping
        },
      }
      subscriptions.add(subscription)
      return subscription
    },

    async pending(durable: string, filter: string): Promise<number | undefined> {
      if (nc.isClosed()) return undefined
      try {
        // The server keeps these figures from the stream's sequences and the consumer's floor.
        const info = await positions.consumers.info(stream, consumerName(durable, filter))
        return info.num_pending + info.num_ack_pending
      } catch {
        return undefined
      }
    },

    async close(): Promise<void> {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()))
      if (!nc.isClosed()) await nc.drain()
    },

    async deleteStream(): Promise<void> {
      await jsm.streams.delete(stream).catch((error: unknown) => {
        if (!isApiError(error, STREAM_NOT_FOUND)) throw error
      })
    },
  }
}
