import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { runCommand } from './command.ts'
import { ensureCommands, onPath } from './install.ts'
import { startApiSocket, type ApiSocket } from './api-socket.ts'

/** The project's engine settings for podman (runc, cgroupfs, no default ulimits): see containers.conf. */
export const containersConf = resolve(import.meta.dirname, 'containers.conf')

export interface Engine {
  name: 'podman' | 'docker'
  /** The engine's CLI. */
  bin: string
  /** Environment for the engine's CLI and for compose. */
  env: NodeJS.ProcessEnv
  /** How compose is started: command and leading arguments (`docker compose`, or docker-compose on podman's socket). */
  compose: { bin: string; args: string[] }
  /** Podman without systemd never runs HEALTHCHECKs on its own: the test must (health-driver.ts). */
  drivesHealthChecks: boolean
  close(): Promise<void>
}

async function dockerDaemonAnswers(): Promise<boolean> {
  if (!(await onPath('docker'))) return false
  return (await runCommand('docker', ['info', '--format', '{{.ServerVersion}}'], { timeoutMs: 20_000 })).code === 0
}

async function dockerCompose(env: NodeJS.ProcessEnv): Promise<{ bin: string; args: string[] }> {
  if ((await runCommand('docker', ['compose', 'version'], { env, timeoutMs: 20_000 })).code === 0) return { bin: 'docker', args: ['compose'] }
  await ensureCommands({ 'docker-compose': 'docker-compose' })
  return { bin: 'docker-compose', args: [] }
}

/**
 * Podman (installed from Debian when there is no engine), or Docker when only its daemon answers.
 * Podman is preferred: it needs no daemon, and a `docker` client may be installed without one.
 */
export async function openEngine(): Promise<Engine> {
  const podmanThere = await onPath('podman')
  if (!podmanThere && (await dockerDaemonAnswers())) {
    const env = { ...process.env }
    return { name: 'docker', bin: 'docker', env, compose: await dockerCompose(env), drivesHealthChecks: false, close: async () => undefined }
  }
  await ensureCommands({ podman: 'podman', runc: 'runc', 'docker-compose': 'docker-compose' })
  const env: NodeJS.ProcessEnv = { ...process.env, CONTAINERS_CONF: containersConf }
  const info = await runCommand('podman', ['info', '--format', '{{.Host.OCIRuntime.Name}} {{.Host.CgroupManager}}'], { env, timeoutMs: 60_000 })
  if (info.code !== 0) throw new Error(`podman no funciona con ${containersConf}:\n${info.stderr}`)
  const socket: ApiSocket = await startApiSocket(join(mkdtempSync(join(tmpdir(), 'donaciones-podman-')), 'podman.sock'), env)
  return {
    name: 'podman',
    bin: 'podman',
    env: { ...env, DOCKER_HOST: socket.url },
    compose: { bin: 'docker-compose', args: [] },
    drivesHealthChecks: true,
    close: () => socket.close(),
  }
}
