import { randomUUID } from 'node:crypto'
import {
  ALREADY_EXISTS,
  REQUIRED,
  campaignCreated,
  type CampaignInput,
  type HistoricalInput,
} from '@donaciones/contracts'
import { conflict, DuplicateRecordError, handleCommand, ident, isBlankHtml, newEvent, sanitizeRichHtml, unprocessable, validationError } from '@donaciones/kit'
import { categoryKind, institutionKind } from '../catalog-kinds.ts'
import { findCatalog } from '../projections/catalog-queries.ts'
import type { CommandContext } from './catalog-commands.ts'
import { campaignDecider, type CampaignDetails, type CheckedDetails } from './campaign-decider.ts'
import { slugify, uniqueSlug } from './slug.ts'

async function takenSlugs(command: CommandContext, base: string): Promise<Set<string>> {
  const { rows } = await command.store.db.query<{ slug: string }>(
    `select slug from ${ident(command.store.schema)}.campaign_slugs where slug = $1 or slug like $2`,
    [base, `${base}-%`],
  )
  return new Set(rows.map((row) => row.slug))
}

async function titleTakenBy(command: CommandContext, title: string, exceptId?: string): Promise<boolean> {
  const { rows } = await command.store.db.query(
    `select 1 from ${ident(command.store.schema)}.campaigns where lower(title) = lower($1) and id::text <> coalesce($2, '')`,
    [title, exceptId ?? null],
  )
  return rows.length > 0
}

/**
 * Categories and institution must exist; the content is sanitised before it is stored, and content
 * that sanitising empties (only a script, an iframe…) is missing content: 'Campo requerido', as the
 * content service does for pages. Field paths start with `prefix` ('' on create, 'payload.' on update).
 */
async function campaignDetails(command: CommandContext, input: CampaignInput, prefix: '' | 'payload.'): Promise<CampaignDetails> {
  const content = sanitizeRichHtml(input.content)
  if (isBlankHtml(content)) throw validationError([{ path: `${prefix}content`, message: REQUIRED }])
  for (const id of input.categories) {
    if (!(await findCatalog(command.store.db, command.store.schema, categoryKind, id))) {
      throw unprocessable('Datos inválidos', 'La categoría seleccionada no existe', { errors: [{ path: `${prefix}categories`, message: 'La categoría seleccionada no existe' }] })
    }
  }
  if (input.institution && !(await findCatalog(command.store.db, command.store.schema, institutionKind, input.institution))) {
    throw unprocessable('Datos inválidos', 'La institución seleccionada no existe', { errors: [{ path: `${prefix}institution`, message: 'La institución seleccionada no existe' }] })
  }
  return {
    title: input.title,
    subtitle: input.subtitle ?? null,
    description: input.description,
    content,
    thumbnail: input.thumbnail,
    categories: [...new Set(input.categories)],
    institution: input.institution ?? null,
    goal: input.goal ?? null,
    duration: input.duration,
    date: input.date,
    gratitude: input.gratitude ?? null,
    visibility: input.visibility,
  }
}

export async function createCampaign(command: CommandContext, input: CampaignInput): Promise<{ id: string; slug: string }> {
  if (await titleTakenBy(command, input.title)) throw conflict(ALREADY_EXISTS)
  const details = await campaignDetails(command, input, '')
  const base = slugify(input.title)
  // Two different titles can make the same slug at the same moment: the slug index refuses
  // the second, which then takes the next free suffix.
  for (let attempt = 1; ; attempt += 1) {
    const slug = uniqueSlug(base, await takenSlugs(command, base))
    const id = randomUUID()
    try {
      await command.store.append(`campaign-${id}`, [newEvent(campaignCreated, { campaignId: id, slug, ...details, active: true })], {
        expectedVersion: 0,
        metadata: { actor: command.actor, correlationId: command.correlationId },
      })
      return { id, slug }
    } catch (error) {
      if (!(error instanceof DuplicateRecordError) || attempt >= 5 || (await titleTakenBy(command, input.title))) throw error
    }
  }
}

function handleOptions(command: CommandContext, historical: HistoricalInput) {
  return { metadata: { actor: command.actor, correlationId: command.correlationId, historical } }
}

/** The slug stays as it was when the title changes, so shared links keep working. */
export async function updateCampaign(command: CommandContext, id: string, input: CampaignInput, historical: HistoricalInput): Promise<void> {
  const titleTaken = await titleTakenBy(command, input.title, id)
  const checked: CheckedDetails = await campaignDetails(command, input, 'payload.').then(
    (details) => ({ ok: true as const, details }),
    (error: unknown) => ({ ok: false as const, error }),
  )
  await handleCommand(command.store, `campaign-${id}`, campaignDecider, { type: 'update', id, titleTaken, checked }, handleOptions(command, historical))
}

export async function toggleCampaign(command: CommandContext, id: string, active: boolean, historical: HistoricalInput): Promise<void> {
  await handleCommand(command.store, `campaign-${id}`, campaignDecider, { type: 'toggle', id, active }, handleOptions(command, historical))
}
