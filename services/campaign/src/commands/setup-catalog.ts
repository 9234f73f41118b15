import type { EventMetadata } from '@donaciones/contracts'
import { deterministicUuid, handleCommandIn, retryingTransaction, type EventStore, type SqlExecutor } from '@donaciones/kit'
import type { z } from 'zod'
import type { setupCatalogRequestSchema } from '@donaciones/contracts'
import { categoryKind, institutionKind, type CatalogKind } from '../catalog-kinds.ts'
import { catalogDecider, type CatalogCommand } from './catalog-decider.ts'

type SetupCatalogRequest = z.infer<typeof setupCatalogRequestSchema>

/** One record's command, decided on its stream inside the caller's transaction. */
async function decide(store: EventStore, tx: SqlExecutor, kind: CatalogKind, command: CatalogCommand, metadata: EventMetadata): Promise<void> {
  await handleCommandIn(store, tx, `${kind.kind}-${command.id}`, catalogDecider(kind), command, { metadata })
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
  await retryingTransaction(store, async (tx) => {
    const { category, institution } = request
    await decide(store, tx, categoryKind, { type: 'setup', id: ids.categoryId, label: category.title, description: category.description }, metadata)
    if (institution && ids.institutionId) {
      await decide(store, tx, institutionKind, { type: 'setup', id: ids.institutionId, label: institution.name, description: institution.description }, metadata)
    }
  })
  return ids
}

/** Undoes a failed setup: removes the category and institution that setup created, if any. */
export async function undoSetupCatalog(store: EventStore, setupId: string, correlationId: string): Promise<void> {
  const ids = setupCatalogIds(setupId, true)
  const metadata: EventMetadata = { actor: null, correlationId }
  await retryingTransaction(store, async (tx) => {
    await decide(store, tx, categoryKind, { type: 'remove', id: ids.categoryId }, metadata)
    if (ids.institutionId) await decide(store, tx, institutionKind, { type: 'remove', id: ids.institutionId }, metadata)
  })
}
