import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, connect as connectTcp } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from 'nats'
import { afterEach, describe, expect, it } from 'vitest'
import { natsServerBinary, realEngines, skipWithout, uniqueName } from '../../testing/engines.ts'
import type { DeliveredMessage, OutgoingMessage } from './bus.ts'
import { createNatsBus, natsServerList, type NatsBus } from './nats-bus.ts'
import { consumerName } from './nats-consumer.ts'

// Failure handling needs a server this test may stop and delete things on, so it starts its own
// nats-server when the NATS tests are on (NATS_URL); with REQUIRE_REAL_ENGINES=1 a missing binary fails.
const natsServer = natsServerBinary()
const skipPrivateServer = !realEngines.natsUrl || skipWithout(natsServer ? undefined : 'no se encontró nats-server (PATH, /usr/sbin)')

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

class PrivateNatsServer {
  private process: ChildProcess | null = null
  private constructor(
    readonly port: number,
    private readonly storeDir: string,
  ) {}

  static async start(): Promise<PrivateNatsServer> {
    const server = new PrivateNatsServer(await freePort(), await mkdtemp(join(tmpdir(), 'nats-bus-test-')))
    await server.restart()
    return server
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`
  }

  async restart(): Promise<void> {
    await this.stop()
    this.process = spawn(natsServer as string, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir], { stdio: 'ignore' })
    await waitFor(() => accepting(this.port), 'nats-server to accept connections')
  }

  async stop(): Promise<void> {
    const child = this.process
    if (!child || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    this.process = null
  }

  async destroy(): Promise<void> {
    await this.stop()
    await rm(this.storeDir, { recursive: true, force: true })
  }
}

function message(subject: string): OutgoingMessage {
  return { id: randomUUID(), subject, payload: '{}' }
}

/** Publishes like the outbox relay: retried until the server acknowledges it. */
async function publishEventually(bus: NatsBus, outgoing: OutgoingMessage): Promise<void> {
  await waitFor(
    () =>
      bus.publish(outgoing).then(
        () => true,
        () => false,
      ),
    'a publish acknowledgement',
  )
}

describe.skipIf(skipPrivateServer)('nats bus failure handling (private nats-server)', () => {
  let server: PrivateNatsServer | null = null
  let bus: NatsBus | null = null
  afterEach(async () => {
    await bus?.close()
    await server?.destroy()
    bus = null
    server = null
  })

  async function setUp(): Promise<{ bus: NatsBus; received: DeliveredMessage[]; durable: string }> {
    server = await PrivateNatsServer.start()
    bus = await createNatsBus({ servers: server.url, stream: uniqueName('RECONNECT'), redeliveryDelayMs: 50 })
    const received: DeliveredMessage[] = []
    const durable = uniqueName('durable')
    await bus.subscribe({ durable, subjects: ['donations.>'], handler: async (m) => void received.push(m) })
    return { bus, received, durable }
  }

  it('keeps consuming after the server restarts', async () => {
    const { bus, received } = await setUp()
    const before = message('donations.d1.created')
    await bus.publish(before)
    await waitFor(() => received.length === 1, 'the first message')

    await server!.restart()
    const after = message('donations.d2.created')
    await publishEventually(bus, after)
    await waitFor(() => received.some((m) => m.id === after.id), 'a message published after the restart')
    expect(received.map((m) => m.id)).toEqual([before.id, after.id])
  })

  it('recreates a consumer deleted from under it', async () => {
    const { bus, received, durable } = await setUp()
    const first = message('donations.d1.created')
    await bus.publish(first)
    await waitFor(() => received.length === 1, 'the first message')

    const admin = await connect({ servers: server!.url })
    const jsm = await admin.jetstreamManager()
    const [stream] = await jsm.streams.names().next()
    await jsm.consumers.delete(stream!, consumerName(durable, 'donations.>'))
    await admin.close()

    const second = message('donations.d2.created')
    await bus.publish(second)
    // A recreated consumer starts from the beginning of the stream, as a replay would.
    await waitFor(() => received.some((m) => m.id === second.id), 'a message after the consumer was deleted')
  })
})

describe('NATS_URL listing a cluster’s nodes', () => {
  it('reads servers separated by commas, with or without spaces, and lists as given', () => {
    expect(natsServerList('nats://nats:4222,nats://nats-2:4222, nats://nats-3:4222')).toEqual(['nats://nats:4222', 'nats://nats-2:4222', 'nats://nats-3:4222'])
    expect(natsServerList('nats://127.0.0.1:4222')).toEqual(['nats://127.0.0.1:4222'])
    expect(natsServerList(['nats://a:4222', 'nats://b:4222,nats://c:4222'])).toEqual(['nats://a:4222', 'nats://b:4222', 'nats://c:4222'])
  })

  it.runIf(realEngines.natsUrl)('connects through a list whose other node does not answer', async () => {
    // A port nothing listens on (freePort closes what it opened), listed last: the client, read
    // whole, would take the text after the last "://" for the one server.
    const closed = await freePort()
    const bus = await createNatsBus({ servers: `${realEngines.natsUrl as string},nats://127.0.0.1:${closed}`, stream: uniqueName('LIST') })
    try {
      const received: DeliveredMessage[] = []
      await bus.subscribe({ durable: uniqueName('durable'), subjects: ['donations.>'], handler: async (m) => void received.push(m) })
      await bus.publish(message('donations.d1.created'))
      await waitFor(() => received.length === 1, 'the message through the listed server that answers')
    } finally {
      await bus.deleteStream()
      await bus.close()
    }
  })
})

describe.runIf(realEngines.natsUrl)('nats bus stream creation', () => {
  it('creates a missing stream with the replicas it is given (a single server refuses more than 1)', async () => {
    const stream = uniqueName('REPLICAS')
    const bus = await createNatsBus({ servers: realEngines.natsUrl as string, stream, replicas: 1 })
    const connection = await connect({ servers: realEngines.natsUrl as string })
    try {
      const info = await (await connection.jetstreamManager()).streams.info(stream)
      expect(info.config.num_replicas).toBe(1)
      await expect(createNatsBus({ servers: realEngines.natsUrl as string, stream: uniqueName('REPLICAS'), replicas: 3 })).rejects.toThrow(/replicas/i)
    } finally {
      await bus.deleteStream()
      await bus.close()
      await connection.close()
    }
  })
})
