import { filePath, userCreated, userProfileUpdated, userSetupReverted, userUpdated } from '@donaciones/contracts'
import { ident, on, typedProjection, type SqlExecutor } from '@donaciones/kit'

interface Person {
  userId: string
  name: string
  lastName: string
  thumbnail: string | null
  picture?: string | null
}

async function savePerson(tx: SqlExecutor, schema: string, person: Person): Promise<void> {
  const picture = person.thumbnail ? filePath(person.thumbnail) : (person.picture ?? null)
  await tx.query(
    `insert into ${ident(schema)}.people (id, name, last_name, picture) values ($1, $2, $3, $4)
     on conflict (id) do update set name = excluded.name, last_name = excluded.last_name, picture = coalesce(excluded.picture, people.picture)`,
    [person.userId, person.name, person.lastName, picture],
  )
}

/** Names and pictures of users (from the identity service), to show who wrote a comment. */
export const peopleProjection = typedProjection({
  name: 'people',
  tables: ['people'],
  async setup(db, schema) {
    await db.exec(`create table if not exists ${ident(schema)}.people (id text primary key, name text not null, last_name text not null, picture text)`)
  },
  handlers: [
    on(userCreated, (data, _event, tx, schema) => savePerson(tx, schema, data)),
    on(userUpdated, (data, _event, tx, schema) => savePerson(tx, schema, data)),
    on(userProfileUpdated, (data, _event, tx, schema) => savePerson(tx, schema, data)),
    on(userSetupReverted, async (data, _event, tx, schema) => {
      await tx.query(`delete from ${ident(schema)}.people where id = $1`, [data.userId])
    }),
  ],
})

export async function findPerson(db: SqlExecutor, schema: string, id: string) {
  const { rows } = await db.query<{ name: string; last_name: string; picture: string | null }>(`select name, last_name, picture from ${ident(schema)}.people where id = $1`, [id])
  return rows[0]
}
