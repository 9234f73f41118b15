import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { natsServerBinary } from '@donaciones/kit/testing'


/** The directory holding initdb and pg_ctl: `pg_config --bindir`, else the newest /usr/lib/postgresql/<n>/bin. */
export function postgresBinDir(): string | undefined {
  const candidates: string[] = []
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim())
  } catch {
    // pg_config is not installed; look in the Debian layout.
  }
  const debianRoot = '/usr/lib/postgresql'
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a))
    candidates.push(...versions.map((version) => join(debianRoot, version, 'bin')))
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')))
}

/** Why the fault suite cannot run here, or undefined when both engines' binaries exist. */
export function missingEngineBinaries(): string | undefined {
  if (!natsServerBinary()) return 'no se encontró nats-server (PATH, /usr/sbin)'
  if (!postgresBinDir()) return 'no se encontraron initdb ni pg_ctl de PostgreSQL'
  return undefined
}
