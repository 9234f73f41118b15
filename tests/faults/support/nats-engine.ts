import { connect } from 'nats'
import { freePort, waitUntil } from '../../support/processes.ts'
import { startEngineContainer, suiteImages } from './engine-containers.ts'

/** A NATS JetStream owned by the test (a container of the compose file's image): stopped and started again on the same port and store. */
export interface NatsEngine {
  url: string
  stop(): Promise<void>
  start(): Promise<void>
  /** Whether it takes a connection now (false while stopped). */
  answers(): Promise<boolean>
  destroy(): Promise<void>
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
    image: suiteImages().natsImage,
    command: ['-js', '-sd', '/data', '-a', '127.0.0.1', '-p', String(port)],
    stopTimeoutMs: 30_000,
  })
  const ready = async () => {
    try {
      await waitUntil(() => reachable(url), 60_000, `nats-server en ${url}`)
    } catch (error) {
      throw new Error(`${String(error)}\n${(await container.logs()).slice(-2_000)}`)
    }
  }
  await ready()
  return {
    url,
    stop: () => container.stop(),
    async start() {
      await container.start()
      await ready()
    },
    answers: () => reachable(url).catch(() => false),
    destroy: () => container.destroy(),
  }
}
