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
}

/** MAIL_RETRY_MAX_MS caps the wait between two attempts (default 5 min). */
function retryDelayFromEnv(env = process.env): (attempt: number) => number {
  const max = Number(env.MAIL_RETRY_MAX_MS)
  const first = Number(env.MAIL_RETRY_FIRST_MS)
  return (attempt) => mailRetryDelay(attempt, first > 0 ? first : undefined, max > 0 ? max : undefined)
}

export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { db, schema, deliver, logger } = options
  const sender = deliver ? new MailOutboxSender({ db, schema, deliver, logger, retryDelay: retryDelayFromEnv() }) : undefined
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
