import { randomBytes } from 'node:crypto'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

export const repositoryRoot = resolve(import.meta.dirname, '../..')

/**
 * Ports for test servers started as child processes, which must be told their port. They come from
 * below Linux's ephemeral range (32768 and up), so no server binding port 0 and no outgoing
 * connection takes one between this check and the child's bind, and each vitest worker
 * (VITEST_POOL_ID) draws from its own block of a thousand, so two workers never hand out the same
 * one. The block starts at a random place: a second run at the same time rarely meets this one.
 */
const portBlockSize = 1000
const envInteger = (name: string): number => Number(process.env[name] ?? 0) || 0
// A suite run beside another (CI runs the fault suite beside the Node.js 24 one) shifts its
// workers' blocks with TEST_PORT_BLOCK_SHIFT, so the two never draw from the same block.
const portBlockStart = 20_000 + ((envInteger('VITEST_POOL_ID') + envInteger('TEST_PORT_BLOCK_SHIFT')) % 12) * portBlockSize
let nextPortInBlock = Math.floor(Math.random() * portBlockSize)

async function canListenOn(port: number): Promise<boolean> {
  const server = createServer()
  const listening = await new Promise<boolean>((done) => {
    server.once('error', () => done(false))
    server.listen(port, '127.0.0.1', () => done(true))
  })
  if (listening) await new Promise<void>((done) => server.close(() => done()))
  return listening
}

export async function freePort(): Promise<number> {
  for (let tried = 0; tried < portBlockSize; tried += 1) {
    const port = portBlockStart + (nextPortInBlock++ % portBlockSize)
    if (await canListenOn(port)) return port
  }
  throw new Error(`Ningún puerto libre entre ${portBlockStart} y ${portBlockStart + portBlockSize - 1}`)
}

/** `count` free ports, all different. */
export async function distinctFreePorts(count: number): Promise<number[]> {
  const ports: number[] = []
  while (ports.length < count) ports.push(await freePort())
  return ports
}

export interface RunningProcess {
  child: ChildProcess
  /** stdout and stderr as they arrived. */
  output(): string
  stdout(): string
  stderr(): string
  exited: Promise<number | null>
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/** Every child still running, killed when the test process ends: a test that timed out while one started leaves none behind. */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/** Runs a TypeScript entry point of the repository with tsx, as `npm start` would. */
export function runScript(entry: string, args: string[], env: NodeJS.ProcessEnv, nodeArgs: string[] = []): RunningProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', resolve(repositoryRoot, entry), ...args], {
    cwd: repositoryRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let output = ''
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    stdout += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    stderr += chunk.toString()
  })
  // 'close', not 'exit': the pipes may still hold the last lines when the process exits.
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)))
  return {
    child,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`)
    await new Promise((done) => setTimeout(done, 100))
  }
}

export async function waitForHttp(url: string, timeoutMs = 60_000, process?: RunningProcess): Promise<void> {
  let exitedEarly = false
  await waitUntil(
    async () => {
      // waitUntil treats a failing check as "not yet": a process that exited is a stop, not a wait.
      if (process && process.child.exitCode !== null) return (exitedEarly = true)
      return (await fetch(url)).ok
    },
    timeoutMs,
    url,
  )
  if (exitedEarly && process) throw new Error(`El proceso terminó antes de responder en ${url}: ${process.output()}`)
}

/**
 * The environment shared by every process of one distributed platform on shared engines: its own
 * schemas, stream and subjects (under `prefix`), internal token and encryption key.
 */
export function isolatedPlatformEnv(prefix: string, engines: { databaseUrl: string; natsUrl: string }) {
  return {
    DATABASE_URL: engines.databaseUrl,
    NATS_URL: engines.natsUrl,
    DB_SCHEMA_PREFIX: prefix,
    NATS_STREAM: prefix.toUpperCase(),
    EVENT_SUBJECT_PREFIX: prefix,
    INTERNAL_TOKEN: randomBytes(16).toString('hex'),
    CONFIG_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  }
}

export interface PlatformProcess {
  url: string
  port: number
  process: RunningProcess
}

/**
 * `npm start` in a process of its own (the embedded platform, as a newcomer runs it), ready once
 * `/readyz` answers. `env` is its environment on top of the runner's; a failed start throws with
 * the process's output.
 */
export async function startPlatformProcess(env: Record<string, string>, port?: number): Promise<PlatformProcess> {
  const chosen = port ?? (await freePort())
  const child = runScript('platform/src/embedded.ts', [], { HOST: '127.0.0.1', ...env, PORT: String(chosen) })
  const url = `http://127.0.0.1:${chosen}`
  try {
    await waitForHttp(`${url}/readyz`, 90_000, child)
  } catch (error) {
    await child.stop('SIGKILL')
    // A free port found here can be taken by another process (any listener on port 0) before the
    // platform binds it: a port this function chose is chosen again.
    if (port === undefined && child.output().includes('EADDRINUSE')) return startPlatformProcess(env)
    throw error
  }
  return { url, port: chosen, process: child }
}
