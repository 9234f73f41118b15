import { filePath, userCreated, userProfileUpdated, userSetupReverted, userUpdated, type EventEnvelope } from '@donaciones/contracts'
import { ident, type Projection, type SqlExecutor } from '@donaciones/kit'

interface PersonData {
  userId: string
  name?: string
  lastName?: string
  thumbnail?: string | null
  picture?: string | null
}

/** Names and pictures of users (from the identity service), to show who wrote a comment. */
export const peopleProjection: Projection = {
  name: 'people',
  tables: ['people'],
  handles: [userCreated, userUpdated, userProfileUpdated, userSetupReverted],
  async setup(db, schema) {
    await db.exec(`create table if not exists ${ident(schema)}.people (id text primary key, name text not null, last_name text not null, picture text)`)
  },
  async apply(tx, event: EventEnvelope, schema) {
    const data = event.data as PersonData
    const table = `${ident(schema)}.people`
    if (event.type === userSetupReverted.type) {
      await tx.query(`delete from ${table} where id = $1`, [data.userId])
      return
    }
    const picture = data.thumbnail ? filePath(data.thumbnail) : (data.picture ?? null)
    await tx.query(
      `insert into ${table} (id, name, last_name, picture) values ($1, $2, $3, $4)
       on conflict (id) do update set name = excluded.name, last_name = excluded.last_name, picture = coalesce(excluded.picture, people.picture)`,
      [data.userId, data.name ?? '', data.lastName ?? '', picture],
    )
  },
}

export async function findPerson(db: SqlExecutor, schema: string, id: string) {
  const { rows } = await db.query<{ name: string; last_name: string; picture: string | null }>(`select name, last_name, picture from ${ident(schema)}.people where id = $1`, [id])
  return rows[0]
}
