import {
  categoryCreated,
  categoryRemoved,
  institutionCreated,
  institutionRemoved,
  type EventDefinition,
  type EventMetadata,
} from '@donaciones/contracts'
import { deterministicUuid, newEvent, type EventStore, type SqlExecutor } from '@donaciones/kit'
import type { z } from 'zod'
import type { setupCatalogRequestSchema } from '@donaciones/contracts'

type SetupCatalogRequest = z.infer<typeof setupCatalogRequestSchema>

const removedTypes = new Set<string>([categoryRemoved.type, institutionRemoved.type])

/** True when the record's stream holds a live record (created and not removed since). */
async function isLive(store: EventStore, tx: SqlExecutor, stream: string): Promise<{ live: boolean; version: number }> {
  const events = await store.readStream(stream, tx)
  const last = events.at(-1)
  return { live: last !== undefined && !removedTypes.has(last.type), version: last?.version ?? 0 }
}

async function createOnce(
  store: EventStore,
  tx: SqlExecutor,
  stream: string,
  definition: EventDefinition,
  data: Record<string, unknown>,
  metadata: EventMetadata,
): Promise<void> {
  const { live, version } = await isLive(store, tx, stream)
  if (live) return
  await store.appendIn(tx, stream, [newEvent(definition, data)], { expectedVersion: version, metadata })
}

export function setupCatalogIds(setupId: string, withInstitution: boolean): { categoryId: string; institutionId: string | null } {
  return {
    categoryId: deterministicUuid('setup', setupId, 'category'),
    institutionId: withInstitution ? deterministicUuid('setup', setupId, 'institution') : null,
  }
}

/** The first category and the optional institution of the setup wizard; a retry finds what it made. */
export async function setupCatalog(store: EventStore, request: SetupCatalogRequest, correlationId: string) {
  const ids = setupCatalogIds(request.setupId, request.institution !== null)
  const metadata: EventMetadata = { actor: request.actor, correlationId }
  await store.transaction(async (tx) => {
    await createOnce(store, tx, `category-${ids.categoryId}`, categoryCreated, { categoryId: ids.categoryId, ...request.category, active: true }, metadata)
    if (request.institution && ids.institutionId) {
      await createOnce(store, tx, `institution-${ids.institutionId}`, institutionCreated, { institutionId: ids.institutionId, ...request.institution, active: true }, metadata)
    }
  })
  return ids
}

/** Undoes a failed setup: removes the category and institution that setup created, if any. */
export async function undoSetupCatalog(store: EventStore, setupId: string, correlationId: string): Promise<void> {
  const ids = setupCatalogIds(setupId, true)
  const metadata: EventMetadata = { actor: null, correlationId }
  await store.transaction(async (tx) => {
    const category = await isLive(store, tx, `category-${ids.categoryId}`)
    if (category.live) {
      await store.appendIn(tx, `category-${ids.categoryId}`, [newEvent(categoryRemoved, { categoryId: ids.categoryId })], { expectedVersion: category.version, metadata })
    }
    const institutionStream = `institution-${ids.institutionId}`
    const institution = await isLive(store, tx, institutionStream)
    if (institution.live && ids.institutionId) {
      await store.appendIn(tx, institutionStream, [newEvent(institutionRemoved, { institutionId: ids.institutionId })], { expectedVersion: institution.version, metadata })
    }
  })
}
