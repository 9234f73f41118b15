import type { Bus } from '../src/bus/bus.ts'
import { createInProcessBus, createNatsBus } from '../src/bus/index.ts'
import type { SqlDatabase } from '../src/db/index.ts'
import { databaseEngines, realEngines, uniqueName, type DatabaseEngine } from './engines.ts'

export interface BusEngine {
  name: 'in-process' | 'nats'
  /** Opens a bus of its own (fresh stream or schema) on `db`; `dispose` removes what it made. */
  open(db: SqlDatabase): Promise<{ bus: Bus; dispose(): Promise<void> }>
}

const inProcess: BusEngine = {
  name: 'in-process',
  async open(db) {
    const bus = await createInProcessBus({ db, schema: uniqueName('bus'), pollIntervalMs: 50, redeliveryDelayMs: 50 })
    return { bus, dispose: () => bus.close() }
  },
}

const nats: BusEngine = {
  name: 'nats',
  async open() {
    const bus = await createNatsBus({
      servers: realEngines.natsUrl as string,
      stream: uniqueName('TEST').toUpperCase(),
      subjectPrefix: uniqueName('t'),
      redeliveryDelayMs: 50,
    })
    return {
      bus,
      async dispose() {
        await bus.deleteStream()
        await bus.close()
      },
    }
  },
}

/** The pairs the end-to-end messaging suites run on: embedded (PGlite + in-process), and real (PostgreSQL + NATS). */
export const messagingEngines: { name: string; database: DatabaseEngine; bus: BusEngine }[] = [
  ...databaseEngines.flatMap((database) => {
    if (database.name === 'pglite') return [{ name: 'pglite + in-process bus', database, bus: inProcess }]
    return realEngines.natsUrl ? [{ name: 'postgres + nats', database, bus: nats }] : []
  }),
]
