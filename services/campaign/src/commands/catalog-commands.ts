import { randomUUID } from 'node:crypto'
import type { EventMetadata, HistoricalInput } from '@donaciones/contracts'
import { handleCommand, type EventStore } from '@donaciones/kit'
import type { CatalogKind } from '../catalog-kinds.ts'
import { labelTaken } from '../projections/catalog-queries.ts'
import { catalogDecider, type CatalogCommand } from './catalog-decider.ts'

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

async function run(context: CommandContext, kind: CatalogKind, command: CatalogCommand, historical?: HistoricalInput): Promise<void> {
  await handleCommand(context.store, streamOf(kind, command.id), catalogDecider(kind), command, { metadata: metadataOf(context, historical) })
}

export async function createCatalogRecord(context: CommandContext, kind: CatalogKind, input: Record<string, string>): Promise<string> {
  const { store } = context
  const label = input[kind.label] as string
  const id = randomUUID()
  const taken = await labelTaken(store.db, store.schema, kind, label)
  await run(context, kind, { type: 'create', id, label, description: input.description as string, labelTaken: taken })
  return id
}

export async function updateCatalogRecord(
  context: CommandContext,
  kind: CatalogKind,
  id: string,
  input: Record<string, string>,
  historical: HistoricalInput,
): Promise<void> {
  const { store } = context
  const label = input[kind.label] as string
  const taken = await labelTaken(store.db, store.schema, kind, label, id)
  await run(context, kind, { type: 'update', id, label, description: input.description as string, labelTaken: taken }, historical)
}

export async function toggleCatalogRecord(context: CommandContext, kind: CatalogKind, id: string, active: boolean, historical: HistoricalInput): Promise<void> {
  await run(context, kind, { type: 'toggle', id, active }, historical)
}
