import type { EventStore, MailQueue } from '@donaciones/kit'

/** What a donation command runs with: the service's store and mail outbox, and who asked. */
export interface DonationCommandContext {
  store: EventStore
  /** The service's mail outbox: donor mails are queued with the events they answer. */
  mail: MailQueue
  /** The request id (or the job's run id). */
  correlationId: string
  actor: string | null
}
