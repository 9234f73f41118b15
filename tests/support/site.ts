import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger } from '@donaciones/kit'
import { startEmbeddedPlatform, type EmbeddedPlatform } from '@donaciones/platform'
import { pgliteEngine, type SiteEngine } from './engines.ts'
import { startMailCatcher } from './mail-catcher.ts'
import { tinyPng } from './tiny-png.ts'
import { wizardBody } from './wizard-payload.ts'

export { tinyPng } from './tiny-png.ts'
export { forEachEngine, siteEngines, type SiteEngine } from './engines.ts'

export { adminCredentials } from './wizard-payload.ts'
/** Secrets the wizard stores; tests search every response for them. */
export const storedSecrets = ['smtp-secreto-123', 'key_conekta_privada_987', 'paypal-secreto-456']

export interface TestSite {
  /** What the services run on (`siteEngines`). */
  engine: SiteEngine
  platform: EmbeddedPlatform
  mail: Awaited<ReturnType<typeof startMailCatcher>>
  api(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>
  upload(token?: string): Promise<string>
  stop(): Promise<void>
}

export interface TestSiteOptions {
  port?: number
  frontendDir?: string
  publicUrl?: string
  /** Default PGlite with the in-process bus; see `forEachEngine`. */
  engine?: SiteEngine | undefined
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
  }).catch(async (error: unknown) => {
    // The platform closed its engines (dropping a real engine's schemas and stream); the rest is ours.
    await mail.close()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  })
  const api: TestSite['api'] = (path, init = {}) => {
    const { token, json, ...rest } = init
    const headers = new Headers(rest.headers)
    if (token) headers.set('authorization', `Bearer ${token}`)
    if (json !== undefined) headers.set('content-type', 'application/json')
    return fetch(`${platform.url}${path}`, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) })
  }
  return {
    engine,
    platform,
    mail,
    api,
    async upload(token) {
      const form = new FormData()
      form.append('file', new Blob([tinyPng], { type: 'image/png' }), 'imagen.png')
      const response = await api('/api/files', { method: 'POST', body: form, ...(token ? { token } : {}) })
      if (response.status !== 200 && response.status !== 201) throw new Error(`Subida fallida: ${response.status} ${await response.text()}`)
      return ((await response.json()) as { _id: string })._id
    },
    async stop() {
      await platform.stop()
      await mail.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The whole wizard payload of spec §2.4, with real uploaded files and the loopback SMTP. */
export async function wizardPayload(site: TestSite, overrides: Record<string, unknown> = {}) {
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
export async function configureSite(site: TestSite): Promise<string> {
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
export async function createAccount(site: TestSite, adminToken: string, account: { email: string; role: 0 | 1 | 2; permissions?: Permission[] }) {
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

export async function login(site: TestSite, email: string, password: string): Promise<Response> {
  return site.api('/api/auth/login', { method: 'POST', json: { email, password } })
}

/** Signs in with the provisional password, replaces it as spec §4 forces, and signs in again. */
export async function activateAccount(site: TestSite, email: string, provisional: string, newPassword = 'Nueva#Clave2026'): Promise<string> {
  const first = await json<{ token: string }>(await login(site, email, provisional))
  const reset = await site.api('/api/auth/reset-password', { method: 'POST', token: first.token, json: { password: provisional, newPassword } })
  if (reset.status !== 200) throw new Error(`Cambio de contraseña fallido: ${reset.status} ${await reset.text()}`)
  return (await json<{ token: string }>(await login(site, email, newPassword))).token
}
