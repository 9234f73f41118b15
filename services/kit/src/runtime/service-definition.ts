import type { Router } from 'express'
import type { EventDefinition, ServiceName } from '@donaciones/contracts'
import type { Bus } from '../bus/bus.ts'
import type { Migration, SqlDatabase } from '../db/index.ts'
import type { EventStore } from '../eventstore/event-store.ts'
import type { ChangeSource } from '../http/public-cache.ts'
import type { Projection } from '../eventstore/projection.ts'
import type { Logger } from '../http/index.ts'
import type { MailQueue, OutboxMail } from '../mail/mail-queue.ts'
import type { ServiceDirectory } from './service-directory.ts'
import type { SessionAuth } from './session-auth.ts'
import type { Settings } from './settings.ts'

export interface ServiceContext {
  name: ServiceName
  db: SqlDatabase
  bus: Bus
  store: EventStore
  /** Tells when the service's data may have changed (`publicCacheFor(changes)`); see the kit's ChangeFeed. */
  changes: ChangeSource
  logger: Logger
  /** Token checks (signature, then session state at the identity service). */
  auth: SessionAuth
  /** Where the other services answer internal calls. */
  directory: ServiceDirectory
  /** Local folder for files a service keeps outside the database (mail outbox, generated keys); absent when none. */
  dataDir: string | undefined
  /** The environment, parsed once when the service started. */
  settings: Settings
  /** The service's mail outbox: queue messages inside the transaction of the change that causes them. */
  mail: MailQueue
}

/** What a service declares; the kit wires the store, relay, consumer and HTTP app around it. */
export interface ServiceDefinition {
  name: ServiceName
  /** Its own events (from contracts); the relay publishes them. */
  events: readonly EventDefinition[]
  projections: readonly Projection[]
  /**
   * Its private tables (not projections: replay neither drops nor rebuilds them) and their later
   * changes, applied once each in order when the service starts (kit runMigrations).
   */
  migrations?: readonly Migration[]
  routes(context: ServiceContext): Router
  /** One-time setup after the store exists (e.g. key material). */
  setup?(context: ServiceContext): Promise<void>
  /** Hands one queued message to the next hop (the content service, or SMTP there); without it nothing is sent. */
  deliverMail?(context: ServiceContext, mail: OutboxMail): Promise<void>
  /** Stops what `setup` started (timers, jobs); called before the consumer and relay stop. */
  stop?(context: ServiceContext): Promise<void>
}
