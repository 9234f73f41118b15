import {
  categoryActivationToggled,
  categoryCreated,
  categoryRemoved,
  categoryUpdated,
  institutionActivationToggled,
  institutionCreated,
  institutionRemoved,
  institutionUpdated,
} from '@donaciones/contracts'
import { ident, on, typedProjection, type SqlExecutor } from '@donaciones/kit'

interface CatalogRecord {
  id: string
  /** A category's title or an institution's name. */
  label: string
  description: string
}

/** The statements of one catalog table; categories label with `title`, institutions with `name`. */
function catalogTable(name: 'categories' | 'institutions', label: 'title' | 'name') {
  const table = (schema: string) => `${ident(schema)}.${name}`
  return {
    async create(tx: SqlExecutor, schema: string, record: CatalogRecord & { active: boolean }, at: string) {
      await tx.query(
        `insert into ${table(schema)} (id, ${label}, description, active, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)`,
        [record.id, record.label, record.description, record.active, at],
      )
    },
    async update(tx: SqlExecutor, schema: string, record: CatalogRecord, at: string) {
      await tx.query(`update ${table(schema)} set ${label} = $2, description = $3, updated_at = $4 where id = $1`, [record.id, record.label, record.description, at])
    },
    async toggle(tx: SqlExecutor, schema: string, id: string, active: boolean, at: string) {
      await tx.query(`update ${table(schema)} set active = $2, updated_at = $3 where id = $1`, [id, active, at])
    },
    async remove(tx: SqlExecutor, schema: string, id: string) {
      await tx.query(`delete from ${table(schema)} where id = $1`, [id])
    },
  }
}

const categories = catalogTable('categories', 'title')
const institutions = catalogTable('institutions', 'name')

/** Categories and institutions as the admin lists and the option lists read them. */
export const catalogProjection = typedProjection({
  name: 'catalog',
  tables: ['categories', 'institutions'],
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
  handlers: [
    on(categoryCreated, (data, event, tx, schema) =>
      categories.create(tx, schema, { id: data.categoryId, label: data.title, description: data.description, active: data.active }, event.occurredAt)),
    on(categoryUpdated, (data, event, tx, schema) =>
      categories.update(tx, schema, { id: data.categoryId, label: data.title, description: data.description }, event.occurredAt)),
    on(categoryActivationToggled, (data, event, tx, schema) => categories.toggle(tx, schema, data.categoryId, data.active, event.occurredAt)),
    on(categoryRemoved, (data, _event, tx, schema) => categories.remove(tx, schema, data.categoryId)),
    on(institutionCreated, (data, event, tx, schema) =>
      institutions.create(tx, schema, { id: data.institutionId, label: data.name, description: data.description, active: data.active }, event.occurredAt)),
    on(institutionUpdated, (data, event, tx, schema) =>
      institutions.update(tx, schema, { id: data.institutionId, label: data.name, description: data.description }, event.occurredAt)),
    on(institutionActivationToggled, (data, event, tx, schema) => institutions.toggle(tx, schema, data.institutionId, data.active, event.occurredAt)),
    on(institutionRemoved, (data, _event, tx, schema) => institutions.remove(tx, schema, data.institutionId)),
  ],
})
