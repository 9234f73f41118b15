import { randomUUID } from 'node:crypto'
import express from 'express'
import { internalMailRequestSchema, type InternalMailRequest, type SetupAdminResponse, type userCreateRequestSchema } from '@donaciones/contracts'
import type { z } from 'zod'
import { callService, createLogger, createServiceApp, finishServiceApp, requireInternalCall, type ServiceRuntime, type SqlDatabase } from '@donaciones/kit'
import { auditService } from '@donaciones/audit'
import type { SiteEngine } from '../../../tests/support/engines.ts'
import { startServiceSlice, type SliceDirectory } from '../../../tests/support/service-slice.ts'
import { createIdentityService, type IdentityOptions } from '../src/index.ts'

export interface ApiResponse<T = unknown> {
  status: number
  body: T
  headers: Headers
  raw: ArrayBuffer
}

export interface ApiInit {
  method?: string
  token?: string | undefined
  json?: unknown
  headers?: Record<string, string>
}

export interface TestPlatform {
  url: string
  db: SqlDatabase
  identity: ServiceRuntime
  directory: SliceDirectory
  /** Mails handed to the fake content service, oldest first. */
  mails: InternalMailRequest[]
  /** While true the fake content service answers 503 to mails. */
  mailDown: { value: boolean }
  api<T = Record<string, unknown>>(path: string, init?: ApiInit): Promise<ApiResponse<T>>
  internal<T = Record<string, unknown>>(path: string, init?: { method?: string; body?: unknown }): Promise<{ status: number; body: T }>
  stop(): Promise<void>
}

export const logger = createLogger('identity-test', { level: 'silent' })

/** A content service that only records the mails handed to it, answering 503 while `down.value`. */
function mailRecorder(mails: InternalMailRequest[], down: { value: boolean }) {
  return (directory: SliceDirectory) => {
    const content = createServiceApp({ name: 'content', logger, accessLog: false })
    const internal = express.Router()
    internal.use(requireInternalCall(directory))
    internal.post('/internal/mail', (req, res) => {
      if (down.value) {
        res.status(503).json({ message: 'Servicio no disponible', description: 'Correo caído' })
        return
      }
      mails.push(internalMailRequestSchema.parse(req.body))
      res.status(202).json({ accepted: true })
    })
    content.use(internal)
    return finishServiceApp(content)
  }
}

/**
 * The gateway with the real identity and audit services (on one in-memory PGlite, or on `engine`),
 * and a fake content service that records the mails (`POST /internal/mail`). Internal calls go
 * over loopback HTTP, as between processes (`startServiceSlice`, tests/support/service-slice.ts).
 */
export async function startTestPlatform(options: Partial<IdentityOptions> = {}, engine?: SiteEngine): Promise<TestPlatform> {
  const mails: InternalMailRequest[] = []
  const mailDown = { value: false }
  const slice = await startServiceSlice({
    services: [createIdentityService({ publicUrl: 'https://donaciones.test', ...options }), auditService],
    fakes: { content: mailRecorder(mails, mailDown) },
    gateway: true,
    engine,
    logger,
  })
  const { directory } = slice

  return {
    url: slice.url,
    db: slice.db,
    identity: slice.runtimes.identity as ServiceRuntime,
    directory,
    mails,
    mailDown,
    async api<T>(path: string, init: ApiInit = {}) {
      const headers: Record<string, string> = { ...init.headers }
      if (init.token) headers.authorization = `Bearer ${init.token}`
      if (init.json !== undefined) headers['content-type'] = 'application/json'
      const response = await fetch(`${slice.url}${path}`, {
        method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
        headers,
        ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      })
      const raw = await response.arrayBuffer()
      const text = new TextDecoder().decode(raw)
      let body: unknown = text
      if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text)
      return { status: response.status, body: body as T, headers: response.headers, raw }
    },
    internal: (path, init = {}) => callService(directory, 'identity', path, init),
    stop: slice.stop,
  }
}

export const strongPassword = 'Segura#2024x'

let counter = 0
export function uniqueEmail(prefix = 'persona'): string {
  counter += 1
  return `${prefix}.${counter}.${randomUUID().slice(0, 6)}@ejemplo.mx`
}

/** A POST /api/users body as a client sends it (delete may be left out). */
export type UserCreateInput = z.input<typeof userCreateRequestSchema>

export interface Session {
  id: string
  email: string
  password: string
  token: string
}

/** The first administrator (role 0) through the setup call the content service makes. */
export async function seedFullAdmin(platform: TestPlatform, email = uniqueEmail('admin'), password = strongPassword): Promise<Session> {
  const { status, body } = await platform.internal<SetupAdminResponse>('/internal/setup/admin', {
    body: { setupId: randomUUID(), user: { name: 'Ana', lastName: 'Admin', email, password, thumbnail: null } },
  })
  if (status !== 200) throw new Error(`setup admin: ${status} ${JSON.stringify(body)}`)
  return { id: body.userId, email, password, token: body.token }
}

/** Waits until `count` mails have reached `email` (they leave the outbox after the answer) and returns them. */
export async function waitForMails(platform: TestPlatform, email: string, count = 1, timeoutMs = 10_000): Promise<InternalMailRequest[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = platform.mails.filter((mail) => mail.to === email)
    if (found.length >= count) return found
    if (Date.now() > deadline) throw new Error(`No llegaron ${count} correos a ${email} (llegaron ${found.length})`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The provisional password in the `count`-th mail sent to `email` (waiting for it). */
export async function provisionalPasswordFor(platform: TestPlatform, email: string, count = 1): Promise<string> {
  const mail = (await waitForMails(platform, email, count))[count - 1]
  const match = mail?.text.match(/Contraseña provisional: (\S+)/)
  if (!match?.[1]) throw new Error(`Sin contraseña provisional para ${email}`)
  return match[1]
}

export async function login(platform: TestPlatform, email: string, password: string, ip?: string): Promise<ApiResponse<{ token: string; message?: string; description?: string }>> {
  return platform.api('/api/auth/login', { json: { email, password }, ...(ip ? { headers: { 'x-forwarded-for': ip } } : {}) })
}

/**
 * A user created by `creator` through POST /api/users, who then signs in with the mailed
 * provisional password and replaces it: a ready session with `changePassword` false.
 */
export async function createSession(platform: TestPlatform, creator: Session, input: Partial<UserCreateInput> & { role: UserCreateInput['role'] }): Promise<Session> {
  const email = input.email ?? uniqueEmail(`rol${input.role}`)
  const created = await platform.api<{ user: { _id: string } }>('/api/users', {
    token: creator.token,
    json: { name: 'Nombre', lastName: 'Apellido', permissions: [], ...input, email },
  })
  if (created.status !== 201) throw new Error(`crear usuario: ${created.status} ${JSON.stringify(created.body)}`)
  const provisional = await provisionalPasswordFor(platform, email)
  const first = await login(platform, email, provisional)
  const reset = await platform.api('/api/auth/reset-password', { token: first.body.token, json: { password: provisional, newPassword: strongPassword } })
  if (reset.status !== 200) throw new Error(`cambiar contraseña: ${reset.status} ${JSON.stringify(reset.body)}`)
  const second = await login(platform, email, strongPassword)
  if (second.status !== 200) throw new Error(`iniciar sesión: ${second.status} ${JSON.stringify(second.body)}`)
  return { id: created.body.user._id, email, password: strongPassword, token: second.body.token }
}

export function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1]
  if (!payload) throw new Error('token sin carga')
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

export const justification = { cause: 'Actualización', description: 'Corrección de datos' }
