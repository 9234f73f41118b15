import { filePath, type HistoricalEvent, type HistoricalModule, type User } from '@donaciones/contracts'
import { ident, type SqlExecutor } from '@donaciones/kit'

export interface HistoryFilter {
  /** A day (YYYY-MM-DD) in Mexico City time. */
  date?: string
  module?: HistoricalModule
  document?: string
  author?: string
}

/** One stored entry of the history (the `history` table's columns). */
export interface HistoryEntryRow {
  id: string
  module: HistoricalModule
  document: string
  label: string
  title: string
  cause: string
  description: string
  created_at: Date | string
  created_by: string | null
}

interface HistoryRow extends HistoryEntryRow {
  author_name: string | null
  author_last_name: string | null
  author_thumbnail: string | null
}

/** Mexico City has kept UTC−6 all year since 2022. */
function dayBounds(date: string): [string, string] {
  const start = Date.parse(`${date}T00:00:00-06:00`)
  return [new Date(start).toISOString(), new Date(start + 24 * 60 * 60 * 1000).toISOString()]
}

export async function listHistory(db: SqlExecutor, schema: string, filter: HistoryFilter): Promise<HistoricalEvent[]> {
  const s = ident(schema)
  const conditions: string[] = []
  const params: unknown[] = []
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value)
    conditions.push(condition(`$${params.length}`))
  }
  if (filter.date) {
    const [from, to] = dayBounds(filter.date)
    add((p) => `h.created_at >= ${p}`, from)
    add((p) => `h.created_at < ${p}`, to)
  }
  if (filter.module) add((p) => `h.module = ${p}`, filter.module)
  if (filter.document) add((p) => `h.document = ${p}`, filter.document)
  if (filter.author) add((p) => `h.created_by = ${p}`, filter.author)
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''
  const { rows } = await db.query<HistoryRow>(
    `select h.id::text as id, h.module, h.document, h.label, h.title, h.cause, h.description, h.created_at, h.created_by,
            p.name as author_name, p.last_name as author_last_name, p.thumbnail as author_thumbnail
     from ${s}.history h left join ${s}.people p on p.id = h.created_by
     ${where} order by h.created_at desc, h.version desc, h.id limit 1000`,
    params,
  )
  return rows.map((row) => ({
    _id: row.id,
    module: row.module,
    document: row.document,
    label: row.label,
    title: row.title,
    cause: row.cause,
    description: row.description,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy:
      row.created_by && row.author_name !== null
        ? {
            _id: row.created_by,
            name: row.author_name,
            fullName: `${row.author_name} ${row.author_last_name ?? ''}`.trim(),
            thumbnail: row.author_thumbnail ? { path: filePath(row.author_thumbnail) } : null,
          }
        : null,
  }))
}

export async function findPerson(db: SqlExecutor, schema: string, id: string): Promise<User | undefined> {
  const { rows } = await db.query<{
    id: string; name: string; last_name: string; email: string; role: 0 | 1 | 2; permissions: User['permissions']; thumbnail: string | null
    picture: string | null; active: boolean; change_password: boolean; created_at: Date | string; updated_at: Date | string
  }>(`select * from ${ident(schema)}.people where id = $1`, [id])
  const row = rows[0]
  if (!row) return undefined
  return {
    _id: row.id,
    name: row.name,
    lastName: row.last_name,
    fullName: `${row.name} ${row.last_name}`.trim(),
    email: row.email,
    role: row.role,
    permissions: row.permissions,
    thumbnail: row.thumbnail ? { _id: row.thumbnail, path: filePath(row.thumbnail) } : null,
    picture: row.picture,
    active: row.active,
    changePassword: row.change_password,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}
