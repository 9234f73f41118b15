import { filePath, isScheduled, searchKey, todayInMexico, type Campaign, type CampaignCard, type CampaignSummary } from '@donaciones/contracts'
import { containsPattern, ident, type SqlExecutor } from '@donaciones/kit'
import { campaignComments } from './comments.ts'
import { campaignDonations, campaignDonorWall, donationTotalsSql } from './donation-totals.ts'
import { campaignCounterSql } from './campaign-counters.ts'

interface CampaignRow {
  id: string
  slug: string
  title: string
  subtitle: string | null
  description: string
  content: string
  thumbnail: string
  categories: string[]
  institution: string | null
  goal: string | number | null
  duration: number
  date: string | Date
  gratitude: string | null
  visibility: Campaign['visibility']
  active: boolean
  likes: number
  visits: number
  created_at: string | Date
  updated_at: string | Date
}

/** A row of the card queries: the campaign plus its approved donations' total and donors. */
interface CardRow extends CampaignRow {
  raised: string | number
  donors: number
}

/** The select list of a campaign row; likes and visits are sums of their counter shards. */
export const campaignColumns = (schema: string) => `id::text as id, slug, title, subtitle, description, content, thumbnail, categories, institution, goal, duration,
  to_char(date, 'YYYY-MM-DD') as date, gratitude, visibility, active, ${campaignCounterSql(schema, 'likes', 'campaigns.id')} as likes,
  ${campaignCounterSql(schema, 'visits', 'campaigns.id')} as visits, created_at, updated_at`

/** The card columns: the row plus the sum and the distinct donors of its approved donations. */
const cardColumns = (schema: string) => `${campaignColumns(schema)},
  ${donationTotalsSql(schema, 'campaigns.id::text')}`

export const publicPageSize = 9

function cardBase(row: CampaignRow) {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    thumbnail: { _id: row.thumbnail, path: filePath(row.thumbnail) },
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

function toCard(row: CardRow): CampaignCard {
  return {
    ...cardBase(row),
    goal: row.goal === null ? null : Number(row.goal),
    raised: Number(row.raised),
    donors: Number(row.donors),
  }
}

async function labels(db: SqlExecutor, schema: string, table: 'categories' | 'institutions', ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const label = table === 'categories' ? 'title' : 'name'
  const { rows } = await db.query<{ id: string; label: string }>(`select id::text as id, ${label} as label from ${ident(schema)}.${table} where id::text = any($1::text[])`, [ids])
  return new Map(rows.map((row) => [row.id, row.label]))
}

export async function toSummary(db: SqlExecutor, schema: string, row: CampaignRow): Promise<CampaignSummary> {
  const categoryTitles = await labels(db, schema, 'categories', row.categories)
  const institutionNames = await labels(db, schema, 'institutions', row.institution ? [row.institution] : [])
  return summaryOf(row, categoryTitles, institutionNames)
}

/** The summary of a campaign whose category titles and institution name are already loaded. */
export function summaryOf(row: CampaignRow, categoryTitles: ReadonlyMap<string, string>, institutionNames: ReadonlyMap<string, string>): CampaignSummary {
  return {
    ...cardBase(row),
    content: row.content,
    goal: row.goal === null ? null : Number(row.goal),
    duration: row.duration,
    date: typeof row.date === 'string' ? row.date : row.date.toISOString().slice(0, 10),
    gratitude: row.gratitude,
    visibility: row.visibility,
    active: row.active,
    categories: row.categories.map((id) => ({ _id: id, title: categoryTitles.get(id) ?? '' })),
    institution: row.institution ? { _id: row.institution, name: institutionNames.get(row.institution) ?? '' } : null,
    likes: row.likes,
    visits: row.visits,
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

const dayOf = (row: Pick<CampaignRow, 'date'>) => (typeof row.date === 'string' ? row.date : row.date.toISOString().slice(0, 10))

/** When the campaign becomes public: the start of its publication day in Mexico City. */
export function campaignStart(row: Pick<CampaignRow, 'date'>): string {
  return new Date(Date.parse(`${dayOf(row)}T00:00:00-06:00`)).toISOString()
}

/** End of the campaign (publication date in Mexico City + duration) and whether it takes donations now: active, published, not ended. */
export function campaignSchedule(row: Pick<CampaignRow, 'date' | 'duration' | 'active'>, now = new Date()): { endsAt: string; open: boolean } {
  const endsAt = new Date(Date.parse(campaignStart(row)) + row.duration * 24 * 60 * 60 * 1000)
  return { endsAt: endsAt.toISOString(), open: row.active && !isScheduled(dayOf(row), now) && now < endsAt }
}

/** SQL condition of a public campaign: active and published (its day has begun in Mexico City). */
export function publicCampaignSql(table = 'campaigns', now = new Date()): string {
  // A date the server computed, never client input.
  return `${table}.active and ${table}.date <= date '${todayInMexico(now)}'`
}

/** The whole campaign as its page shows it: comments and approved donations included. */
export async function toFullCampaign(db: SqlExecutor, schema: string, row: CampaignRow) {
  return {
    ...(await toSummary(db, schema, row)),
    ...campaignSchedule(row),
    comments: await campaignComments(db, schema, row.id),
    donations: await campaignDonations(db, schema, row.id),
    donorWall: await campaignDonorWall(db, schema, row.id, row.visibility),
  }
}

export async function findCampaignBySlug(db: SqlExecutor, schema: string, slug: string, onlyActive: boolean): Promise<CampaignRow | undefined> {
  const s = ident(schema)
  const { rows } = await db.query<CampaignRow>(
    `select ${campaignColumns(schema)} from ${s}.campaigns where id = (select campaign_id from ${s}.campaign_slugs where slug = $1)${onlyActive ? ` and ${publicCampaignSql()}` : ''}`,
    [slug],
  )
  return rows[0]
}

export async function findCampaignById(db: SqlExecutor, schema: string, id: string): Promise<CampaignRow | undefined> {
  const { rows } = await db.query<CampaignRow>(`select ${campaignColumns(schema)} from ${ident(schema)}.campaigns where id::text = $1`, [id])
  return rows[0]
}

export async function listCampaignRows(db: SqlExecutor, schema: string, options: { onlyActive: boolean; ids?: readonly string[]; limit?: number }): Promise<CampaignRow[]> {
  const conditions = [options.onlyActive ? publicCampaignSql() : 'true']
  const params: unknown[] = []
  if (options.ids && options.ids.length > 0) {
    params.push(options.ids)
    conditions.push(`id::text = any($${params.length}::text[])`)
  }
  const limit = options.limit ? ` limit ${Math.trunc(options.limit)}` : ''
  const { rows } = await db.query<CampaignRow>(`select ${campaignColumns(schema)} from ${ident(schema)}.campaigns where ${conditions.join(' and ')} order by created_at desc, id${limit}`, params)
  return rows
}

/** Active campaigns as cards, newest first (gallery list, banner, slider). */
export async function publicCards(db: SqlExecutor, schema: string, limit?: number): Promise<CampaignCard[]> {
  const { rows } = await db.query<CardRow>(
    `select ${cardColumns(schema)} from ${ident(schema)}.campaigns where ${publicCampaignSql()} order by created_at desc, id${limit ? ` limit ${Math.trunc(limit)}` : ''}`,
  )
  return rows.map(toCard)
}

/** One page of active campaigns, newest first; with `title`, only those whose title contains it (case and accents ignored). */
export async function publicPage(db: SqlExecutor, schema: string, page: number, title?: string) {
  const s = ident(schema)
  const params: unknown[] = []
  let filter = publicCampaignSql()
  if (title !== undefined) {
    params.push(containsPattern(searchKey(title)))
    filter += ` and search_title like $${params.length}`
  }
  const { rows: countRows } = await db.query<{ total: number }>(`select count(*)::int as total from ${s}.campaigns where ${filter}`, params)
  const totalDocs = countRows[0]?.total ?? 0
  params.push(publicPageSize, (page - 1) * publicPageSize)
  const { rows } = await db.query<CardRow>(
    `select ${cardColumns(schema)} from ${s}.campaigns where ${filter} order by created_at desc, id limit $${params.length - 1} offset $${params.length}`,
    params,
  )
  const totalPages = Math.ceil(totalDocs / publicPageSize)
  return {
    docs: rows.map(toCard),
    totalDocs,
    limit: publicPageSize,
    totalPages,
    page,
    nextPage: page < totalPages ? page + 1 : null,
  }
}

export type { CampaignRow }
