import type { SqlDatabase, SqlExecutor } from '../db/index.ts'
import type { Logger } from '../http/index.ts'
import { enqueueMail, MailOutboxSender, mailRetryDelay, undeliveredMail, type OutboxMail, type UndeliveredMail } from './outbox.ts'

export type { OutboxMail, UndeliveredMail } from './outbox.ts'

/** A service's handle on its mail outbox (see outbox.ts). */
export interface MailQueue {
  /** Queues a message inside `tx`; call `kick` once the transaction has committed. */
  enqueue(tx: SqlExecutor, mail: { id?: string; kind: string; payload: unknown }): Promise<string>
  /** Delivers what is due now instead of at the next poll. */
  kick(): void
  /** Messages still undelivered that were queued longer ago than `olderThanMs`. */
  undelivered(olderThanMs: number): Promise<UndeliveredMail[]>
  /** Waits for a delivery round in progress, then delivers everything due now (tests). */
  drain(): Promise<void>
  start(): void
  stop(): Promise<void>
}

export interface MailQueueOptions {
  db: SqlDatabase
  schema: string
  /** Without it the queue only records (a job outside the service); the service's own queue delivers. */
  deliver?: ((mail: OutboxMail) => Promise<void>) | undefined
  logger?: Logger | undefined
  /** Wait before the first retry, doubling up to `maxMs` (MAIL_RETRY_FIRST_MS, MAIL_RETRY_MAX_MS); mailRetryDelay's defaults without it. */
  retry?: { firstMs: number; maxMs: number }
}

export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { db, schema, deliver, logger, retry } = options
  const retryDelay = retry ? (attempt: number) => mailRetryDelay(attempt, retry.firstMs, retry.maxMs) : mailRetryDelay
  const sender = deliver ? new MailOutboxSender({ db, schema, deliver, logger, retryDelay }) : undefined
  return {
    // Queuing works without a sender too (a command-line job): the running service delivers it.
    enqueue: (tx, mail) => enqueueMail(tx, schema, mail),
    kick: () => sender?.kick(),
    undelivered: (olderThanMs) => undeliveredMail(db, schema, new Date(Date.now() - olderThanMs)),
    drain: async () => sender?.settle(),
    start: () => sender?.start(),
    stop: async () => sender?.stop(),
  }
}
