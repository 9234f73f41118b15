import type { PaymentScripts, ServiceName } from '@donaciones/contracts'
import { defaultServicePorts, requiredSetting, serviceSchema, type Settings } from './settings.ts'

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
export function readServiceProcessConfig(service: ServiceName, settings: Settings): ServiceProcessConfig {
  return {
    databaseUrl: settings.serviceDatabaseUrls[service] ?? requiredSetting(settings.DATABASE_URL, 'DATABASE_URL'),
    natsUrl: requiredSetting(settings.NATS_URL, 'NATS_URL'),
    natsStream: settings.NATS_STREAM,
    natsStreamReplicas: settings.NATS_STREAM_REPLICAS,
    subjectPrefix: settings.EVENT_SUBJECT_PREFIX,
    schema: serviceSchema(service, settings),
    port: settings.PORT ?? defaultServicePorts[service],
    host: settings.HOST ?? '127.0.0.1',
    serviceUrls: settings.serviceUrls,
    internalToken: requiredSetting(settings.INTERNAL_TOKEN, 'INTERNAL_TOKEN'),
    dataDir: settings.DATA_DIR,
    trustProxy: settings.TRUST_PROXY,
  }
}

/**
 * Where the browser loads the providers' scripts from (CONEKTA_TOKENIZER_URL, PAYPAL_SDK_URL; the
 * providers' own by default): `GET /api/init` tells the site, and the gateway's Content-Security-Policy
 * allows exactly these origins.
 */
export function paymentScripts(settings: Pick<Settings, 'CONEKTA_TOKENIZER_URL' | 'PAYPAL_SDK_URL'>): PaymentScripts {
  return { conektaTokenizer: settings.CONEKTA_TOKENIZER_URL, paypalSdk: settings.PAYPAL_SDK_URL }
}
