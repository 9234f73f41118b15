import type { Express } from 'express'
import type { Bus } from '../bus/bus.ts'
import { runMigrations, setUpSchemaExclusively, type SqlDatabase } from '../db/index.ts'
import { EventStore } from '../eventstore/event-store.ts'
import { createServiceApp, finishServiceApp, type Logger } from '../http/index.ts'
import { createMailQueue } from '../mail/mail-queue.ts'
import { createMailOutboxTable } from '../mail/outbox.ts'
import { startChangeFeed } from '../messaging/change-feed.ts'
import { OutboxRelay } from '../messaging/outbox-relay.ts'
import { ProjectionConsumer } from '../messaging/projection-consumer.ts'
import { projectionLagCheck } from './projection-readiness.ts'
import type { ServiceContext, ServiceDefinition } from './service-definition.ts'
import type { ServiceDirectory } from './service-directory.ts'
import { createSessionAuth } from './session-auth.ts'
import { readSettings, type Settings } from './settings.ts'

export interface ServiceRuntimeOptions {
  definition: ServiceDefinition
  db: SqlDatabase
  bus: Bus
  logger: Logger
  /** The parsed environment; read when the service starts when not given (tests set process.env first). */
  settings?: Settings
  /** PostgreSQL schema of the service; defaults to its name. */
  schema?: string
  relayPollIntervalMs?: number
  directory: ServiceDirectory
  dataDir?: string
  /** express 'trust proxy' for the service app (default 'loopback'). */
  trustProxy?: boolean | number | string
  /** False when a gateway in the same process logs every request already. */
  accessLog?: boolean
}

export interface ServiceRuntime {
  context: ServiceContext
  app: Express
  relay: OutboxRelay
  consumer: ProjectionConsumer
  /** Stops consuming and relaying; the caller closes the database and bus it passed in. */
  stop(): Promise<void>
}

export async function startServiceRuntime(options: ServiceRuntimeOptions): Promise<ServiceRuntime> {
  const { definition, db, bus } = options
  const logger = options.logger.child({ component: definition.name })
  const consumed = definition.projections.flatMap((projection) => projection.handles)
  const settings = options.settings ?? readSettings()
  const schema = options.schema ?? definition.name
  const store = new EventStore({
    db,
    schema,
    service: definition.name,
    definitions: [...definition.events, ...consumed],
    projections: definition.projections,
  })
  const { deliverMail } = definition
  const consumer = new ProjectionConsumer({
    store,
    bus,
    projections: definition.projections,
  })
  // Heard from the start: a change made while the service starts must not leave a document behind.
  const changes = await startChangeFeed({ store, bus, consumer })
  const context: ServiceContext = {
    name: definition.name,
    db,
    bus,
    store,
    changes,
    logger,
    auth: createSessionAuth(options.directory),
    directory: options.directory,
    dataDir: options.dataDir,
    settings,
    mail: createMailQueue({
      db,
      schema,
      logger,
      deliver: deliverMail ? (mail) => deliverMail(context, mail) : undefined,
      retry: { firstMs: settings.MAIL_RETRY_FIRST_MS, maxMs: settings.MAIL_RETRY_MAX_MS },
    }),
  }
  // Replicas starting together would race on creating the same tables.
  await setUpSchemaExclusively(db, schema, async () => {
    await store.init()
    await createMailOutboxTable(db, schema)
    if (definition.migrations) await runMigrations(db, schema, definition.migrations)
    await definition.setup?.(context)
    await consumer.setup()
  })
  await consumer.start()
  const relay = new OutboxRelay({
    store,
    bus,
    definitions: definition.events,
    ...(options.relayPollIntervalMs ? { pollIntervalMs: options.relayPollIntervalMs } : {}),
    onError: (error) => logger.error({ err: error }, 'Error del relevo de eventos'),
  })
  relay.start()
  context.mail.start()

  const app = createServiceApp({
    name: definition.name,
    logger,
    readiness: { database: () => db.query('select 1'), projections: projectionLagCheck(consumer, settings.READY_MAX_PROJECTION_LAG) },
    accessLog: options.accessLog ?? true,
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
  })
  app.use(definition.routes(context))
  finishServiceApp(app)

  return {
    context,
    app,
    relay,
    consumer,
    async stop() {
      await definition.stop?.(context)
      await context.mail.stop()
      await consumer.stop()
      await relay.stop()
      await changes.stop()
    },
  }
}
