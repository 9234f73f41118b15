import {
  categoryActivationToggled,
  categoryCreated,
  categoryRemoved,
  categoryUpdated,
  institutionActivationToggled,
  institutionCreated,
  institutionRemoved,
  institutionUpdated,
  type EventEnvelope,
} from '@donaciones/contracts'
import { ident, type Projection, type SqlExecutor } from '@donaciones/kit'

interface CatalogKind {
  table: 'categories' | 'institutions'
  /** The name column: categories have a title, institutions a name. */
  label: 'title' | 'name'
  idField: 'categoryId' | 'institutionId'
}

const kinds: Record<string, CatalogKind> = {
  category: { table: 'categories', label: 'title', idField: 'categoryId' },
  institution: { table: 'institutions', label: 'name', idField: 'institutionId' },
}

function kindOf(event: EventEnvelope): CatalogKind {
  const kind = event.type.startsWith('Category') ? kinds.category : kinds.institution
  if (!kind) throw new Error(`Evento de catálogo desconocido: ${event.type}`)
  return kind
}

async function apply(tx: SqlExecutor, event: EventEnvelope, schema: string): Promise<void> {
  const kind = kindOf(event)
  const table = `${ident(schema)}.${kind.table}`
  const data = event.data as Record<string, unknown>
  const id = data[kind.idField]
  switch (event.type) {
    case categoryCreated.type:
    case institutionCreated.type:
      await tx.query(
        `insert into ${table} (id, ${kind.label}, description, active, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)`,
        [id, data[kind.label], data.description, data.active, event.occurredAt],
      )
      return
    case categoryUpdated.type:
    case institutionUpdated.type:
      await tx.query(`update ${table} set ${kind.label} = $2, description = $3, updated_at = $4 where id = $1`, [id, data[kind.label], data.description, event.occurredAt])
      return
    case categoryActivationToggled.type:
    case institutionActivationToggled.type:
      await tx.query(`update ${table} set active = $2, updated_at = $3 where id = $1`, [id, data.active, event.occurredAt])
      return
    case categoryRemoved.type:
    case institutionRemoved.type:
      await tx.query(`delete from ${table} where id = $1`, [id])
      return
  }
}

/** Categories and institutions as the admin lists and the option lists read them. */
export const catalogProjection: Projection = {
  name: 'catalog',
  tables: ['categories', 'institutions'],
  handles: [
    categoryCreated,
    categoryUpdated,
    categoryActivationToggled,
    categoryRemoved,
    institutionCreated,
    institutionUpdated,
    institutionActivationToggled,
    institutionRemoved,
  ],
  async setup(db, schema) {
    const s = ident(schema)
    await db.exec(`
      create table if not exists ${s}.categories (
        id uuid primary key, title text not null, description text not null, active boolean not null,
        created_at timestamptz not null, updated_at timestamptz not null);
      create unique index if not exists categories_title_unique on ${s}.categories (lower(title));
      create table if not exists ${s}.institutions (
        id uuid primary key, name text not null, description text not null, active boolean not null,
        created_at timestamptz not null, updated_at timestamptz not null);
      create unique index if not exists institutions_name_unique on ${s}.institutions (lower(name));
    `)
  },
  apply,
}
