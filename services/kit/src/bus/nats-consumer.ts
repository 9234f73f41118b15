import { createHash } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import { AckPolicy, DeliverPolicy, nanos } from 'nats'
import type { ConsumerMessages, JetStreamClient, JetStreamManager, JsMsg, NatsConnection } from 'nats'
import type { DeliveredMessage, MessageHandler } from './bus.ts'

export const STREAM_NOT_FOUND = 10059
const CONSUMER_NOT_FOUND = 10014
/** Messages a worker asks for at once; small, because buffered ones already count against ack wait. */
const PULL_BATCH = 32
const MAX_RETRY_DELAY_MS = 5_000

/** Whether `error` is the JetStream API error `code`. */
export function isApiError(error: unknown, code: number): boolean {
  const apiError = (error as { api_error?: { err_code?: number } } | null)?.api_error
  return apiError?.err_code === code
}

/**
 * JetStream 2.9 gives a consumer one filter subject, so a durable has one consumer per filter.
 * Names may not contain `.`, `*`, `>` or whitespace; the hash keeps sanitised names distinct.
 */
export function consumerName(durable: string, filter: string): string {
  const readable = `${durable}__${filter}`
    .replaceAll('*', 'any')
    .replaceAll('>', 'all')
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .slice(0, 64)
  const hash = createHash('sha256').update(`${durable}\n${filter}`).digest('hex').slice(0, 10)
  return `${readable}_${hash}`
}

export interface ConsumerSpec {
  stream: string
  name: string
  /** Filter on the wire, prefix included. */
  filterSubject: string
  ackWaitMs: number
}

/** Creates the durable pull consumer, or updates its ack wait if it already exists. */
export async function ensureConsumer(jsm: JetStreamManager, spec: ConsumerSpec): Promise<void> {
  const ackWait = nanos(spec.ackWaitMs)
  try {
    const info = await jsm.consumers.info(spec.stream, spec.name)
    if (info.config.ack_wait !== ackWait) await jsm.consumers.update(spec.stream, spec.name, { ack_wait: ackWait })
    return
  } catch (error) {
    if (!isApiError(error, CONSUMER_NOT_FOUND)) throw error
  }
  await jsm.consumers.add(spec.stream, {
    durable_name: spec.name,
    filter_subject: spec.filterSubject,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: ackWait,
    max_deliver: -1,
  })
}

export interface WorkerContext {
  nc: NatsConnection
  js: JetStreamClient
  jsm: JetStreamManager
  subjectPrefix: string
  redeliveryDelayMs: number
  onError: (error: unknown) => void
}

/**
 * Consumes one durable pull consumer, one message at a time. The client library re-pulls after
 * reconnects; when the consumer itself fails (deleted, stream gone) the worker recreates it
 * and starts again, with a growing delay.
 */
export class PullWorker {
  private stopping = false
  private messages: ConsumerMessages | null = null
  private readonly abort = new AbortController()
  private readonly done: Promise<void>

  constructor(
    private readonly context: WorkerContext,
    private readonly spec: ConsumerSpec,
    private readonly handler: MessageHandler,
  ) {
    this.done = this.run()
  }

  /** Stops pulling, gives back buffered messages and waits for the one being handled. */
  async stop(): Promise<void> {
    this.stopping = true
    this.messages?.stop()
    this.abort.abort()
    await this.done
  }

  private async run(): Promise<void> {
    const { nc, js, jsm, onError } = this.context
    for (let failures = 0; !this.stopping && !nc.isClosed(); failures++) {
      try {
        if (failures > 0) await ensureConsumer(jsm, this.spec)
        const consumer = await js.consumers.get(this.spec.stream, this.spec.name)
        this.messages = await consumer.consume({ max_messages: PULL_BATCH, abort_on_missing_resource: true })
        if (this.stopping) this.messages.stop()
        failures = 0
        for await (const message of this.messages) await this.handle(message)
      } catch (error) {
        if (this.stopping || nc.isClosed()) return
        onError(error)
      }
      const wait = Math.min(250 * 2 ** failures, MAX_RETRY_DELAY_MS)
      await delay(wait, undefined, { signal: this.abort.signal }).catch(() => undefined)
    }
  }

  private async handle(message: JsMsg): Promise<void> {
    if (this.stopping) {
      this.settle(() => message.nak())
      return
    }
    let handled = true
    try {
      await this.handler(this.toDelivered(message))
    } catch {
      handled = false
    }
    this.settle(() => (handled ? message.ack() : message.nak(this.context.redeliveryDelayMs)))
  }

  /** Acks are best effort: one lost with the connection only means a redelivery. */
  private settle(send: () => void): void {
    try {
      send()
    } catch (error) {
      this.context.onError(error)
    }
  }

  private toDelivered(message: JsMsg): DeliveredMessage {
    return {
      id: message.headers?.get('Nats-Msg-Id') || `${message.info.stream}.${message.seq}`,
      subject: message.subject.slice(this.context.subjectPrefix.length + 1),
      payload: message.string(),
      deliveryCount: message.info.deliveryCount,
    }
  }
}
