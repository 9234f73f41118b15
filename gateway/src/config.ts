import { resolve } from 'node:path'
import type { ServiceName } from '@donaciones/contracts'
import { serviceUrlsFromEnv } from '@donaciones/kit'

/** A listening port from the environment; 0 lets the system pick one. */
export function portFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`PORT no válido: "${value}"`)
  return parsed
}

function requiredEnv(name: string, env: NodeJS.ProcessEnv): string {
  const value = env[name]
  if (!value) throw new Error(`Falta la variable de entorno ${name}`)
  return value
}

/** METRICS_PORT: the gateway's `/metrics` on a listener of its own; unset, only loopback peers may read it. */
export function metricsPortFromEnv(env: NodeJS.ProcessEnv): { metricsPort?: number } {
  const value = env.METRICS_PORT
  if (value === undefined || value === '') return {}
  const parsed = portFromEnv(value, 0)
  if (parsed === 0) throw new Error(`METRICS_PORT no válido: "${value}"`)
  return { metricsPort: parsed }
}

export const repositoryRoot = resolve(import.meta.dirname, '../..')

/** FRONTEND_DIR, or the front ends' build folder of the repository. */
export function frontendDirFromEnv(env = process.env): string {
  return resolve(env.FRONTEND_DIR ?? resolve(repositoryRoot, 'frontends/dist'))
}

/**
 * PUBLIC_URL without its trailing slash: the origin of every absolute link the gateway writes
 * (sharing tags, canonical links, sitemap), never the request's Host header.
 */
export function publicUrlFromEnv(env: NodeJS.ProcessEnv, port: number): string {
  return (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '')
}

export interface DistributedGatewayConfig {
  port: number
  host: string
  frontendDir: string
  publicUrl: string
  /** Each service's replicas, from IDENTITY_URL, CAMPAIGN_URL, … (comma-separated). */
  serviceUrls: Record<ServiceName, string[]>
  /** Shared with the services: the gateway asks the identity service whether a session is still valid. */
  internalToken: string
  metricsPort?: number
}

export function readDistributedGatewayConfig(env = process.env): DistributedGatewayConfig {
  const serviceUrls = serviceUrlsFromEnv(env)
  const listenPort = portFromEnv(env.PORT, 3000)
  return {
    port: listenPort,
    host: env.HOST ?? '0.0.0.0',
    frontendDir: frontendDirFromEnv(env),
    publicUrl: publicUrlFromEnv(env, listenPort),
    serviceUrls,
    internalToken: requiredEnv('INTERNAL_TOKEN', env),
    ...metricsPortFromEnv(env),
  }
}
