import { describe, expect, it } from 'vitest'
import { readSettings, requiredSetting, serviceSchema, SettingsError } from './settings.ts'

describe('the configuration reader', () => {
  it('gives the documented defaults for an empty environment', () => {
    const settings = readSettings({})
    expect(settings).toMatchObject({
      PORT: undefined,
      NATS_STREAM: 'EVENTS',
      NATS_STREAM_REPLICAS: 1,
      EVENT_SUBJECT_PREFIX: 'events',
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: 'http://localhost:3000',
      CONEKTA_API_URL: 'https://api.conekta.io',
      PAYPAL_API_URL: 'https://api-m.paypal.com',
      PAYPAL_WEBHOOK_ID: '',
      CONEKTA_TOKENIZER_URL: 'https://cdn.conekta.io/js/latest/conekta.js',
      PAYPAL_SDK_URL: 'https://www.paypal.com/sdk/js',
      DONATION_RECONCILE_INTERVAL_MS: 900_000,
      DONATION_RECONCILE_LOOKBACK_MS: 3 * 24 * 3_600_000,
      DONATION_RATE_WINDOW_MS: 600_000,
      DONATION_RATE_PER_ADDRESS: 30,
      DONATION_RATE_PER_EMAIL: 10,
      DONATION_RATE_PER_CARD: 5,
      DONATION_DECLINES_BEFORE_BLOCK: 5,
      DONATION_BLOCK_MS: 1_800_000,
      DONATION_OXXO_VALIDITY_HOURS: 72,
      MAIL_RETRY_FIRST_MS: 5_000,
      MAIL_RETRY_MAX_MS: 300_000,
      MAIL_ALERT_AFTER_SECONDS: 900,
      PUBLIC_CACHE_MAX_AGE_MS: 800,
      GATEWAY_PUBLIC_COPY_MS: 200,
      oauthBaseUrls: {},
    })
    expect(settings.serviceUrls).toEqual({
      identity: ['http://127.0.0.1:4001'],
      campaign: ['http://127.0.0.1:4002'],
      donation: ['http://127.0.0.1:4003'],
      content: ['http://127.0.0.1:4004'],
      audit: ['http://127.0.0.1:4005'],
    })
    expect(settings.FRONTEND_DIR).toMatch(/frontends\/dist$/)
  })

  it('treats an empty variable as unset', () => {
    expect(readSettings({ PUBLIC_URL: '', DONATION_RATE_PER_EMAIL: ' ' })).toMatchObject({ PUBLIC_URL: 'http://localhost:3000', DONATION_RATE_PER_EMAIL: 10 })
  })

  it('parses what is set', () => {
    const settings = readSettings({
      PORT: '8080',
      DONATION_RATE_PER_EMAIL: '2',
      DONATION_RECONCILE_INTERVAL_MS: '0',
      TRUST_PROXY: 'loopback, uniquelocal',
      AUDIT_URL: 'http://a:4005, http://b:4005/',
      AUDIT_DATABASE_URL: 'postgres://auditoria',
      OAUTH_TWITTER_BASE_URL: 'http://127.0.0.1:9/twitter/',
      CONEKTA_API_URL: 'http://127.0.0.1:9/',
    })
    expect(settings).toMatchObject({
      PORT: 8080,
      DONATION_RATE_PER_EMAIL: 2,
      DONATION_RECONCILE_INTERVAL_MS: 0,
      TRUST_PROXY: 'loopback, uniquelocal',
      CONEKTA_API_URL: 'http://127.0.0.1:9',
      oauthBaseUrls: { twitter: 'http://127.0.0.1:9/twitter' },
    })
    expect(settings.serviceUrls.audit).toEqual(['http://a:4005', 'http://b:4005'])
    expect(settings.serviceDatabaseUrls).toMatchObject({ audit: 'postgres://auditoria', donation: undefined })
    expect(readSettings({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true)
    expect(readSettings({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
  })

  it('has one PUBLIC_URL default, on PORT, and drops its trailing slashes', () => {
    expect(readSettings({ PORT: '4001' }).PUBLIC_URL).toBe('http://localhost:4001')
    expect(readSettings({ PUBLIC_URL: 'https://donaciones.example.org//' }).PUBLIC_URL).toBe('https://donaciones.example.org')
  })

  it('refuses a bad value with a Spanish message naming the variable', () => {
    expect(() => readSettings({ DONATION_RATE_PER_EMAIL: 'diez' })).toThrow(SettingsError)
    expect(() => readSettings({ DONATION_RATE_PER_EMAIL: 'diez' })).toThrow('La variable de entorno DONATION_RATE_PER_EMAIL debe ser un número entero mayor o igual que 1 (vale "diez")')
    expect(() => readSettings({ DONATION_RATE_PER_EMAIL: '2.5' })).toThrow(/DONATION_RATE_PER_EMAIL/)
    expect(() => readSettings({ PORT: '70000' })).toThrow('La variable de entorno PORT debe ser un número entero entre 0 y 65535 (vale "70000")')
    expect(() => readSettings({ METRICS_PORT: '0' })).toThrow(/METRICS_PORT/)
    expect(() => readSettings({ PUBLIC_URL: 'donaciones.example.org' })).toThrow('La variable de entorno PUBLIC_URL debe ser una dirección http(s) completa')
    expect(() => readSettings({ MAIL_TRANSPORT: 'paloma' })).toThrow('La variable de entorno MAIL_TRANSPORT debe ser uno de: smtp, outbox')
    expect(() => readSettings({ CAMPAIGN_URL: 'campaign:4002' })).toThrow(/CAMPAIGN_URL/)
    // The product promises other visitors a public page at most a second old.
    expect(() => readSettings({ PUBLIC_CACHE_MAX_AGE_MS: '1500' })).toThrow('La variable de entorno PUBLIC_CACHE_MAX_AGE_MS debe ser un número entero entre 0 y 1000 (vale "1500")')
    expect(readSettings({ PUBLIC_CACHE_MAX_AGE_MS: '0' }).PUBLIC_CACHE_MAX_AGE_MS).toBe(0)
    expect(readSettings({ PUBLIC_CACHE_MAX_AGE_MS: '1000', GATEWAY_PUBLIC_COPY_MS: '0' }).PUBLIC_CACHE_MAX_AGE_MS).toBe(1000)
    expect(() => readSettings({ PUBLIC_CACHE_MAX_AGE_MS: '900' })).toThrow(
      'PUBLIC_CACHE_MAX_AGE_MS y GATEWAY_PUBLIC_COPY_MS suman 1100; juntas deben ser como máximo 1000 (un documento público tiene a lo sumo un segundo)',
    )
  })

  it('names every bad variable at once', () => {
    let error: unknown
    try {
      readSettings({ DONATION_RATE_PER_EMAIL: 'x', MAIL_RETRY_MAX_MS: '-1', OAUTH_GOOGLE_BASE_URL: 'ftp://x' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(SettingsError)
    expect(error instanceof SettingsError ? error.problems.map((problem) => problem.split(' ')[4]) : []).toEqual([
      'DONATION_RATE_PER_EMAIL',
      'MAIL_RETRY_MAX_MS',
      'OAUTH_GOOGLE_BASE_URL',
    ])
  })

  it('says which required variable is missing', () => {
    expect(() => requiredSetting(undefined, 'INTERNAL_TOKEN')).toThrow('Falta la variable de entorno INTERNAL_TOKEN')
    expect(requiredSetting('secreto', 'INTERNAL_TOKEN')).toBe('secreto')
  })

  it('prefixes every service schema with DB_SCHEMA_PREFIX', () => {
    expect(serviceSchema('donation', readSettings({}))).toBe('donation')
    expect(serviceSchema('donation', readSettings({ DB_SCHEMA_PREFIX: 'sitio1' }))).toBe('sitio1_donation')
    expect(serviceSchema('audit', { DB_SCHEMA_PREFIX: 'p' })).toBe('p_audit')
  })
})
