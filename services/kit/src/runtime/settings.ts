import { resolve } from 'node:path'
import { UNDELIVERED_MAIL_AFTER_SECONDS, socialProviderNames, type ServiceName, type SocialProvider } from '@donaciones/contracts'
import { perService } from './service-record.ts'
import { gatewayCopyMaxAgeMs, publicMaxAgeMs, serviceCopyMaxAgeMs } from '../http/public-cache.ts'

/**
 * The one configuration reader: every environment variable the product reads is declared here once
 * (name, parser, default), parsed when a process, a service or a platform starts — never at import
 * time, so tests may set process.env first — and handed on as a typed `Settings`. No other module
 * of the product reads process.env (tests/lint/environment-reads.test.ts).
 */

/** What the reader parses: process.env, or a record a test or a deployment check builds. */
export type Environment = Readonly<Record<string, string | undefined>>

/** A parser rejects a raw value with the reason, in Spanish, completing "La variable X …". */
type Parser<T> = (raw: string) => T

interface Variable<T> {
  parse: Parser<T>
  /** Used when the variable is unset or empty. */
  fallback: T
}

function optional<T>(parse: Parser<T>): Variable<T | undefined> {
  return { parse, fallback: undefined }
}

function withDefault<T>(parse: Parser<T>, fallback: T): Variable<T> {
  return { parse, fallback }
}

class InvalidValue extends Error {}

const text: Parser<string> = (raw) => raw

function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): Parser<number> {
  return (raw) => {
    const value = Number(raw.trim())
    if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
      throw new InvalidValue(max === Number.MAX_SAFE_INTEGER ? `debe ser un número entero mayor o igual que ${min}` : `debe ser un número entero entre ${min} y ${max}`)
    }
    return value
  }
}

/** An http(s) address, without its trailing slashes (paths are appended to it). */
const baseUrl: Parser<string> = (raw) => {
  const trimmed = raw.trim()
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    throw new InvalidValue('debe ser una dirección http(s) completa')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidValue('debe ser una dirección http(s) completa')
  return trimmed.replace(/\/+$/, '')
}

/** A comma-separated list of http(s) addresses (the replicas of a service). */
const baseUrlList: Parser<string[]> = (raw) => {
  const urls = raw.split(',').map((url) => url.trim()).filter(Boolean)
  if (urls.length === 0) throw new InvalidValue('debe tener al menos una dirección http(s)')
  return urls.map(baseUrl)
}

/**
 * express 'trust proxy': which peers may set X-Forwarded-For; in a container network the gateway is
 * not loopback, e.g. TRUST_PROXY="loopback, uniquelocal".
 */
const trustProxy: Parser<boolean | number | string> = (raw) => {
  if (raw === 'true' || raw === 'false') return raw === 'true'
  if (/^\d+$/.test(raw)) return Number(raw)
  return raw
}

/** Validated by the logger, which falls back to info with a warning (a log level never stops a process). */
const logLevel: Parser<string> = (raw) => raw.trim().toLowerCase()

function oneOf<const T extends string>(values: readonly T[]): Parser<T> {
  return (raw) => {
    const found = values.find((value) => value === raw.trim())
    if (found === undefined) throw new InvalidValue(`debe ser uno de: ${values.join(', ')}`)
    return found
  }
}

/** Default ports of the services when each runs as its own process. */
export const defaultServicePorts: Record<ServiceName, number> = {
  identity: 4001,
  campaign: 4002,
  donation: 4003,
  content: 4004,
  audit: 4005,
}

/** The gateway's (and the embedded platform's) port, and so the port of the default PUBLIC_URL. */
export const defaultGatewayPort = 3000

const repositoryRoot = resolve(import.meta.dirname, '../../../..')

/** Every variable with one name; README.md's table documents the same names and defaults. */
const variables = {
  PORT: optional(wholeNumber(0, 65535)),
  HOST: optional(text),
  DATA_DIR: optional(text),
  FRONTEND_DIR: withDefault((raw) => resolve(raw), resolve(repositoryRoot, 'frontends/dist')),
  LOG_LEVEL: optional(logLevel),
  DATABASE_URL: optional(text),
  DB_SCHEMA_PREFIX: optional(text),
  NATS_URL: optional(text),
  NATS_STREAM: withDefault(text, 'EVENTS'),
  NATS_STREAM_REPLICAS: withDefault(wholeNumber(1), 1),
  EVENT_SUBJECT_PREFIX: withDefault(text, 'events'),
  INTERNAL_TOKEN: optional(text),
  TRUST_PROXY: withDefault(trustProxy, 'loopback'),
  METRICS_PORT: optional(wholeNumber(1, 65535)),
  PUBLIC_URL: optional(baseUrl),
  CONEKTA_API_URL: withDefault(baseUrl, 'https://api.conekta.io'),
  PAYPAL_API_URL: withDefault(baseUrl, 'https://api-m.paypal.com'),
  PAYPAL_WEBHOOK_ID: withDefault(text, ''),
  CONEKTA_TOKENIZER_URL: withDefault(text, 'https://cdn.conekta.io/js/latest/conekta.js'),
  PAYPAL_SDK_URL: withDefault(text, 'https://www.paypal.com/sdk/js'),
  DONATION_RECONCILE_INTERVAL_MS: withDefault(wholeNumber(0), 15 * 60_000),
  DONATION_RECONCILE_LOOKBACK_MS: withDefault(wholeNumber(1), 3 * 24 * 3_600_000),
  DONATION_RATE_WINDOW_MS: withDefault(wholeNumber(1), 10 * 60_000),
  DONATION_RATE_PER_ADDRESS: withDefault(wholeNumber(1), 30),
  DONATION_RATE_PER_EMAIL: withDefault(wholeNumber(1), 10),
  DONATION_RATE_PER_CARD: withDefault(wholeNumber(1), 5),
  DONATION_DECLINES_BEFORE_BLOCK: withDefault(wholeNumber(1), 5),
  DONATION_BLOCK_MS: withDefault(wholeNumber(1), 30 * 60_000),
  DONATION_OXXO_VALIDITY_HOURS: withDefault(wholeNumber(1), 72),
  CONFIG_ENCRYPTION_KEY: optional(text),
  MAIL_TRANSPORT: optional(oneOf(['smtp', 'outbox'])),
  MAIL_RETRY_FIRST_MS: withDefault(wholeNumber(1), 5_000),
  MAIL_RETRY_MAX_MS: withDefault(wholeNumber(1), 5 * 60_000),
  MAIL_ALERT_AFTER_SECONDS: withDefault(wholeNumber(1), UNDELIVERED_MAIL_AFTER_SECONDS),
  /**
   * How long a service process keeps a public document (decision 78), and the gateway its copy of a
   * public answer (decision 85): together at most the product's one second; 0 keeps nothing.
   */
  PUBLIC_CACHE_MAX_AGE_MS: withDefault(wholeNumber(0, publicMaxAgeMs), serviceCopyMaxAgeMs),
  GATEWAY_PUBLIC_COPY_MS: withDefault(wholeNumber(0, publicMaxAgeMs), gatewayCopyMaxAgeMs),
  /** Checked by the identity service, which imports it as its signing key. */
  JWT_PRIVATE_JWK: optional(text),
  /** A service's /readyz answers 503 while a projection has more events than this waiting on the bus; 0 = never. */
  READY_MAX_PROJECTION_LAG: withDefault(wholeNumber(0), 10_000),
  /** Operators' commands without a terminal (`npm run replay`): least time between two progress lines; 0 = every page. */
  PROGRESS_INTERVAL_MS: withDefault(wholeNumber(0), 2_000),
}

type Variables = typeof variables
type Values = { [Name in keyof Variables]: Variables[Name]['fallback'] }

/** The families of variables with one name per service or provider. */
const serviceDatabaseUrl = (service: ServiceName) => `${service.toUpperCase()}_DATABASE_URL`
const serviceUrl = (service: ServiceName) => `${service.toUpperCase()}_URL`
const oauthBaseUrl = (provider: SocialProvider) => `OAUTH_${provider.toUpperCase()}_BASE_URL`

export interface Settings extends Omit<Values, 'PUBLIC_URL'> {
  /** PUBLIC_URL without trailing slashes; default http://localhost:<PORT, else 3000>. */
  PUBLIC_URL: string
  /** `<SERVICE>_DATABASE_URL`: one service on its own database. */
  serviceDatabaseUrls: Record<ServiceName, string | undefined>
  /** `<SERVICE>_URL` (comma-separated replicas), default the service's local port. */
  serviceUrls: Record<ServiceName, string[]>
  /** `OAUTH_<PROVIDER>_BASE_URL`: replaces a social provider's hosts (tests point it at tools/fake-oauth). */
  oauthBaseUrls: Partial<Record<SocialProvider, string>>
}

/** Every invalid or missing variable of a start, one per line, each named. */
export class SettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'))
    this.name = 'SettingsError'
  }
}

function present(env: Environment, name: string): string | undefined {
  const raw = env[name]
  return raw === undefined || raw.trim() === '' ? undefined : raw
}

function parseOne<T>(env: Environment, name: string, variable: Variable<T>, problems: string[]): T {
  const raw = present(env, name)
  if (raw === undefined) return variable.fallback
  try {
    return variable.parse(raw)
  } catch (error) {
    if (!(error instanceof InvalidValue)) throw error
    problems.push(`La variable de entorno ${name} ${error.message} (vale "${raw}")`)
    return variable.fallback
  }
}

function parseVariables(env: Environment, problems: string[]): Values {
  const parse = <T>(name: keyof Variables, variable: Variable<T>): T => parseOne(env, name, variable, problems)
  return {
    PORT: parse('PORT', variables.PORT),
    HOST: parse('HOST', variables.HOST),
    DATA_DIR: parse('DATA_DIR', variables.DATA_DIR),
    FRONTEND_DIR: parse('FRONTEND_DIR', variables.FRONTEND_DIR),
    LOG_LEVEL: parse('LOG_LEVEL', variables.LOG_LEVEL),
    DATABASE_URL: parse('DATABASE_URL', variables.DATABASE_URL),
    DB_SCHEMA_PREFIX: parse('DB_SCHEMA_PREFIX', variables.DB_SCHEMA_PREFIX),
    NATS_URL: parse('NATS_URL', variables.NATS_URL),
    NATS_STREAM: parse('NATS_STREAM', variables.NATS_STREAM),
    NATS_STREAM_REPLICAS: parse('NATS_STREAM_REPLICAS', variables.NATS_STREAM_REPLICAS),
    EVENT_SUBJECT_PREFIX: parse('EVENT_SUBJECT_PREFIX', variables.EVENT_SUBJECT_PREFIX),
    INTERNAL_TOKEN: parse('INTERNAL_TOKEN', variables.INTERNAL_TOKEN),
    TRUST_PROXY: parse('TRUST_PROXY', variables.TRUST_PROXY),
    METRICS_PORT: parse('METRICS_PORT', variables.METRICS_PORT),
    PUBLIC_URL: parse('PUBLIC_URL', variables.PUBLIC_URL),
    CONEKTA_API_URL: parse('CONEKTA_API_URL', variables.CONEKTA_API_URL),
    PAYPAL_API_URL: parse('PAYPAL_API_URL', variables.PAYPAL_API_URL),
    PAYPAL_WEBHOOK_ID: parse('PAYPAL_WEBHOOK_ID', variables.PAYPAL_WEBHOOK_ID),
    CONEKTA_TOKENIZER_URL: parse('CONEKTA_TOKENIZER_URL', variables.CONEKTA_TOKENIZER_URL),
    PAYPAL_SDK_URL: parse('PAYPAL_SDK_URL', variables.PAYPAL_SDK_URL),
    DONATION_RECONCILE_INTERVAL_MS: parse('DONATION_RECONCILE_INTERVAL_MS', variables.DONATION_RECONCILE_INTERVAL_MS),
    DONATION_RECONCILE_LOOKBACK_MS: parse('DONATION_RECONCILE_LOOKBACK_MS', variables.DONATION_RECONCILE_LOOKBACK_MS),
    DONATION_RATE_WINDOW_MS: parse('DONATION_RATE_WINDOW_MS', variables.DONATION_RATE_WINDOW_MS),
    DONATION_RATE_PER_ADDRESS: parse('DONATION_RATE_PER_ADDRESS', variables.DONATION_RATE_PER_ADDRESS),
    DONATION_RATE_PER_EMAIL: parse('DONATION_RATE_PER_EMAIL', variables.DONATION_RATE_PER_EMAIL),
    DONATION_RATE_PER_CARD: parse('DONATION_RATE_PER_CARD', variables.DONATION_RATE_PER_CARD),
    DONATION_DECLINES_BEFORE_BLOCK: parse('DONATION_DECLINES_BEFORE_BLOCK', variables.DONATION_DECLINES_BEFORE_BLOCK),
    DONATION_BLOCK_MS: parse('DONATION_BLOCK_MS', variables.DONATION_BLOCK_MS),
    DONATION_OXXO_VALIDITY_HOURS: parse('DONATION_OXXO_VALIDITY_HOURS', variables.DONATION_OXXO_VALIDITY_HOURS),
    CONFIG_ENCRYPTION_KEY: parse('CONFIG_ENCRYPTION_KEY', variables.CONFIG_ENCRYPTION_KEY),
    MAIL_TRANSPORT: parse('MAIL_TRANSPORT', variables.MAIL_TRANSPORT),
    MAIL_RETRY_FIRST_MS: parse('MAIL_RETRY_FIRST_MS', variables.MAIL_RETRY_FIRST_MS),
    MAIL_RETRY_MAX_MS: parse('MAIL_RETRY_MAX_MS', variables.MAIL_RETRY_MAX_MS),
    MAIL_ALERT_AFTER_SECONDS: parse('MAIL_ALERT_AFTER_SECONDS', variables.MAIL_ALERT_AFTER_SECONDS),
    PUBLIC_CACHE_MAX_AGE_MS: parse('PUBLIC_CACHE_MAX_AGE_MS', variables.PUBLIC_CACHE_MAX_AGE_MS),
    GATEWAY_PUBLIC_COPY_MS: parse('GATEWAY_PUBLIC_COPY_MS', variables.GATEWAY_PUBLIC_COPY_MS),
    JWT_PRIVATE_JWK: parse('JWT_PRIVATE_JWK', variables.JWT_PRIVATE_JWK),
    READY_MAX_PROJECTION_LAG: parse('READY_MAX_PROJECTION_LAG', variables.READY_MAX_PROJECTION_LAG),
    PROGRESS_INTERVAL_MS: parse('PROGRESS_INTERVAL_MS', variables.PROGRESS_INTERVAL_MS),
  }
}

/**
 * Parses every variable; throws one SettingsError naming each invalid one. Call it when a process,
 * service or platform starts and hand the result on.
 */
export function readSettings(env: Environment = process.env): Settings {
  const problems: string[] = []
  const values = parseVariables(env, problems)
  const serviceDatabaseUrls = perService((service) => parseOne(env, serviceDatabaseUrl(service), optional(text), problems))
  const serviceUrls = perService((service) =>
    parseOne(env, serviceUrl(service), withDefault(baseUrlList, [`http://127.0.0.1:${defaultServicePorts[service]}`]), problems),
  )
  const oauthBaseUrls: Partial<Record<SocialProvider, string>> = {}
  for (const provider of socialProviderNames) {
    const base = parseOne(env, oauthBaseUrl(provider), optional(baseUrl), problems)
    if (base) oauthBaseUrls[provider] = base
  }
  if (values.PUBLIC_CACHE_MAX_AGE_MS + values.GATEWAY_PUBLIC_COPY_MS > publicMaxAgeMs) {
    problems.push(
      `PUBLIC_CACHE_MAX_AGE_MS y GATEWAY_PUBLIC_COPY_MS suman ${values.PUBLIC_CACHE_MAX_AGE_MS + values.GATEWAY_PUBLIC_COPY_MS}; juntas deben ser como máximo ${publicMaxAgeMs} (un documento público tiene a lo sumo un segundo)`,
    )
  }
  if (problems.length > 0) throw new SettingsError(problems)
  return {
    ...values,
    PUBLIC_URL: values.PUBLIC_URL ?? `http://localhost:${values.PORT ?? defaultGatewayPort}`,
    serviceDatabaseUrls,
    serviceUrls,
    oauthBaseUrls,
  }
}

/** LOG_LEVEL alone, for a logger made before (or without) the settings of a start. */
export function logLevelSetting(env: Environment = process.env): string | undefined {
  return parseOne(env, 'LOG_LEVEL', variables.LOG_LEVEL, [])
}

/** The schema of a service's tables: `<DB_SCHEMA_PREFIX>_<service>`, or the service's name without a prefix. */
export function serviceSchema(service: ServiceName, settings: Pick<Settings, 'DB_SCHEMA_PREFIX'>): string {
  return settings.DB_SCHEMA_PREFIX ? `${settings.DB_SCHEMA_PREFIX}_${service}` : service
}

/** A variable a process cannot start without. */
export function requiredSetting(value: string | undefined, name: keyof Variables): string {
  if (!value) throw new SettingsError([`Falta la variable de entorno ${name}`])
  return value
}
