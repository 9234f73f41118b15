import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger, readSettings } from '@donaciones/kit'
import { startEmbeddedPlatform, type EmbeddedPlatform, type EmbeddedPlatformOptions } from '@donaciones/platform'
import { pgliteEngine, type SiteEngine } from './engines.ts'
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts'
import { siteClient, type SiteClient } from './site-client.ts'
import { wizardBody } from './wizard-payload.ts'

export { tinyPng } from './tiny-png.ts'
export { siteClient, type SiteClient } from './site-client.ts'
export { forEachEngine, siteEngines, type SiteEngine } from './engines.ts'

export { adminCredentials } from './wizard-payload.ts'
/** Secrets the wizard stores; tests search every response for them. */
export const storedSecrets = ['smtp-secreto-123', 'key_conekta_privada_987', 'paypal-secreto-456']

/** A site whose mail goes to a test's catcher: what the wizard and account helpers need. */
export interface SiteWithMail extends SiteClient {
  mail: MailCatcher
}

/** The whole platform in this process: the one way a test starts it (tests/lint/one-way-to-start.test.ts). */
export interface TestSite extends SiteWithMail {
  /** What the services run on (`siteEngines`). */
  engine: SiteEngine
  platform: EmbeddedPlatform
  stop(): Promise<void>
}

export interface TestSiteOptions {
  port?: number
  frontendDir?: string
  publicUrl?: string
  /** Default PGlite with the in-process bus; see `forEachEngine`. */
  engine?: SiteEngine | undefined
  /** The gateway's proxy trust and metrics listener, for the tests of those. */
  trustProxy?: EmbeddedPlatformOptions['trustProxy']
  metricsPort?: number
  /** Added to the runner's environment for this site's settings only (the process's is left alone). */
  environment?: Record<string, string>
}

export async function startTestSite(options: TestSiteOptions = {}): Promise<TestSite> {
  const engine = options.engine ?? pgliteEngine
  const dataDir = mkdtempSync(join(tmpdir(), 'donaciones-site-'))
  const mail = await startMailCatcher()
  const engines = engine.open()
  const platform = await startEmbeddedPlatform({
    ...(engines ? { engines } : {}),
    port: options.port ?? 0,
    dataDir,
    logger: createLogger('test', { level: 'silent' }),
    ...(options.frontendDir ? { frontendDir: options.frontendDir } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    ...(options.metricsPort !== undefined ? { metricsPort: options.metricsPort } : {}),
    ...(options.environment ? { settings: readSettings({ ...process.env, ...options.environment }) } : {}),
  }).catch(async (error: unknown) => {
    // The platform closed its engines (dropping a real engine's schemas and stream); the rest is ours.
    await mail.close()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  })
  const client = siteClient(() => platform.url)
  return {
    engine,
    platform,
    mail,
    get url() {
      return platform.url
    },
    api: client.api,
    upload: client.upload,
    async stop() {
      await platform.stop()
      await mail.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The whole wizard payload of spec §2.4, with real uploaded files and the loopback SMTP. */
export async function wizardPayload(site: SiteWithMail, overrides: Record<string, unknown> = {}) {
  const [logo, image, thumbnail] = [await site.upload(), await site.upload(), await site.upload()]
  const [smtpSecret = '', conektaSecret = '', paypalSecret = ''] = storedSecrets
  const keys = { conekta: { client: 'key_conekta_publica', secret: conektaSecret }, paypal: { client: 'paypal-cliente', secret: paypalSecret } }
  return wizardBody({ logo, image, thumbnail }, site.mail.port, keys, {
    home: { showCounters: true, content: '<p>Nuestra misión <script>alert(1)</script></p>', image },
    mailer: { auth: { user: 'prueba', pass: smtpSecret }, host: '127.0.0.1', port: site.mail.port },
    pages: { terms: '<p>Términos</p>', notice: '<p>Aviso de privacidad</p>' },
    ...overrides,
  })
}

export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T
}

/** Runs the wizard and returns the first administrator's token. */
export async function configureSite(site: SiteWithMail): Promise<string> {
  const response = await site.api('/api/init', { method: 'POST', json: await wizardPayload(site) })
  if (response.status !== 200) throw new Error(`Configuración fallida: ${response.status} ${await response.text()}`)
  return (await json<{ token: string }>(response)).token
}

export interface Permission {
  module: 'campaign' | 'admin' | 'user' | 'institution' | 'category' | 'pages' | 'historical' | 'donation'
  read: boolean
  create: boolean
  update: boolean
}

/** An administrator creates an account; its provisional password arrives by e-mail. */
export async function createAccount(site: SiteWithMail, adminToken: string, account: { email: string; role: 0 | 1 | 2; permissions?: Permission[] }) {
  const response = await site.api('/api/users/', {
    method: 'POST',
    token: adminToken,
    json: { name: 'Prueba', lastName: 'Cuenta', email: account.email, role: account.role, permissions: account.permissions ?? [] },
  })
  if (response.status !== 201) throw new Error(`Alta fallida: ${response.status} ${await response.text()}`)
  const created = await json<{ _id?: string; user?: { _id: string } }>(response)
  const mail = await site.mail.waitFor(account.email)
  const provisional = /Contraseña provisional: (\S+)/.exec(mail.text)?.[1]
  if (!provisional) throw new Error(`Correo sin contraseña provisional:\n${mail.text}`)
  return { id: created._id ?? created.user?._id ?? '', provisional }
}

export async function login(site: SiteClient, email: string, password: string): Promise<Response> {
  return site.api('/api/auth/login', { method: 'POST', json: { email, password } })
}

/** Signs in with the provisional password, replaces it as spec §4 forces, and signs in again. */
export async function activateAccount(site: SiteClient, email: string, provisional: string, newPassword = 'Nueva#Clave2026'): Promise<string> {
  const first = await json<{ token: string }>(await login(site, email, provisional))
  const reset = await site.api('/api/auth/reset-password', { method: 'POST', token: first.token, json: { password: provisional, newPassword } })
  if (reset.status !== 200) throw new Error(`Cambio de contraseña fallido: ${reset.status} ${await reset.text()}`)
  return (await json<{ token: string }>(await login(site, email, newPassword))).token
}
