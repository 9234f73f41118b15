/** What the code says the deployment must provide: processes, entry points, config readers. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ServiceName } from '@donaciones/contracts'
import { readServiceProcessConfig, readSettings } from '@donaciones/kit'
import { readDistributedGatewayConfig, repositoryRoot } from '@donaciones/gateway'
import { allServices } from '@donaciones/platform'
import { loadEncryptionKey } from '../../../services/content/src/secrets/secret-box.ts'

export type ProcessName = ServiceName | 'gateway'

export const serviceNames: readonly ServiceName[] = allServices.map((service) => service.name)
export const processNames: readonly ProcessName[] = ['gateway', ...serviceNames]

export function readRepoFile(path: string): string {
  return readFileSync(join(repositoryRoot, path), 'utf8')
}

function packageJson(path: string): { scripts?: Record<string, string> } {
  return JSON.parse(readRepoFile(path)) as { scripts?: Record<string, string> }
}

function workspaceOf(name: ProcessName): string {
  return name === 'gateway' ? 'gateway' : `services/${name}`
}

/** `tsx <file>` as the process's workspace `start` script runs it, relative to the repository root. */
export function entryCommand(name: ProcessName): string[] {
  const start = packageJson(`${workspaceOf(name)}/package.json`).scripts?.start ?? ''
  const [runner, file, ...rest] = start.split(/\s+/)
  return [runner ?? '', `${workspaceOf(name)}/${file ?? ''}`, ...rest]
}

/** A root script (`replay`, `reconcile`) as words. */
export function rootScript(name: string): string[] {
  return (packageJson('package.json').scripts?.[name] ?? '').split(/\s+/).filter(Boolean)
}

export function projectionsOf(service: string): string[] {
  return allServices.find((candidate) => candidate.name === service)?.projections.map((projection) => projection.name) ?? []
}

export interface ProcessConfig {
  port: number
  /** The gateway's separate /metrics listener (METRICS_PORT), when set. */
  metricsPort?: number
  host: string
  serviceUrls: Record<ServiceName, string[]>
  natsStream?: string
  subjectPrefix?: string
  natsUrl?: string
  databaseUrl?: string
}

/**
 * Reads the process's configuration from `env` with the code's own readers; throws (as the process
 * would at start) when a required variable is missing or invalid.
 */
export async function readProcessConfig(name: ProcessName, env: NodeJS.ProcessEnv): Promise<ProcessConfig> {
  const settings = readSettings(env)
  if (name === 'gateway') return readDistributedGatewayConfig(settings)
  const config = readServiceProcessConfig(name, settings)
  if (name === 'content') await loadEncryptionKey({ configured: settings.CONFIG_ENCRYPTION_KEY, dataDir: config.dataDir, dialect: 'pg' })
  return config
}

/** The bus's duplicate window (services/kit/src/bus/nats-bus.ts), which a pre-created stream must match. */
export function busDuplicateWindowMs(): number {
  const match = /DUPLICATE_WINDOW_MS\s*=\s*([\d_\s*]+)\n/.exec(readRepoFile('services/kit/src/bus/nats-bus.ts'))
  if (!match) throw new Error('DUPLICATE_WINDOW_MS not found in the NATS bus')
  return match[1]!.split('*').reduce((product, factor) => product * Number(factor.trim().replace(/_/g, '')), 1)
}
