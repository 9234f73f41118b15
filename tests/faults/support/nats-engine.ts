import { connect } from 'nats'
import { freePort } from '../../support/processes.ts'
import { startEngineContainer, type EngineContainer } from './engine-containers.ts'

/** A NATS JetStream owned by the test (a container of the compose file's image): stopped and started again on the same port and store. */
export interface NatsEngine extends EngineContainer {
  url: string
}

async function reachable(url: string): Promise<boolean> {
  const connection = await connect({ servers: url, reconnect: false, timeout: 1000 })
  await connection.close()
  return true
}

export async function startNatsEngine(): Promise<NatsEngine> {
  const port = await freePort()
  const url = `nats://127.0.0.1:${port}`
  // As the compose file runs it (JetStream stored in /data), on a port of its own on the host's network.
  const container = await startEngineContainer({
    engine: 'nats',
    command: ['-js', '-sd', '/data', '-a', '127.0.0.1', '-p', String(port)],
    stopTimeoutMs: 30_000,
    probe: () => reachable(url),
    what: `nats-server en ${url}`,
    readyWithinMs: 60_000,
  })
  return { url, ...container }
}
