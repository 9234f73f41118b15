import pg from 'pg'
import { freePort } from '../../support/processes.ts'
import { startEngineContainer, type EngineContainer } from './engine-containers.ts'

/** A PostgreSQL owned by the test (a container of the compose file's image, on its own port), which it may stop and restart. */
export interface PostgresEngine extends EngineContainer {
  url: string
}

const password = 'fallas'

async function accepting(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } finally {
    await client.end().catch(() => undefined)
  }
}

export async function startPostgresEngine(): Promise<PostgresEngine> {
  const port = await freePort()
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`
  // The image's entrypoint creates the cluster on first start; durability is not what these scenarios test.
  const settings = { port, listen_addresses: '127.0.0.1', fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: 200 }
  const container = await startEngineContainer({
    engine: 'postgres',
    command: ['postgres', ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
    environment: { POSTGRES_PASSWORD: password },
    stopTimeoutMs: 60_000,
    probe: () => accepting(url),
    what: `PostgreSQL en ${url}`,
    readyWithinMs: 120_000,
  })
  return { url, ...container }
}
