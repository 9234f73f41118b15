/** A message as published: `id` is the event id and the deduplication key. */
export interface OutgoingMessage {
  id: string
  subject: string
  payload: string
}

export interface DeliveredMessage extends OutgoingMessage {
  /** 1 on first delivery, more on redelivery. */
  deliveryCount: number
}

/** Resolving acknowledges the message; throwing makes the bus deliver it again later. */
export type MessageHandler = (message: DeliveredMessage) => Promise<void>

export interface SubscribeOptions {
  /** Durable consumer name; subscribers sharing it split the messages between them (each goes to one). */
  durable: string
  /** NATS-style subject filters (`*` one token, `>` the rest). */
  subjects: readonly string[]
  handler: MessageHandler
  /** Time before an unacknowledged message is delivered again. */
  ackWaitMs?: number
}

/**
 * Called once for each message observed. It runs on the bus's own delivery path: it should return
 * quickly and must not throw (nothing is acknowledged or delivered again).
 */
export type ObservationHandler = (message: OutgoingMessage) => void

export interface Subscription {
  /** Stops taking new messages and waits for the ones being handled. */
  stop(): Promise<void>
}

export interface Bus {
  /** Resolves once the bus has stored the message durably; a second publish of the same id is a no-op. */
  publish(message: OutgoingMessage): Promise<void>
  /** `publish` for each message, in order; the in-process bus stores them in one statement. */
  publishAll(messages: readonly OutgoingMessage[]): Promise<void>
  subscribe(options: SubscribeOptions): Promise<Subscription>
  /**
   * Every process observing gets every message published on `subjects` (NATS-style filters) after
   * the returned promise resolved: no acknowledgement, no redelivery, no durable state (a message
   * published while nobody observes is missed, and one published twice may be observed twice).
   * For hints such as "this data changed", never for work that must be done.
   */
  observe(subjects: readonly string[], handler: ObservationHandler): Promise<Subscription>
  /**
   * How many messages on `filter` the durable consumer has yet to acknowledge (delivered or not),
   * from the bus's own positions: nothing is read or counted message by message, so it is cheap
   * to ask on every scrape or probe. Undefined when the bus cannot tell right now (unreachable).
   */
  pending(durable: string, filter: string): Promise<number | undefined>
  close(): Promise<void>
}
