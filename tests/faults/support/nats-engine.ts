import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { connect } from 'nats'
import { freePort, waitUntil } from '../../support/processes.ts'
import { natsServerBinary } from '@donaciones/kit/testing'

/** A nats-server with JetStream owned by the test: stopped and started again on the same port and store. */
export interface NatsEngine {
  url: string
  stop(): Promise<void>
  start(): Promise<void>
  destroy(): Promise<void>
}

async function reachable(url: string): Promise<boolean> {
  const connection = await connect({ servers: url, reconnect: false, timeout: 1000 })
  await connection.close()
  return true
}

export async function startNatsEngine(): Promise<NatsEngine> {
  const storeDir = mkdtempSync(join(tmpdir(), 'faults-nats-'))
  const port = await freePort()
  const url = `nats://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  let output = ''

  async function start(): Promise<void> {
    output = ''
    child = spawn(natsServerBinary() ?? 'nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const started = child
    await waitUntil(async () => {
      if (started.exitCode !== null) throw new Error(`nats-server terminó: ${output}`)
      return reachable(url)
    }, 15_000, `nats-server en ${url}`)
  }

  async function stop(): Promise<void> {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null) return
    const exited = new Promise((done) => running.once('exit', done))
    running.kill('SIGTERM')
    await exited
  }

  await start()
  return {
    url,
    start,
    stop,
    async destroy() {
      await stop()
      rmSync(storeDir, { recursive: true, force: true })
    },
  }
}
