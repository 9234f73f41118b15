import { pageActivationToggled, pageCreated, pageUpdated, type Page, type PageName } from '@donaciones/contracts'
import { ident, on, typedProjection, type SqlExecutor } from '@donaciones/kit'

/** The three static pages. */
export const pagesProjection = typedProjection({
  name: 'pages',
  tables: ['pages'],
  async setup(db, schema) {
    await db.exec(`create table if not exists ${ident(schema)}.pages (
      id text primary key,
      name text not null unique,
      title text not null,
      description text not null,
      active boolean not null,
      stream_version integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`)
  },
  handlers: [
    on(pageCreated, async (data, event, tx, schema) => {
      await tx.query(
        `insert into ${ident(schema)}.pages (id, name, title, description, active, stream_version, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $7) on conflict (id) do nothing`,
        [data.pageId, data.name, data.title, data.description, data.active, event.version, event.occurredAt],
      )
    }),
    on(pageUpdated, async (data, event, tx, schema) => {
      await tx.query(`update ${ident(schema)}.pages set description = $2, stream_version = $3, updated_at = $4 where id = $1`, [
        data.pageId,
        data.description,
        event.version,
        event.occurredAt,
      ])
    }),
    on(pageActivationToggled, async (data, event, tx, schema) => {
      await tx.query(`update ${ident(schema)}.pages set active = $2, stream_version = $3, updated_at = $4 where id = $1`, [
        data.pageId,
        data.active,
        event.version,
        event.occurredAt,
      ])
    }),
  ],
})

interface PageRow {
  id: string
  name: PageName
  title: string
  description: string
  active: boolean
  stream_version: number
  created_at: Date | string
  updated_at: Date | string
}

const columns = 'id, name, title, description, active, created_at, updated_at'

function toPage(row: PageRow): Page {
  return {
    _id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    active: row.active,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

export async function listPages(db: SqlExecutor, schema: string): Promise<Page[]> {
  const { rows } = await db.query<PageRow>(`select ${columns} from ${ident(schema)}.pages order by name`)
  return rows.map(toPage)
}

export async function findPage(db: SqlExecutor, schema: string, by: { id: string } | { name: PageName }): Promise<Page | undefined> {
  const [column, value] = 'id' in by ? ['id', by.id] : ['name', by.name]
  const { rows } = await db.query<PageRow>(`select ${columns} from ${ident(schema)}.pages where ${column} = $1`, [value])
  return rows[0] ? toPage(rows[0]) : undefined
}
