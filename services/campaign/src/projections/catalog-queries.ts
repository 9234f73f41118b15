import { ident, type SqlExecutor } from '@donaciones/kit'
import type { CatalogKind } from '../catalog-kinds.ts'

export interface CatalogRecord {
  _id: string
  label: string
  description: string
  active: boolean
  createdAt: string
  updatedAt: string
}

interface Row {
  id: string
  label: string
  description: string
  active: boolean
  created_at: Date | string
  updated_at: Date | string
}

function toRecord(row: Row): CatalogRecord {
  return {
    _id: row.id,
    label: row.label,
    description: row.description,
    active: row.active,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

function select(kind: CatalogKind, schema: string): string {
  return `select id::text as id, ${kind.label} as label, description, active, created_at, updated_at from ${ident(schema)}.${kind.table}`
}

export async function listCatalog(db: SqlExecutor, schema: string, kind: CatalogKind, ids?: readonly string[]): Promise<CatalogRecord[]> {
  const filter = ids && ids.length > 0 ? ' where id::text = any($1::text[])' : ''
  const { rows } = await db.query<Row>(`${select(kind, schema)}${filter} order by created_at desc`, filter ? [ids] : [])
  return rows.map(toRecord)
}

export async function findCatalog(db: SqlExecutor, schema: string, kind: CatalogKind, id: string): Promise<CatalogRecord | undefined> {
  const { rows } = await db.query<Row>(`${select(kind, schema)} where id::text = $1`, [id])
  const row = rows[0]
  return row ? toRecord(row) : undefined
}

/** Another record already using this label, compared without case. */
export async function labelTaken(db: SqlExecutor, schema: string, kind: CatalogKind, label: string, exceptId?: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from ${ident(schema)}.${kind.table} where lower(${kind.label}) = lower($1) and id::text <> coalesce($2, '')`,
    [label, exceptId ?? null],
  )
  return rows.length > 0
}

export async function activeOptions(db: SqlExecutor, schema: string, kind: CatalogKind): Promise<{ value: string; label: string }[]> {
  const { rows } = await db.query<{ value: string; label: string }>(
    `select id::text as value, ${kind.label} as label from ${ident(schema)}.${kind.table} where active order by ${kind.label}`,
  )
  return rows
}
