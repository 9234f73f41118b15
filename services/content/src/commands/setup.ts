import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import {
  defaultDonataria,
  defaultDonationSettings,
  providerNames,
  setupAdminResponseSchema,
  setupCatalogResponseSchema,
  type EventEnvelope,
  type EventMetadata,
  type PageName,
  type SetupAdminResponse,
  type SetupRequest,
  type SetupResponse,
} from '@donaciones/contracts'
import {
  callService,
  callServiceOk,
  ConcurrencyError,
  foldEvents,
  handleCommandIn,
  HttpError,
  Refusal,
  serviceUnavailable,
  type EventStore,
  type ServiceContext,
  type SqlExecutor,
} from '@donaciones/kit'
import { loadConfiguration, type ConfigurationDetails } from '../projections/configuration.ts'
import { fingerprint } from '../secrets/secret-box.ts'
import { writeSecrets, type Secrets } from '../secrets/secret-store.ts'
import { requireFiles, sanitizeRequired } from './checks.ts'
import { alreadyConfigured, configurationDecider, configurationStream } from './configuration-decider.ts'
import { configurationDetailsOf } from './configuration-details.ts'
import { pageDecider, pageStream } from './page-decider.ts'
import { setupDecider, setupInProgress, setupLock, SETUP_STREAM, type SetupCommand, type SetupState } from './setup-decider.ts'

export const PAGE_TITLES: Record<PageName, string> = {
  'about-us': 'Nosotros',
  'notice-of-privacy': 'Aviso de privacidad',
  'terms-and-conditions': 'Términos y condiciones',
}

export interface SetupMeta {
  correlationId: string
}

interface SetupSteps {
  catalog?: { categoryId: string; institutionId: string | null }
  admin?: SetupAdminResponse
}

/**
 * The `setup` stream as this attempt knows it. Each command is decided on it and appended
 * expecting its last version, so a write by another attempt in between fails the append
 * (ConcurrencyError) instead of being decided on: the lock is held from the claim to the end.
 */
class SetupLockHolder {
  constructor(
    private readonly store: EventStore,
    private history: readonly EventEnvelope[],
  ) {}

  get state(): SetupState {
    return foldEvents(setupDecider, this.history)
  }

  /** Decides and appends in the caller's transaction; `done` is called once that transaction commits. */
  async decideIn(tx: SqlExecutor, command: SetupCommand, metadata: EventMetadata): Promise<() => void> {
    const { events } = await handleCommandIn(this.store, tx, SETUP_STREAM, setupDecider, command, { metadata, history: this.history })
    return () => {
      this.history = [...this.history, ...events]
    }
  }

  async decide(command: SetupCommand, metadata: EventMetadata): Promise<void> {
    const done = await this.store.transaction((tx) => this.decideIn(tx, command, metadata))
    done()
  }
}

/**
 * POST /api/init with a validated request (the route answers 409 once configured before validating). Takes the setup lock (stream 'setup', setupDecider),
 * then: identity administrator → campaign catalog (created by that administrator) → configuration
 * + pages (one transaction with SetupCompleted). A failure undoes the earlier steps; a retry of the same request reuses the
 * pending setupId (the internal steps are idempotent by it), so nothing is created twice.
 */
export async function runSetup(context: ServiceContext, key: Buffer, request: SetupRequest, meta: SetupMeta): Promise<SetupResponse> {
  const { db, store } = context
  const schema = store.schema
  if (await loadConfiguration(db, schema)) throw alreadyConfigured()

  const html = sanitizeRequired({
    mission: { path: 'home.content', html: request.home.content },
    terms: { path: 'pages.terms', html: request.pages.terms },
    notice: { path: 'pages.notice', html: request.pages.notice },
  })
  await requireFiles(db, schema, {
    'settings.logo': request.settings.logo,
    'home.image': request.home.image,
    'user.thumbnail': request.user.thumbnail,
  })

  const requestFingerprint = fingerprint(key, request)
  const lock = new SetupLockHolder(store, await store.readStream(SETUP_STREAM))
  const now = Date.now()
  const { leftover } = setupLock(lock.state, now)
  const lockMetadata = { actor: null, correlationId: meta.correlationId }

  const claim = async (setupId: string, print: string, replacing?: string) => {
    try {
      await lock.decide({ kind: 'claim', setupId, fingerprint: print, now, ...(replacing ? { replacing } : {}) }, lockMetadata)
    } catch (error) {
      if (error instanceof ConcurrencyError) throw setupInProgress()
      throw error
    }
  }
  const release = async (setupId: string, undone: boolean, reason: string) => {
    try {
      await lock.decide({ kind: 'release', setupId, undone, reason }, lockMetadata)
    } catch (error) {
      context.logger.error({ err: error, setupId }, 'No se pudo liberar el bloqueo de la configuración inicial')
    }
  }

  let setupId: string
  if (leftover && leftover.fingerprint === requestFingerprint) {
    // The same request again: the idempotent steps answer what they created the first time.
    setupId = leftover.setupId
    await claim(setupId, requestFingerprint)
  } else {
    let replacing: string | undefined
    if (leftover) {
      // A different request: remove what the earlier attempt left, under the lock, before starting anew.
      await claim(leftover.setupId, leftover.fingerprint)
      if (!(await undo(context, leftover.setupId, meta))) {
        await release(leftover.setupId, false, 'No se pudo deshacer un intento anterior')
        throw serviceUnavailable('No fue posible completar la configuración', 'Intente de nuevo más tarde')
      }
      replacing = leftover.setupId
    }
    setupId = randomUUID()
    await claim(setupId, requestFingerprint, replacing)
  }

  const steps: SetupSteps = {}
  try {
    steps.admin = answerOf(
      'identity',
      setupAdminResponseSchema,
      await callServiceOk(context.directory, 'identity', '/internal/setup/admin', {
        body: {
          setupId,
          user: {
            name: request.user.name,
            lastName: request.user.lastName,
            email: request.user.email,
            password: request.user.password,
            thumbnail: request.user.thumbnail ?? null,
          },
        },
        requestId: meta.correlationId,
      }),
    )
    // The first category and institution are the first administrator's: the history shows his name.
    steps.catalog = answerOf(
      'campaign',
      setupCatalogResponseSchema,
      await callServiceOk(context.directory, 'campaign', '/internal/setup/catalog', {
        body: { setupId, actor: steps.admin.userId, category: request.category, institution: request.institution ?? null },
        requestId: meta.correlationId,
      }),
    )
    const { user } = steps.admin
    await storeConfiguration(context, key, request, html, lock, { setupId, adminId: steps.admin.userId, catalog: steps.catalog, correlationId: meta.correlationId })
    return { token: steps.admin.token, user }
  } catch (error) {
    // Lost the lock (another attempt took over a stale claim and finished): what exists is theirs.
    if (error instanceof ConcurrencyError || error instanceof LockLost) throw alreadyConfigured()
    const undone = await undo(context, setupId, meta)
    await release(setupId, undone, error instanceof HttpError || error instanceof Refusal ? error.message : 'Error interno')
    throw error
  }
}

class LockLost extends Error {
  override readonly name = 'LockLost'
}

/** Another service's answer, checked; a malformed one is a server error (500), never the client's 422. */
function answerOf<S extends z.ZodType>(service: string, schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new Error(`Respuesta inválida del servicio ${service} en la configuración inicial`)
  return parsed.data
}

interface StoreContext {
  setupId: string
  adminId: string
  catalog: { categoryId: string; institutionId: string | null }
  correlationId: string
}

async function storeConfiguration(
  context: ServiceContext,
  key: Buffer,
  request: SetupRequest,
  html: { mission: string; terms: string; notice: string },
  lock: SetupLockHolder,
  at: StoreContext,
): Promise<void> {
  const { store } = context
  const configurationId = randomUUID()
  const secrets: Secrets = { productKey: request.productKey }
  for (const provider of providerNames) {
    const secret = request.keys[provider]?.secret?.trim()
    if (secret) secrets[provider] = secret
  }
  secrets.mailer = request.mailer.auth.pass
  const details = configurationDetailsOf(request, {
    configurationId,
    homeContent: html.mission,
    clientsBefore: undefined,
    pages: { terms: html.terms, notice: html.notice },
    donations: { ...defaultDonationSettings },
    donataria: { ...defaultDonataria },
    secretsChanged: Object.keys(secrets) as ConfigurationDetails['secretsChanged'],
  })
  const pages: [PageName, string][] = [
    ['about-us', html.mission],
    ['notice-of-privacy', html.notice],
    ['terms-and-conditions', html.terms],
  ]
  const metadata = { actor: at.adminId, correlationId: at.correlationId }
  const completed = { setupId: at.setupId, configurationId, adminId: at.adminId, categoryId: at.catalog.categoryId, institutionId: at.catalog.institutionId }
  // The configuration and the pages have new ids: their streams are known to be empty.
  const done = await store.transaction(async (tx) => {
    if (await loadConfiguration(tx, store.schema)) throw new LockLost('El sitio ya se configuró en otro intento')
    await writeSecrets(tx, store.schema, key, secrets)
    await handleCommandIn(store, tx, configurationStream(configurationId), configurationDecider, { kind: 'create', details }, { metadata, history: [] })
    for (const [name, description] of pages) {
      const pageId = randomUUID()
      await handleCommandIn(store, tx, pageStream(pageId), pageDecider, { kind: 'create', pageId, name, title: PAGE_TITLES[name], description }, { metadata, history: [] })
    }
    try {
      return await lock.decideIn(tx, { kind: 'complete', completed }, metadata)
    } catch (error) {
      if (error instanceof Refusal) throw new LockLost(error.message)
      throw error
    }
  })
  done()
}

/** Undoes a setup's steps in the other services (last first); true when both are gone. */
async function undo(context: ServiceContext, setupId: string, meta: SetupMeta): Promise<boolean> {
  let undone = true
  for (const [service, path] of [
    ['campaign', `/internal/setup/catalog/${encodeURIComponent(setupId)}`],
    ['identity', `/internal/setup/admin/${encodeURIComponent(setupId)}`],
  ] as const) {
    try {
      const { status } = await callService(context.directory, service, path, { method: 'DELETE', requestId: meta.correlationId })
      if (!(status >= 200 && status < 300) && status !== 404) {
        undone = false
        context.logger.error({ service, setupId, status }, 'No se pudo deshacer un paso de la configuración inicial')
      }
    } catch (error) {
      undone = false
      context.logger.error({ err: error, service, setupId }, 'No se pudo deshacer un paso de la configuración inicial')
    }
  }
  return undone
}
