import {
  userActivationToggled,
  userCreated,
  userEmailVerified,
  userPermissionsChanged,
  userProfileUpdated,
  userRoleChanged,
  userSetupReverted,
  userUpdated,
} from '@donaciones/contracts'
import { ident, on, typedProjection, type SqlExecutor } from '@donaciones/kit'

const table = (schema: string) => `${ident(schema)}.people`

async function updateDetails(
  tx: SqlExecutor,
  schema: string,
  data: { userId: string; name: string; lastName: string; email: string; thumbnail: string | null },
  at: string,
): Promise<void> {
  await tx.query(`update ${table(schema)} set name = $2, last_name = $3, email = $4, thumbnail = coalesce($5, thumbnail), updated_at = $6 where id = $1`, [
    data.userId, data.name, data.lastName, data.email, data.thumbnail, at,
  ])
}

/** The users (from the identity service) as the history shows its authors and the per-user page. */
export const peopleProjection = typedProjection({
  name: 'people',
  tables: ['people'],
  async setup(db, schema) {
    await db.exec(`create table if not exists ${table(schema)} (
      id text primary key, name text not null, last_name text not null, email text not null, role integer not null,
      permissions jsonb not null, thumbnail text, picture text, active boolean not null, change_password boolean not null,
      created_at timestamptz not null, updated_at timestamptz not null)`)
  },
  handlers: [
    on(userCreated, async (data, event, tx, schema) => {
      await tx.query(
        `insert into ${table(schema)} (id, name, last_name, email, role, permissions, thumbnail, picture, active, change_password, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $11) on conflict (id) do nothing`,
        [data.userId, data.name, data.lastName, data.email, data.role, JSON.stringify(data.permissions), data.thumbnail, data.picture, data.active, data.changePassword, event.occurredAt],
      )
    }),
    on(userUpdated, (data, event, tx, schema) => updateDetails(tx, schema, data, event.occurredAt)),
    on(userProfileUpdated, (data, event, tx, schema) => updateDetails(tx, schema, data, event.occurredAt)),
    on(userActivationToggled, async (data, event, tx, schema) => {
      await tx.query(`update ${table(schema)} set active = $2, updated_at = $3 where id = $1`, [data.userId, data.active, event.occurredAt])
    }),
    // A self sign-up becomes active when its e-mail is verified.
    on(userEmailVerified, async (data, event, tx, schema) => {
      await tx.query(`update ${table(schema)} set active = true, updated_at = $2 where id = $1`, [data.userId, event.occurredAt])
    }),
    on(userRoleChanged, async (data, event, tx, schema) => {
      await tx.query(`update ${table(schema)} set role = $2, updated_at = $3 where id = $1`, [data.userId, data.role, event.occurredAt])
    }),
    on(userPermissionsChanged, async (data, event, tx, schema) => {
      await tx.query(`update ${table(schema)} set permissions = $2::jsonb, updated_at = $3 where id = $1`, [data.userId, JSON.stringify(data.permissions), event.occurredAt])
    }),
    on(userSetupReverted, async (data, _event, tx, schema) => {
      await tx.query(`delete from ${table(schema)} where id = $1`, [data.userId])
    }),
  ],
})
