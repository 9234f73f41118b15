import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import {
  ALREADY_EXISTS,
  configurationCreated,
  defaultDonataria,
  defaultDonationSettings,
  pageCreated,
  providerNames,
  setupAdminResponseSchema,
  setupCatalogResponseSchema,
  setupCompleted,
  setupFailed,
  setupStarted,
  type EventEnvelope,
  type PageName,
  type SetupAdminResponse,
  type SetupRequest,
  type SetupResponse,
} from '@donaciones/contracts'
import {
  callService,
  callServiceOk,
  ConcurrencyError,
  conflict,
  HttpError,
  isEvent,
  newEvent,
  serviceUnavailable,
  type ServiceContext,
} from '@donaciones/kit'
import { loadConfiguration, type ConfigurationDetails } from '../projections/configuration.ts'
import { fingerprint } from '../secrets/secret-box.ts'
import { writeSecrets, type Secrets } from '../secrets/secret-store.ts'
import { requireFiles, sanitizeRequired } from './checks.ts'

export const SETUP_STREAM = 'setup'
/** A claim older than this is taken over: its process died (each internal call times out after 15 s). */
export const SETUP_LEASE_MS = 2 * 60_000

export const PAGE_TITLES: Record<PageName, string> = {
  'about-us': 'Nosotros',
  'notice-of-privacy': 'Aviso de privacidad',
  'terms-and-conditions': 'Términos y condiciones',
}

export const alreadyConfigured = () => conflict(ALREADY_EXISTS, 'El sitio ya está configurado')
const setupInProgress = () => conflict('Configuración en curso', 'Otra configuración se está realizando; intente de nuevo en unos momentos')

interface SetupLock {
  /** Stream version the next claim must expect. */
  version: number
  completed: boolean
  /** A claim still running (within the lease). */
  running: boolean
  /** Steps of an earlier attempt that may still exist elsewhere (failed undo, or a process that died). */
  leftover: { setupId: string; fingerprint: string } | undefined
}

function readLock(events: readonly EventEnvelope[], now = Date.now()): SetupLock {
  let claim: { setupId: string; fingerprint: string; at: number } | undefined
  let leftover: SetupLock['leftover']
  let completed = false
  for (const event of events) {
    if (isEvent(setupStarted, event)) {
      claim = { setupId: event.data.setupId, fingerprint: event.data.fingerprint, at: Date.parse(event.occurredAt) }
    } else if (isEvent(setupFailed, event)) {
      leftover = event.data.undone || !claim ? undefined : { setupId: claim.setupId, fingerprint: claim.fingerprint }
      claim = undefined
    } else if (event.type === setupCompleted.type) {
      completed = true
      claim = undefined
    }
  }
  const running = claim !== undefined && now - claim.at < SETUP_LEASE_MS
  if (claim && !running) leftover = { setupId: claim.setupId, fingerprint: claim.fingerprint }
  return { version: events.at(-1)?.version ?? 0, completed, running, leftover }
}

export interface SetupMeta {
  correlationId: string
}

interface SetupSteps {
  catalog?: { categoryId: string; institutionId: string | null }
  admin?: SetupAdminResponse
}

/**
 * POST /api/init with a validated request (the route answers 409 once configured before validating). Takes the setup lock (stream 'setup', expectedVersion),
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
  const lock = readLock(await store.readStream(SETUP_STREAM))
  if (lock.completed) throw alreadyConfigured()
  if (lock.running) throw setupInProgress()

  let version = lock.version
  const claim = async (setupId: string, print: string) => {
    try {
      await store.append(SETUP_STREAM, [newEvent(setupStarted, { setupId, fingerprint: print })], {
        expectedVersion: version,
        metadata: { actor: null, correlationId: meta.correlationId },
      })
    } catch (error) {
      if (error instanceof ConcurrencyError) throw setupInProgress()
      throw error
    }
    version += 1
  }
  const release = async (setupId: string, undone: boolean, reason: string) => {
    try {
      await store.append(SETUP_STREAM, [newEvent(setupFailed, { setupId, undone, reason })], {
        expectedVersion: version,
        metadata: { actor: null, correlationId: meta.correlationId },
      })
      version += 1
    } catch (error) {
      context.logger.error({ err: error, setupId }, 'No se pudo liberar el bloqueo de la configuración inicial')
    }
  }

  let setupId: string
  if (lock.leftover && lock.leftover.fingerprint === requestFingerprint) {
    // The same request again: the idempotent steps answer what they created the first time.
    setupId = lock.leftover.setupId
    await claim(setupId, requestFingerprint)
  } else {
    if (lock.leftover) {
      // A different request: remove what the earlier attempt left, under the lock, before starting anew.
      const previous = lock.leftover
      await claim(previous.setupId, previous.fingerprint)
      if (!(await undo(context, previous.setupId, meta))) {
        await release(previous.setupId, false, 'No se pudo deshacer un intento anterior')
        throw serviceUnavailable('No fue posible completar la configuración', 'Intente de nuevo más tarde')
      }
    }
    setupId = randomUUID()
    await claim(setupId, requestFingerprint)
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
    await storeConfiguration(context, key, request, html, { setupId, version, adminId: steps.admin.userId, catalog: steps.catalog, correlationId: meta.correlationId })
    return { token: steps.admin.token, user }
  } catch (error) {
    // Lost the lock (another attempt took over a stale claim and finished): what exists is theirs.
    if (error instanceof ConcurrencyError || error instanceof LockLost) throw alreadyConfigured()
    const undone = await undo(context, setupId, meta)
    await release(setupId, undone, error instanceof HttpError ? error.message : 'Error interno')
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
  version: number
  adminId: string
  catalog: { categoryId: string; institutionId: string | null }
  correlationId: string
}

async function storeConfiguration(
  context: ServiceContext,
  key: Buffer,
  request: SetupRequest,
  html: { mission: string; terms: string; notice: string },
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
  const clients = Object.fromEntries(
    providerNames.map((provider) => [provider, request.keys[provider]?.client?.trim() ?? '']),
  ) as ConfigurationDetails['clients']
  const details: ConfigurationDetails = {
    configurationId,
    settings: { name: request.settings.name, logo: request.settings.logo, gratitudeMessage: request.settings.gratitudeMessage },
    home: { showCounters: request.home.showCounters, content: html.mission, image: request.home.image },
    contact: request.contact,
    urls: { facebook: request.urls.facebook ?? '', twitter: request.urls.twitter ?? '', instagram: request.urls.instagram ?? '' },
    providers: request.providers,
    clients,
    mailer: { host: request.mailer.host, port: request.mailer.port, user: request.mailer.auth.user },
    pages: { terms: html.terms, notice: html.notice },
    donations: { ...defaultDonationSettings },
    donataria: { ...defaultDonataria },
    secretsChanged: Object.keys(secrets) as ConfigurationDetails['secretsChanged'],
  }
  const pages: [PageName, string][] = [
    ['about-us', html.mission],
    ['notice-of-privacy', html.notice],
    ['terms-and-conditions', html.terms],
  ]
  const metadata = { actor: at.adminId, correlationId: at.correlationId }
  await store.transaction(async (tx) => {
    if (await loadConfiguration(tx, store.schema)) throw new LockLost('El sitio ya se configuró en otro intento')
    await writeSecrets(tx, store.schema, key, secrets)
    await store.appendIn(tx, `configuration-${configurationId}`, [newEvent(configurationCreated, details)], { expectedVersion: 0, metadata })
    for (const [name, description] of pages) {
      const pageId = randomUUID()
      await store.appendIn(
        tx,
        `page-${pageId}`,
        [newEvent(pageCreated, { pageId, name, title: PAGE_TITLES[name], description, active: true })],
        { expectedVersion: 0, metadata },
      )
    }
    await store.appendIn(
      tx,
      SETUP_STREAM,
      [
        newEvent(setupCompleted, {
          setupId: at.setupId,
          configurationId,
          adminId: at.adminId,
          categoryId: at.catalog.categoryId,
          institutionId: at.catalog.institutionId,
        }),
      ],
      { expectedVersion: at.version, metadata },
    )
  })
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
