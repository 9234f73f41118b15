import { execFileSync } from 'node:child_process'
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort, waitUntil } from '../../support/processes.ts'
import { postgresBinDir } from './engine-binaries.ts'

/** A PostgreSQL cluster owned by the test (temp dir, own port), which it may stop and restart. */
export interface PostgresEngine {
  url: string
  stop(): void
  start(): Promise<void>
  destroy(): void
}

const runningAsRoot = process.getuid?.() === 0

/** initdb and postgres refuse to run as root: run them as the `postgres` user then. */
function run(binary: string, args: string[]): void {
  const [command, commandArgs] = runningAsRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args]
  execFileSync(command, commandArgs, { stdio: 'pipe', timeout: 60_000, cwd: tmpdir() })
}

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
  const binDir = postgresBinDir()
  if (!binDir) throw new Error('PostgreSQL no está instalado (initdb, pg_ctl)')
  const root = mkdtempSync(join(tmpdir(), 'faults-pg-'))
  const dataDir = join(root, 'data')
  const logFile = join(root, 'postgres.log')
  if (runningAsRoot) {
    const { uid, gid } = postgresIds()
    chownSync(root, uid, gid)
  }
  chmodSync(root, 0o700)
  const port = await freePort()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  run(join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'])
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`

  async function start(): Promise<void> {
    run(join(binDir as string, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start'])
    await waitUntil(() => accepting(url), 30_000, `PostgreSQL en ${url}`)
  }
  function stop(): void {
    run(join(binDir as string, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop'])
  }

  await start()
  return {
    url,
    start,
    stop,
    destroy() {
      try {
        stop()
      } catch {
        // Already stopped.
      }
      rmSync(root, { recursive: true, force: true })
    },
  }
}

function postgresIds(): { uid: number; gid: number } {
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim()))
  return { uid: uid as number, gid: gid as number }
}
