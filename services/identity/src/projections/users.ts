import {
  filePath,
  userActivationToggled,
  userCreated,
  userPasswordChanged,
  userPermissionsChanged,
  userProfileUpdated,
  userRoleChanged,
  userSetupReverted,
  userSignedOut,
  userUpdated,
  socialAccountLinked,
  userEmailVerified,
  type AuthUser,
  type Role,
  type User,
} from '@donaciones/contracts'
import { ident, on, typedProjection, type SqlExecutor } from '@donaciones/kit'
import { toPermissionEntries, type PermissionGrant } from '../modules.ts'

/** One row of the `users` read model. */
export interface UserRow {
  id: string
  name: string
  last_name: string
  email: string
  role: Role
  permissions: PermissionGrant[]
  thumbnail: string | null
  picture: string | null
  active: boolean
  change_password: boolean
  /** False for a self sign-up until its mailed link is opened; password sign-in needs it. */
  email_verified: boolean
  session_version: number
  created_at: Date | string
  updated_at: Date | string
}

/** E-mails compare without case and surrounding blanks. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase()
}

const table = (schema: string) => `${ident(schema)}.users`

async function bumpSession(tx: SqlExecutor, schema: string, id: string, at: string): Promise<void> {
  await tx.query(`update ${table(schema)} set session_version = session_version + 1, updated_at = $2 where id = $1`, [id, at])
}

/**
 * Users as spec §3 describes them, plus the session version: it grows on every change that must
 * end the user's existing tokens (deactivation, role, permissions, password, sign-out).
 */
export const usersProjection = typedProjection({
  name: 'users',
  tables: ['users', 'social_accounts'],
  async setup(db, schema) {
    await db.exec(`
      create table if not exists ${table(schema)} (
        id text primary key,
        name text not null,
        last_name text not null,
        email text not null,
        email_key text not null unique,
        role smallint not null,
        permissions jsonb not null default '[]'::jsonb,
        thumbnail text,
        picture text,
        active boolean not null,
        change_password boolean not null,
        session_version integer not null default 0,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index if not exists users_role on ${table(schema)} (role, created_at);
      create table if not exists ${ident(schema)}.social_accounts (
        provider text not null,
        provider_id text not null,
        user_id text not null,
        primary key (provider, provider_id)
      );
    `)
  },
  // Accounts created before e-mails were verified count as verified.
  migrations: [{ id: 'email-verified', sql: (s) => `alter table ${s}.users add column if not exists email_verified boolean not null default true` }],
  handlers: [
    on(userCreated, async (data, event, tx, schema) => {
      await tx.query(
        `insert into ${table(schema)} (id, name, last_name, email, email_key, role, permissions, thumbnail, picture, active, change_password, email_verified, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13, $13)`,
        [data.userId, data.name, data.lastName, data.email, emailKey(data.email), data.role, JSON.stringify(data.permissions), data.thumbnail, data.picture, data.active, data.changePassword, data.origin !== 'signup', event.occurredAt],
      )
    }),
    on(userUpdated, async (data, event, tx, schema) => {
      await tx.query(
        `update ${table(schema)} set name = $2, last_name = $3, email = $4, email_key = $5, thumbnail = $6, picture = $7, updated_at = $8 where id = $1`,
        [data.userId, data.name, data.lastName, data.email, emailKey(data.email), data.thumbnail, data.picture, event.occurredAt],
      )
    }),
    on(userProfileUpdated, async (data, event, tx, schema) => {
      await tx.query(
        `update ${table(schema)} set name = $2, last_name = $3, email = $4, email_key = $5, thumbnail = $6, updated_at = $7 where id = $1`,
        [data.userId, data.name, data.lastName, data.email, emailKey(data.email), data.thumbnail, event.occurredAt],
      )
    }),
    on(userRoleChanged, async (data, event, tx, schema) => {
      await tx.query(`update ${table(schema)} set role = $2 where id = $1`, [data.userId, data.role])
      await bumpSession(tx, schema, data.userId, event.occurredAt)
    }),
    on(userPermissionsChanged, async (data, event, tx, schema) => {
      await tx.query(`update ${table(schema)} set permissions = $2::jsonb where id = $1`, [data.userId, JSON.stringify(data.permissions)])
      await bumpSession(tx, schema, data.userId, event.occurredAt)
    }),
    on(userActivationToggled, async (data, event, tx, schema) => {
      await tx.query(`update ${table(schema)} set active = $2, updated_at = $3 where id = $1`, [data.userId, data.active, event.occurredAt])
      if (!data.active) await bumpSession(tx, schema, data.userId, event.occurredAt)
    }),
    on(userPasswordChanged, async (data, event, tx, schema) => {
      await tx.query(`update ${table(schema)} set change_password = $2 where id = $1`, [data.userId, data.changePassword])
      await bumpSession(tx, schema, data.userId, event.occurredAt)
    }),
    on(userSignedOut, async (data, _event, tx, schema) => {
      await tx.query(`update ${table(schema)} set session_version = session_version + 1 where id = $1`, [data.userId])
    }),
    on(userSetupReverted, async (data, _event, tx, schema) => {
      await tx.query(`delete from ${table(schema)} where id = $1`, [data.userId])
      await tx.query(`delete from ${ident(schema)}.social_accounts where user_id = $1`, [data.userId])
    }),
    on(userEmailVerified, async (data, event, tx, schema) => {
      await tx.query(`update ${table(schema)} set email_verified = true, active = true, updated_at = $2 where id = $1`, [data.userId, event.occurredAt])
    }),
    on(socialAccountLinked, async (data, _event, tx, schema) => {
      await tx.query(
        `insert into ${ident(schema)}.social_accounts (provider, provider_id, user_id) values ($1, $2, $3)
         on conflict (provider, provider_id) do update set user_id = excluded.user_id`,
        [data.provider, data.providerId, data.userId],
      )
    }),
  ],
})

const columns = 'id, name, last_name, email, role, permissions, thumbnail, picture, active, change_password, email_verified, session_version, created_at, updated_at'

export async function findUserById(db: SqlExecutor, schema: string, id: string, options: { lock?: boolean } = {}): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${columns} from ${table(schema)} where id = $1${options.lock ? ' for update' : ''}`, [id])
  return rows[0] ? normalizeRow(rows[0]) : undefined
}

export async function findUserBySocialAccount(db: SqlExecutor, schema: string, provider: string, providerId: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${columns.split(', ').map((column) => `u.${column}`).join(', ')} from ${ident(schema)}.social_accounts s join ${table(schema)} u on u.id = s.user_id
     where s.provider = $1 and s.provider_id = $2`,
    [provider, providerId],
  )
  return rows[0] ? normalizeRow(rows[0]) : undefined
}

export async function findUserByEmail(db: SqlExecutor, schema: string, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${columns} from ${table(schema)} where email_key = $1`, [emailKey(email)])
  return rows[0] ? normalizeRow(rows[0]) : undefined
}

/** Users of the given roles, newest first; `ids` narrows to a selection. */
export async function listUsers(db: SqlExecutor, schema: string, roles: readonly Role[], ids?: readonly string[]): Promise<UserRow[]> {
  const params: unknown[] = [roles]
  let where = 'role = any($1::smallint[])'
  if (ids) {
    params.push(ids)
    where += ' and id = any($2::text[])'
  }
  const { rows } = await db.query<UserRow>(`select ${columns} from ${table(schema)} where ${where} order by created_at desc, id`, params)
  return rows.map(normalizeRow)
}

export async function countActiveFullAdmins(db: SqlExecutor, schema: string, exceptId: string): Promise<number> {
  const { rows } = await db.query<{ count: number | string }>(
    `select count(*) as count from ${table(schema)} where role = 0 and active and id <> $1`,
    [exceptId],
  )
  return Number(rows[0]?.count ?? 0)
}

function normalizeRow(row: UserRow): UserRow {
  return { ...row, role: Number(row.role) as Role, session_version: Number(row.session_version) }
}

function iso(value: Date | string): string {
  return new Date(value).toISOString()
}

/** The User of spec §3. */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    lastName: row.last_name,
    fullName: `${row.name} ${row.last_name}`.trim(),
    email: row.email,
    role: row.role,
    permissions: toPermissionEntries(row.permissions),
    thumbnail: row.thumbnail ? { _id: row.thumbnail, path: filePath(row.thumbnail) } : null,
    picture: row.picture,
    active: row.active,
    changePassword: row.change_password,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

/** The auth user of spec §3 (what the token carries); thumbnail is the file's path. */
export function toAuthUser(row: UserRow): AuthUser {
  return {
    _id: row.id,
    role: row.role,
    active: row.active,
    changePassword: row.change_password,
    permissions: toPermissionEntries(row.permissions),
    name: row.name,
    lastName: row.last_name,
    thumbnail: row.thumbnail ? filePath(row.thumbnail) : null,
    picture: row.picture,
    email: row.email,
  }
}
