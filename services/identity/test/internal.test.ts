import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forEachEngine } from '../../../tests/support/engines.ts'
import { sessionStateSchema, setupAdminResponseSchema, type EventMetadata } from '@donaciones/contracts'
import { ident, replayProjection } from '@donaciones/kit'
import { issueTokenForUser } from '../src/index.ts'
import { usersProjection } from '../src/projections/users.ts'
import { claimsOf, createSession, justification, login, seedFullAdmin, startTestPlatform, strongPassword, uniqueEmail, waitForMails, type Session, type TestPlatform } from './platform.ts'

forEachEngine('internal endpoints, events and replay', (engine) => {
  let platform: TestPlatform
  let admin: Session
  const schema = () => ident(platform.identity.context.store.schema)

  beforeAll(async () => {
    platform = await startTestPlatform({}, engine)
    admin = await seedFullAdmin(platform)
  })
  afterAll(() => platform.stop())

  describe('GET /internal/sessions/{userId}', () => {
    it('answers the session state, and 404 for an unknown user', async () => {
      const state = await platform.internal(`/internal/sessions/${admin.id}`)
      expect(state.status).toBe(200)
      expect(sessionStateSchema.parse(state.body)).toEqual({ active: true, role: 0, sessionVersion: 0 })
      const unknown = await platform.internal('/internal/sessions/nadie')
      expect(unknown.status).toBe(404)
    })

    it('does not exist for a caller without the internal token', async () => {
      const base = platform.directory.urlsOf('identity')[0]!
      expect((await fetch(`${base}/internal/sessions/${admin.id}`)).status).toBe(404)
      expect((await fetch(`${base}/internal/sessions/${admin.id}`, { headers: { 'x-internal-token': 'adivinado' } })).status).toBe(404)
      const setup = await fetch(`${base}/internal/setup/admin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(setup.status).toBe(404)
    })
  })

  describe('setup of the first administrator', () => {
    const request = (setupId: string, email: string) => ({
      setupId,
      user: { name: 'Primera', lastName: 'Admin', email, password: strongPassword, thumbnail: 'logo-1' },
    })

    it('creates a role 0 user and answers a working token; a retry answers the same user and a fresh token', async () => {
      const setupId = randomUUID()
      const email = uniqueEmail('setup')
      const first = await platform.internal('/internal/setup/admin', { body: request(setupId, email) })
      expect(first.status).toBe(200)
      const body = setupAdminResponseSchema.parse(first.body)
      expect(body.user).toMatchObject({ _id: body.userId, role: 0, active: true, changePassword: false, email, thumbnail: '/api/files/logo-1/raw' })
      expect(claimsOf(body.token)).toMatchObject({ sub: body.userId, role: 0 })
      expect((await platform.api('/api/users/admin/', { token: body.token })).status).toBe(200)

      const retry = await platform.internal('/internal/setup/admin', { body: request(setupId, email) })
      const again = setupAdminResponseSchema.parse(retry.body)
      expect(again.userId).toBe(body.userId)
      expect(again.token).not.toBe(body.token)
      expect((await platform.api('/api/users/admin/', { token: again.token })).status).toBe(200)
      expect((await login(platform, email, strongPassword)).status).toBe(200)
      const { rows } = await platform.db.query<{ count: number }>(`select count(*)::int as count from ${schema()}.users where email_key = $1`, [email])
      expect(rows[0]?.count).toBe(1)
    })

    it('answers 409 "Registro ya existente" when another user has the e-mail', async () => {
      const response = await platform.internal<{ message: string }>('/internal/setup/admin', { body: request(randomUUID(), admin.email) })
      expect(response.status).toBe(409)
      expect(response.body.message).toBe('Registro ya existente')
    })

    it('answers 422 for an incomplete request', async () => {
      const response = await platform.internal<{ errors: unknown[] }>('/internal/setup/admin', { body: { setupId: randomUUID(), user: { name: 'x' } } })
      expect(response.status).toBe(422)
    })

    it('DELETE removes what that setup created, frees the e-mail and is idempotent', async () => {
      const setupId = randomUUID()
      const email = uniqueEmail('deshacer')
      const created = setupAdminResponseSchema.parse((await platform.internal('/internal/setup/admin', { body: request(setupId, email) })).body)
      const removed = await platform.internal(`/internal/setup/admin/${setupId}`, { method: 'DELETE' })
      expect(removed.status).toBe(204)
      expect((await platform.internal(`/internal/sessions/${created.userId}`)).status).toBe(404)
      expect((await platform.api('/api/users/admin/', { token: created.token })).status).toBe(401)
      expect((await login(platform, email, strongPassword)).status).toBe(401)
      const { rows } = await platform.db.query(`select 1 from ${schema()}.credentials where user_id = $1`, [created.userId])
      expect(rows).toHaveLength(0)
      expect((await platform.internal(`/internal/setup/admin/${setupId}`, { method: 'DELETE' })).status).toBe(204)
      expect((await platform.internal(`/internal/setup/admin/${randomUUID()}`, { method: 'DELETE' })).status).toBe(204)
      // The same setup can run again from scratch.
      const redo = setupAdminResponseSchema.parse((await platform.internal('/internal/setup/admin', { body: request(setupId, email) })).body)
      expect(redo.userId).not.toBe(created.userId)
      const types = await platform.db.query<{ type: string }>(`select type from ${schema()}.events where stream_id = $1 order by stream_version`, [`user-${created.userId}`])
      expect(types.rows.map((row) => row.type)).toEqual(['UserCreated', 'UserSetupReverted'])
    })

    it('issueTokenForUser signs a token for an existing user only', async () => {
      const token = await issueTokenForUser(platform.identity.context, admin.id)
      expect(token && claimsOf(token).sub).toBe(admin.id)
      expect(await issueTokenForUser(platform.identity.context, 'nadie')).toBeUndefined()
    })
  })

  describe('events', () => {
    it('record every change with its actor and, for admin changes, the justification', async () => {
      const user = await createSession(platform, admin, { role: 2 })
      await platform.api(`/api/users/${user.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { name: 'Otro', lastName: 'Nombre', email: user.email, role: 2 }, historical: justification },
      })
      await platform.api(`/api/users/${user.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'Baja voluntaria' } },
      })
      const { rows } = await platform.db.query<{ type: string; metadata: EventMetadata }>(
        `select type, metadata from ${schema()}.events where stream_id = $1 order by stream_version`,
        [`user-${user.id}`],
      )
      expect(rows.map((row) => row.type)).toEqual([
        'UserCreated',
        'UserSignedIn',
        'UserPasswordChanged',
        'UserSignedIn',
        'UserUpdated',
        'UserActivationToggled',
      ])
      expect(rows[0]?.metadata.actor).toBe(admin.id)
      expect(rows[2]?.metadata.actor).toBe(user.id)
      expect(rows[4]?.metadata).toMatchObject({ actor: admin.id, historical: justification })
      expect(rows[5]?.metadata).toMatchObject({ actor: admin.id, historical: { cause: 'Desactivación', description: 'Baja voluntaria' } })
    })

    it('never carry a password, hash, salt or recovery token', async () => {
      const recipient = await createSession(platform, admin, { role: 2 })
      const recoveryMailsBefore = platform.mails.filter((mail) => mail.to === recipient.email).length
      expect((await platform.api('/api/auth/request-recover-password', { json: { email: recipient.email } })).status).toBe(200)
      // The mails leave the outbox after the answer: wait for the recovery mail itself.
      const mails = await waitForMails(platform, recipient.email, recoveryMailsBefore + 1)
      const provisional = mails[0]?.text.match(/Contraseña provisional: (\S+)/)?.[1]
      const recoveryToken = mails.at(-1)?.text.match(/token=(\S+)/)?.[1]
      expect(provisional).toBeDefined()
      expect(recoveryToken).toBeDefined()

      const events = await platform.db.query<{ data: unknown; metadata: unknown }>(`select data, metadata from ${schema()}.events`)
      const text = JSON.stringify(events.rows)
      for (const secret of [strongPassword, provisional, recoveryToken]) expect(text).not.toContain(secret)
      const secrets = await platform.db.query<{ salt: string; hash: string }>(`select salt, hash from ${schema()}.credentials where user_id = $1`, [recipient.id])
      const tokens = await platform.db.query<{ token_hash: string }>(`select token_hash from ${schema()}.recovery_tokens where user_id = $1`, [recipient.id])
      expect(secrets.rows).toHaveLength(1)
      expect(tokens.rows).toHaveLength(1)
      for (const row of secrets.rows) {
        expect(text).not.toContain(row.hash)
        expect(text).not.toContain(row.salt)
      }
      for (const row of tokens.rows) expect(text).not.toContain(row.token_hash)

      // A sign-up's link keeps that registration's password hash beside it, never in an event either.
      const registrant = uniqueEmail('registro')
      expect((await platform.api('/api/auth/register', { json: { name: 'Rosa', lastName: 'Méndez', email: registrant, password: 'Registro#2026' } })).status).toBe(200)
      const verificationToken = (await waitForMails(platform, registrant))[0]?.text.match(/token=(\S+)/)?.[1]
      expect(verificationToken).toBeDefined()
      const pending = await platform.db.query<{ token_hash: string; salt: string; hash: string }>(
        `select token_hash, salt, hash from ${schema()}.verification_tokens where user_id = (select id from ${schema()}.users where email = $1)`,
        [registrant],
      )
      expect(pending.rows).toHaveLength(1)
      const after = JSON.stringify((await platform.db.query(`select data, metadata from ${schema()}.events`)).rows)
      for (const secret of ['Registro#2026', verificationToken, pending.rows[0]?.token_hash, pending.rows[0]?.salt, pending.rows[0]?.hash]) {
        expect(secret).toBeTruthy()
        expect(after).not.toContain(secret)
      }
    })
  })

  describe('replay', () => {
    it('rebuilds the users read model identically, credentials untouched', async () => {
      const before = await platform.db.query(`select * from ${schema()}.users order by id`)
      const credentials = await platform.db.query(`select * from ${schema()}.credentials order by user_id`)
      const progress = await replayProjection({ store: platform.identity.context.store, projection: usersProjection })
      expect(progress.done).toBe(progress.total)
      const after = await platform.db.query(`select * from ${schema()}.users order by id`)
      expect(after.rows).toEqual(before.rows)
      expect((await platform.db.query(`select * from ${schema()}.credentials order by user_id`)).rows).toEqual(credentials.rows)
      expect((await login(platform, admin.email, admin.password)).status).toBe(200)
    })
  })
})
