import {
  userActivationToggled,
  userCreated,
  userEmailVerified,
  userPermissionsChanged,
  userProfileUpdated,
  userRoleChanged,
  userSetupReverted,
  userUpdated,
  type EventEnvelope,
} from '@donaciones/contracts'
import { ident, type Projection } from '@donaciones/kit'

type Data = Record<string, unknown>

/** The users (from the identity service) as the history shows its authors and the per-user page. */
export const peopleProjection: Projection = {
  name: 'people',
  tables: ['people'],
  handles: [userCreated, userUpdated, userProfileUpdated, userActivationToggled, userEmailVerified, userRoleChanged, userPermissionsChanged, userSetupReverted],
  async setup(db, schema) {
    await db.exec(`create table if not exists ${ident(schema)}.people (
      id text primary key, name text not null, last_name text not null, email text not null, role integer not null,
      permissions jsonb not null, thumbnail text, picture text, active boolean not null, change_password boolean not null,
      created_at timestamptz not null, updated_at timestamptz not null)`)
  },
  async apply(tx, event: EventEnvelope, schema) {
    const table = `${ident(schema)}.people`
    const data = event.data as Data
    const id = String(data.userId)
    const at = event.occurredAt
    switch (event.type) {
      case userCreated.type:
        await tx.query(
          `insert into ${table} (id, name, last_name, email, role, permissions, thumbnail, picture, active, change_password, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $11) on conflict (id) do nothing`,
          [id, data.name, data.lastName, data.email, data.role, JSON.stringify(data.permissions ?? []), data.thumbnail ?? null, data.picture ?? null, data.active, data.changePassword, at],
        )
        return
      case userUpdated.type:
      case userProfileUpdated.type:
        await tx.query(`update ${table} set name = $2, last_name = $3, email = $4, thumbnail = coalesce($5, thumbnail), updated_at = $6 where id = $1`, [
          id, data.name, data.lastName, data.email, data.thumbnail ?? null, at,
        ])
        return
      case userActivationToggled.type:
        await tx.query(`update ${table} set active = $2, updated_at = $3 where id = $1`, [id, data.active, at])
        return
      case userEmailVerified.type:
        // A self sign-up becomes active when its e-mail is verified.
        await tx.query(`update ${table} set active = true, updated_at = $2 where id = $1`, [id, at])
        return
      case userRoleChanged.type:
        await tx.query(`update ${table} set role = $2, updated_at = $3 where id = $1`, [id, data.role, at])
        return
      case userPermissionsChanged.type:
        await tx.query(`update ${table} set permissions = $2::jsonb, updated_at = $3 where id = $1`, [id, JSON.stringify(data.permissions ?? []), at])
        return
      case userSetupReverted.type:
        await tx.query(`delete from ${table} where id = $1`, [id])
        return
    }
  },
}
