// Test support: the content service on an in-memory database, with fake identity and campaign services.
import { randomUUID } from 'node:crypto'
import type express from 'express'
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose'
import type { EventEnvelope } from '@donaciones/contracts'
import { createLogger, createServiceApp, finishServiceApp, requireInternalCall, type ServiceRuntime, type SqlDatabase } from '@donaciones/kit'
import { startServiceSlice, type SliceDirectory } from '../../../../tests/support/service-slice.ts'
import { contentService } from '../../src/index.ts'

export interface FakeUser {
  _id: string
  role: 0 | 1 | 2
  active: boolean
  email: string
  permissions: { module: { _id: string; label: string; name: string; path: string }; read: boolean; create: boolean; update: boolean; delete: false }[]
}

/** Identity as the content service needs it: JWKS, session state, the setup administrator. */
export class FakeIdentity {
  readonly users = new Map<string, FakeUser>()
  /** setupId → userId of the administrator that setup created. */
  readonly setups = new Map<string, string>()
  readonly calls: string[] = []
  /** Answer the next N setup calls with 500. */
  failSetup = 0
  /** Answer the next N DELETE calls with 500. */
  failDelete = 0
  privateKey!: CryptoKey
  private jwk!: Record<string, unknown>

  async init(): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    this.privateKey = privateKey
    this.jwk = { ...(await exportJWK(publicKey)), kid: 'prueba', alg: 'ES256', use: 'sig' }
  }

  async sign(user: FakeUser, name = 'Ana', lastName = 'Pérez'): Promise<string> {
    return new SignJWT({
      _id: user._id,
      role: user.role,
      active: user.active,
      changePassword: false,
      permissions: user.permissions,
      name,
      lastName,
      email: user.email,
      thumbnail: null,
      picture: null,
      sv: 0,
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'prueba' })
      .setSubject(user._id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(this.privateKey)
  }

  /** A signed-in user of `role`; role 1 gets the given `pages` actions. */
  async tokenFor(role: 0 | 1 | 2, pages: { read?: boolean; update?: boolean } = {}): Promise<{ user: FakeUser; token: string }> {
    const user: FakeUser = {
      _id: randomUUID(),
      role,
      active: true,
      email: `${randomUUID()}@ayuda.mx`,
      permissions:
        role === 1 && (pages.read || pages.update)
          ? [
              {
                module: { _id: 'm-pages', label: 'Páginas', name: 'pages', path: '/dashboard/pages' },
                read: Boolean(pages.read || pages.update),
                create: false,
                update: Boolean(pages.update),
                delete: false,
              },
            ]
          : [],
    }
    this.users.set(user._id, user)
    return { user, token: await this.sign(user) }
  }

  app(directory: SliceDirectory): express.Express {
    const app = createServiceApp({ name: 'identity', logger: createLogger('fake', { level: 'silent' }), accessLog: false })
    app.get('/api/auth/jwks', (_req, res) => res.json({ keys: [this.jwk] }))
    app.use('/internal', requireInternalCall(directory))
    app.get('/internal/sessions/:id', (req, res) => {
      const user = this.users.get(req.params.id)
      if (!user) {
        res.status(404).json({ message: 'Usuario no encontrado', description: '' })
        return
      }
      res.json({ active: user.active, role: user.role, sessionVersion: 0 })
    })
    app.post('/internal/setup/admin', async (req, res) => {
      const body = req.body as { setupId: string; user: { email: string; name: string; lastName: string } }
      this.calls.push(`POST ${body.setupId}`)
      if (this.failSetup > 0) {
        this.failSetup -= 1
        res.status(500).json({ message: 'Error interno del servidor', description: 'Intente de nuevo más tarde' })
        return
      }
      const existing = this.setups.get(body.setupId)
      const taken = [...this.users.values()].find((user) => user.email === body.user.email && user._id !== existing)
      if (taken) {
        res.status(409).json({ message: 'Registro ya existente', description: 'El correo electrónico ya está registrado' })
        return
      }
      let user = existing ? this.users.get(existing) : undefined
      if (!user) {
        user = { _id: randomUUID(), role: 0, active: true, email: body.user.email, permissions: [] }
        this.users.set(user._id, user)
        this.setups.set(body.setupId, user._id)
      }
      res.json({
        userId: user._id,
        token: await this.sign(user, body.user.name, body.user.lastName),
        user: { _id: user._id, role: 0, active: true, changePassword: false, permissions: [], name: body.user.name, lastName: body.user.lastName, thumbnail: null, picture: null, email: user.email },
      })
    })
    app.delete('/internal/setup/admin/:setupId', (req, res) => {
      this.calls.push(`DELETE ${req.params.setupId}`)
      if (this.failDelete > 0) {
        this.failDelete -= 1
        res.status(500).json({ message: 'Error interno del servidor', description: 'Intente de nuevo más tarde' })
        return
      }
      const userId = this.setups.get(req.params.setupId)
      if (userId) this.users.delete(userId)
      this.setups.delete(req.params.setupId)
      res.status(204).end()
    })
    finishServiceApp(app)
    return app
  }

  admins(): FakeUser[] {
    return [...this.setups.values()].map((id) => this.users.get(id)).filter((user): user is FakeUser => user !== undefined)
  }
}

/** Campaign's setup steps: the first category and the optional institution. */
export class FakeCampaign {
  readonly catalogs = new Map<string, { categoryId: string; institutionId: string | null; category: unknown; institution: unknown; actor: string | null }>()
  readonly calls: string[] = []
  /** Answer the next N POST calls with 500. */
  failSetup = 0
  /** Answer the next N DELETE calls with 500. */
  failDelete = 0
  delayMs = 0

  app(directory: SliceDirectory): express.Express {
    const app = createServiceApp({ name: 'campaign', logger: createLogger('fake', { level: 'silent' }), accessLog: false })
    app.use('/internal', requireInternalCall(directory))
    app.post('/internal/setup/catalog', async (req, res) => {
      const body = req.body as { setupId: string; actor: string | null; category: unknown; institution: unknown }
      this.calls.push(`POST ${body.setupId}`)
      if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs))
      if (this.failSetup > 0) {
        this.failSetup -= 1
        res.status(500).json({ message: 'Error interno del servidor', description: 'Intente de nuevo más tarde' })
        return
      }
      let catalog = this.catalogs.get(body.setupId)
      if (!catalog) {
        catalog = { categoryId: randomUUID(), institutionId: body.institution ? randomUUID() : null, category: body.category, institution: body.institution, actor: body.actor }
        this.catalogs.set(body.setupId, catalog)
      }
      res.json({ categoryId: catalog.categoryId, institutionId: catalog.institutionId })
    })
    app.delete('/internal/setup/catalog/:setupId', (req, res) => {
      this.calls.push(`DELETE ${req.params.setupId}`)
      if (this.failDelete > 0) {
        this.failDelete -= 1
        res.status(500).json({ message: 'Error interno del servidor', description: 'Intente de nuevo más tarde' })
        return
      }
      this.catalogs.delete(req.params.setupId)
      res.status(204).end()
    })
    finishServiceApp(app)
    return app
  }
}

export interface ContentHarness {
  url: string
  runtime: ServiceRuntime
  db: SqlDatabase
  identity: FakeIdentity
  campaign: FakeCampaign
  internalToken: string
  /** Every event of the content service's log. */
  events(): Promise<EventEnvelope[]>
  stop(): Promise<void>
}

/** The real content service behind a loopback server, its identity and campaign faked (`startServiceSlice`). */
export async function startContentHarness(options: { dataDir?: string } = {}): Promise<ContentHarness> {
  const identity = new FakeIdentity()
  await identity.init()
  const campaign = new FakeCampaign()
  const slice = await startServiceSlice({
    services: [contentService],
    fakes: { identity: (directory) => identity.app(directory), campaign: (directory) => campaign.app(directory) },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  })
  const runtime = slice.runtimes.content as ServiceRuntime
  return {
    url: slice.url,
    runtime,
    db: slice.db,
    identity,
    campaign,
    internalToken: slice.directory.internalToken,
    async events() {
      return (await runtime.context.store.readAll(undefined, { limit: 10_000, safeHorizon: false })).events
    },
    stop: slice.stop,
  }
}
