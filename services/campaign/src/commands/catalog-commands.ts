import { randomUUID } from 'node:crypto'
import { ALREADY_EXISTS, type EventMetadata, type HistoricalInput } from '@donaciones/contracts'
import { conflict, newEvent, notFound, type EventStore } from '@donaciones/kit'
import type { CatalogKind } from '../catalog-kinds.ts'
import { findCatalog, labelTaken } from '../projections/catalog-queries.ts'

export interface CommandContext {
  store: EventStore
  actor: string
  correlationId: string
}

function streamOf(kind: CatalogKind, id: string): string {
  return `${kind.kind}-${id}`
}

function metadataOf(command: CommandContext, historical?: HistoricalInput): EventMetadata {
  return { actor: command.actor, correlationId: command.correlationId, ...(historical ? { historical } : {}) }
}

export async function createCatalogRecord(command: CommandContext, kind: CatalogKind, input: Record<string, string>): Promise<string> {
  const { store } = command
  const label = input[kind.label] as string
  if (await labelTaken(store.db, store.schema, kind, label)) throw conflict(ALREADY_EXISTS)
  const id = randomUUID()
  await store.append(streamOf(kind, id), [newEvent(kind.created, { [kind.idField]: id, [kind.label]: label, description: input.description, active: true })], {
    expectedVersion: 0,
    metadata: metadataOf(command),
  })
  return id
}

export async function updateCatalogRecord(
  command: CommandContext,
  kind: CatalogKind,
  id: string,
  input: Record<string, string>,
  historical: HistoricalInput,
): Promise<void> {
  const { store } = command
  if (!(await findCatalog(store.db, store.schema, kind, id))) throw notFound()
  const label = input[kind.label] as string
  if (await labelTaken(store.db, store.schema, kind, label, id)) throw conflict(ALREADY_EXISTS)
  await store.append(streamOf(kind, id), [newEvent(kind.updated, { [kind.idField]: id, [kind.label]: label, description: input.description })], {
    expectedVersion: 'any',
    metadata: metadataOf(command, historical),
  })
}

export async function toggleCatalogRecord(command: CommandContext, kind: CatalogKind, id: string, active: boolean, historical: HistoricalInput): Promise<void> {
  const { store } = command
  if (!(await findCatalog(store.db, store.schema, kind, id))) throw notFound()
  await store.append(streamOf(kind, id), [newEvent(kind.toggled, { [kind.idField]: id, active })], {
    expectedVersion: 'any',
    metadata: metadataOf(command, historical),
  })
}
