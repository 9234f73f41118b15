import type { ServiceName } from '@donaciones/contracts'

function numberFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} debe ser un número entero: "${value}"`)
  return parsed
}

function required(name: string): string {
  const value = process.env[name]
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
  subjectPrefix: string
  schema: string
  port: number
  host: string
}

/** Distributed mode: one service per process, on PostgreSQL and NATS JetStream. */
export function readServiceProcessConfig(service: ServiceName, env = process.env): ServiceProcessConfig {
  const upper = service.toUpperCase()
  return {
    databaseUrl: env[`${upper}_DATABASE_URL`] ?? required('DATABASE_URL'),
    natsUrl: required('NATS_URL'),
    natsStream: env.NATS_STREAM ?? 'EVENTS',
    subjectPrefix: env.EVENT_SUBJECT_PREFIX ?? 'events',
    schema: env.DB_SCHEMA_PREFIX ? `${env.DB_SCHEMA_PREFIX}_${service}` : service,
    port: numberFrom(env.PORT, defaultServicePorts[service], 'PORT'),
    host: env.HOST ?? '127.0.0.1',
  }
}
