import { resolve } from 'node:path'
import type { ServiceName } from '@donaciones/contracts'
import { defaultGatewayPort, requiredSetting, type Settings } from '@donaciones/kit'

export const repositoryRoot = resolve(import.meta.dirname, '../..')

export interface DistributedGatewayConfig {
  port: number
  host: string
  frontendDir: string
  /** PUBLIC_URL: the origin of every absolute link the gateway writes, never the request's Host header. */
  publicUrl: string
  /** Each service's replicas, from IDENTITY_URL, CAMPAIGN_URL, … (comma-separated). */
  serviceUrls: Record<ServiceName, string[]>
  /** Shared with the services: the gateway asks the identity service whether a session is still valid. */
  internalToken: string
  trustProxy: boolean | number | string
  /** METRICS_PORT: the gateway's `/metrics` on a listener of its own; unset, only loopback peers may read it. */
  metricsPort?: number
}

export function readDistributedGatewayConfig(settings: Settings): DistributedGatewayConfig {
  return {
    port: settings.PORT ?? defaultGatewayPort,
    host: settings.HOST ?? '0.0.0.0',
    frontendDir: settings.FRONTEND_DIR,
    publicUrl: settings.PUBLIC_URL,
    serviceUrls: settings.serviceUrls,
    internalToken: requiredSetting(settings.INTERNAL_TOKEN, 'INTERNAL_TOKEN'),
    trustProxy: settings.TRUST_PROXY,
    ...(settings.METRICS_PORT === undefined ? {} : { metricsPort: settings.METRICS_PORT }),
  }
}
