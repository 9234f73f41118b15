import type { PaymentScripts, ServiceName } from '@donaciones/contracts'
import { perService } from './service-record.ts'

function numberFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} debe ser un número entero: "${value}"`)
  return parsed
}

function required(name: string, env = process.env): string {
  const value = env[name]
  if (!value) throw new Error(`Falta la variable de entorno ${name}`)
  return value
}

/** Default ports of the services when each runs as its own process. */
export const defaultServicePorts: Record<ServiceName, number> = {
  identity: 4001,
  campaign: 4002,
  donation: 4003,
  content: 4004,
  audit: 4005,
}

export interface ServiceProcessConfig {
  databaseUrl: string
  natsUrl: string
  natsStream: string
  /** Replicas of the stream when a service creates it (a 3-node JetStream cluster wants 3). */
  natsStreamReplicas: number
  subjectPrefix: string
  schema: string
  port: number
  host: string
  serviceUrls: Record<ServiceName, string[]>
  internalToken: string
  dataDir: string | undefined
  trustProxy: boolean | number | string
}

/** Distributed mode: one service per process, on PostgreSQL and NATS JetStream. */
export function readServiceProcessConfig(service: ServiceName, env = process.env): ServiceProcessConfig {
  const upper = service.toUpperCase()
  return {
    databaseUrl: env[`${upper}_DATABASE_URL`] ?? required('DATABASE_URL', env),
    natsUrl: required('NATS_URL', env),
    natsStream: env.NATS_STREAM ?? 'EVENTS',
    natsStreamReplicas: numberFrom(env.NATS_STREAM_REPLICAS, 1, 'NATS_STREAM_REPLICAS'),
    subjectPrefix: env.EVENT_SUBJECT_PREFIX ?? 'events',
    schema: env.DB_SCHEMA_PREFIX ? `${env.DB_SCHEMA_PREFIX}_${service}` : service,
    port: numberFrom(env.PORT, defaultServicePorts[service], 'PORT'),
    host: env.HOST ?? '127.0.0.1',
    serviceUrls: serviceUrlsFromEnv(env),
    internalToken: required('INTERNAL_TOKEN', env),
    dataDir: env.DATA_DIR || undefined,
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
  }
}

/**
 * Which peers may set X-Forwarded-For (express 'trust proxy'): 'loopback' by default; in a
 * container network the gateway is not loopback, e.g. TRUST_PROXY="loopback, uniquelocal".
 */
export function trustProxyFromEnv(value: string | undefined): boolean | number | string {
  if (value === undefined || value.trim() === '') return 'loopback'
  if (value === 'true' || value === 'false') return value === 'true'
  if (/^\d+$/.test(value)) return Number(value)
  return value
}

/** Each service's replicas from IDENTITY_URL, CAMPAIGN_URL, … (comma-separated), defaulting to the local ports. */
export function serviceUrlsFromEnv(env = process.env): Record<ServiceName, string[]> {
  return perService((service) => {
    const configured = env[`${service.toUpperCase()}_URL`]
    return configured ? configured.split(',').map((url) => url.trim()).filter(Boolean) : [`http://127.0.0.1:${defaultServicePorts[service]}`]
  })
}

/**
 * Where the browser loads the providers' scripts from (CONEKTA_TOKENIZER_URL, PAYPAL_SDK_URL; the
 * providers' own by default): `GET /api/init` tells the site, and the gateway's Content-Security-Policy
 * allows exactly these origins.
 */
export function paymentScripts(env = process.env): PaymentScripts {
  return {
    conektaTokenizer: env.CONEKTA_TOKENIZER_URL || 'https://cdn.conekta.io/js/latest/conekta.js',
    paypalSdk: env.PAYPAL_SDK_URL || 'https://www.paypal.com/sdk/js',
  }
}
