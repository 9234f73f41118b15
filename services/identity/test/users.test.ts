import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forEachEngine } from '../../../tests/support/engines.ts'
import { userSchema, moduleListResponseSchema } from '@donaciones/contracts'
import { ident } from '@donaciones/kit'
import { readXlsx, readXlsxCells } from '@donaciones/xlsx'
import { expectMexicoCityDateTime } from '../../../tests/support/xlsx-dates.ts'
import {
  claimsOf,
  createSession,
  justification,
  login,
  provisionalPasswordFor,
  waitForMails,
  seedFullAdmin,
  startTestPlatform,
  uniqueEmail,
  type Session,
  type TestPlatform,
} from './platform.ts'

interface ErrorBody {
  message: string
  description: string
  errors?: { path: string; message: string }[]
}

interface UserBody {
  _id: string
  role: number
  active: boolean
  email: string
  permissions: { module: { name: string }; read: boolean; create: boolean; update: boolean; isNew?: boolean }[]
  [key: string]: unknown
}

forEachEngine('users and permissions', (engine) => {
  let platform: TestPlatform
  let admin: Session

  beforeAll(async () => {
    platform = await startTestPlatform({}, engine)
    admin = await seedFullAdmin(platform)
  })
  afterAll(() => platform.stop())

  describe('POST /api/users/', () => {
    it('creates an administrator, mails a provisional password and flags changePassword', async () => {
      const email = uniqueEmail('nuevo')
      const response = await platform.api<{ message: string; description: string; mailQueued: boolean; user: UserBody }>('/api/users', {
        token: admin.token,
        json: {
          name: ' Beto ',
          lastName: 'Restringido',
          email,
          role: 1,
          thumbnail: 'archivo-1',
          permissions: [
            { module: 'campaign', read: false, create: true, update: false },
            { module: 'pages', read: false, create: false, update: false },
          ],
        },
      })
      expect(response.status).toBe(201)
      expect(response.body.message).toBe('Administrador creado')
      expect(response.body.description).toBe(`Se enviará una contraseña provisional a ${email}`)
      expect(response.body.mailQueued).toBe(true)
      const user = userSchema.parse(response.body.user)
      expect(user).toMatchObject({
        name: 'Beto',
        lastName: 'Restringido',
        fullName: 'Beto Restringido',
        email,
        role: 1,
        active: true,
        changePassword: true,
        picture: null,
        thumbnail: { _id: 'archivo-1', path: '/api/files/archivo-1/raw' },
      })
      // Ticking create forces read; an all-false entry is dropped.
      expect(user.permissions).toEqual([
        { module: { _id: 'campaign', name: 'campaign', label: 'Campañas', path: '/dashboard/campaign/list' }, read: true, create: true, update: false, delete: false },
      ])
      expect(user.createdAt).toBe(user.updatedAt)
      const [mail] = await waitForMails(platform, email)
      expect(mail?.subject).toBe('Su contraseña provisional')
      expect(mail?.text).toContain('https://donaciones.test/login')
      const provisional = await provisionalPasswordFor(platform, email)
      expect(provisional).toHaveLength(14)
      const session = await login(platform, email, provisional)
      expect(session.status).toBe(200)
      expect(claimsOf(session.body.token)).toMatchObject({ changePassword: true, role: 1 })
      // The provisional password never comes back to the administrator.
      expect(JSON.stringify(response.body)).not.toContain(provisional)
    })

    it('creates a role 2 user with "Registro guardado"', async () => {
      const email = uniqueEmail('usuario')
      const response = await platform.api<{ message: string; user: UserBody }>('/api/users', {
        token: admin.token,
        json: { name: 'Carla', lastName: 'Usuaria', email, role: 2, permissions: [{ module: 'admin', read: true, create: true, update: true }] },
      })
      expect(response.status).toBe(201)
      expect(response.body.message).toBe('Registro guardado')
      expect(response.body.user.permissions).toEqual([])
    })

    it('answers 409 "Registro ya existente" for an e-mail in use, whatever its case', async () => {
      const response = await platform.api<ErrorBody>('/api/users', {
        token: admin.token,
        json: { name: 'Otra', lastName: 'Ana', email: admin.email.toUpperCase(), role: 2 },
      })
      expect(response.status).toBe(409)
      expect(response.body.message).toBe('Registro ya existente')
    })

    it('answers each Spanish validation message', async () => {
      const missing = await platform.api<ErrorBody>('/api/users', { token: admin.token, json: {} })
      expect(missing.status).toBe(422)
      expect(missing.body.errors).toEqual([
        { path: 'name', message: 'Campo requerido' },
        { path: 'lastName', message: 'Campo requerido' },
        { path: 'email', message: 'Campo requerido' },
        { path: 'role', message: 'Campo requerido' },
      ])
      const long = await platform.api<ErrorBody>('/api/users', {
        token: admin.token,
        json: { name: 'x'.repeat(31), lastName: 'y'.repeat(31), email: 'mal', role: 5 },
      })
      expect(long.body.errors).toEqual([
        { path: 'name', message: 'El máximo de caracteres es de 30' },
        { path: 'lastName', message: 'El máximo de caracteres es de 30' },
        { path: 'email', message: 'Correo electrónico inválido' },
        { path: 'role', message: 'Campo requerido' },
      ])
    })

    it('queues the mail with the user while the mail service is down, and delivers it once it is back', async () => {
      platform.mailDown.value = true
      const email = uniqueEmail('sin-correo')
      try {
        const response = await platform.api<{ message: string; description: string; mailQueued: boolean }>('/api/users', {
          token: admin.token,
          json: { name: 'Sin', lastName: 'Correo', email, role: 1 },
        })
        expect(response.status).toBe(201)
        expect(response.body).toMatchObject({ mailQueued: true, description: `Se enviará una contraseña provisional a ${email}` })
        await platform.identity.context.mail.drain()
        expect(platform.mails.some((mail) => mail.to === email)).toBe(false)
        const [queued] = await platform.identity.context.mail.undelivered(-60_000)
        expect(queued?.lastError).toContain('Correo caído')
      } finally {
        platform.mailDown.value = false
      }
      await platform.db.query(`update ${platform.identity.context.store.schema}.mail_outbox set next_attempt_at = now() where delivered_at is null`)
      platform.identity.context.mail.kick()
      expect(await provisionalPasswordFor(platform, email)).toHaveLength(14)
      expect(platform.mails.filter((mail) => mail.to === email)).toHaveLength(1)
    })
  })

  describe('lists and details', () => {
    it('GET /api/users/ lists role 2 users and /api/users/admin/ roles 0 and 1', async () => {
      const users = await platform.api<UserBody[]>('/api/users/', { token: admin.token })
      expect(users.status).toBe(200)
      expect(users.body.length).toBeGreaterThan(0)
      expect(users.body.every((user) => user.role === 2)).toBe(true)
      for (const user of users.body) userSchema.parse(user)
      const admins = await platform.api<UserBody[]>('/api/users/admin/', { token: admin.token })
      expect(admins.status).toBe(200)
      expect(new Set(admins.body.map((user) => user.role))).toEqual(new Set([0, 1]))
      expect(admins.body.some((user) => user._id === admin.id)).toBe(true)
      // No credential of any kind in any answer.
      const { rows } = await platform.db.query<{ salt: string; hash: string }>(`select salt, hash from ${ident(platform.identity.context.store.schema)}.credentials`)
      expect(rows.length).toBeGreaterThan(1)
      const text = JSON.stringify([users.body, admins.body])
      for (const row of rows) {
        expect(text).not.toContain(row.hash)
        expect(text).not.toContain(row.salt)
      }
    })

    it('GET /api/users/{id} and /api/users/edit/{id}; unknown ids are 404', async () => {
      const one = await platform.api<UserBody>(`/api/users/${admin.id}`, { token: admin.token })
      expect(one.status).toBe(200)
      expect(userSchema.parse(one.body)).toMatchObject({ _id: admin.id, role: 0, email: admin.email })
      const restricted = await createSession(platform, admin, { role: 1, permissions: [{ module: 'user', read: true, create: false, update: false }] })
      const edit = await platform.api<UserBody>(`/api/users/edit/${restricted.id}`, { token: admin.token })
      expect(edit.status).toBe(200)
      // The whole matrix: every module, the missing ones marked isNew.
      expect(edit.body.permissions).toHaveLength(8)
      expect(edit.body.permissions.find((entry) => entry.module.name === 'user')).toMatchObject({ read: true, isNew: false })
      expect(edit.body.permissions.find((entry) => entry.module.name === 'admin')).toMatchObject({ read: false, isNew: true })
      const missing = await platform.api<ErrorBody>('/api/users/no-existe', { token: admin.token })
      expect(missing.status).toBe(404)
      expect(missing.body.message).toBe('Usuario no encontrado')
      expect((await platform.api('/api/users/edit/no-existe', { token: admin.token })).status).toBe(404)
    })

    it('lets anyone signed in read his own record', async () => {
      const user = await createSession(platform, admin, { role: 2 })
      expect((await platform.api(`/api/users/${user.id}`, { token: user.token })).status).toBe(200)
      expect((await platform.api(`/api/users/edit/${user.id}`, { token: user.token })).status).toBe(200)
      expect((await platform.api(`/api/users/${admin.id}`, { token: user.token })).status).toBe(403)
    })

    it('GET /api/modules lists the eight modules with Spanish labels and app paths', async () => {
      const response = await platform.api('/api/modules', { token: admin.token })
      expect(response.status).toBe(200)
      const modules = moduleListResponseSchema.parse(response.body)
      expect(modules.map((module) => [module.name, module.label])).toEqual([
        ['campaign', 'Campañas'],
        ['admin', 'Administradores'],
        ['user', 'Usuarios'],
        ['institution', 'Instituciones'],
        ['category', 'Categorías'],
        ['pages', 'Páginas'],
        ['historical', 'Histórico'],
        ['donation', 'Donaciones'],
      ])
      expect(modules.every((module) => module.path.startsWith('/dashboard/'))).toBe(true)
    })
  })

  describe('PUT /api/users/{id}', () => {
    it('updates details, role and permissions with "Registro actualizado"', async () => {
      const target = await createSession(platform, admin, { role: 2 })
      const response = await platform.api<{ message: string; user: UserBody }>(`/api/users/${target.id}`, {
        method: 'PUT',
        token: admin.token,
        json: {
          payload: { name: 'Nuevo', lastName: 'Nombre', email: target.email, role: 1, permissions: [{ module: 'category', read: false, create: false, update: true }] },
          historical: justification,
        },
      })
      expect(response.status).toBe(200)
      expect(response.body.message).toBe('Registro actualizado')
      expect(response.body.user).toMatchObject({ name: 'Nuevo', fullName: 'Nuevo Nombre', role: 1 })
      expect(response.body.user.permissions).toEqual([expect.objectContaining({ read: true, create: false, update: true })])
      expect(Date.parse(String(response.body.user.updatedAt))).toBeGreaterThan(Date.parse(String(response.body.user.createdAt)))
    })

    it('requires a non-empty justification (422)', async () => {
      const target = await createSession(platform, admin, { role: 2 })
      const payload = { name: 'X', lastName: 'Y', email: target.email, role: 2 }
      const none = await platform.api<ErrorBody>(`/api/users/${target.id}`, { method: 'PUT', token: admin.token, json: { payload } })
      expect(none.status).toBe(422)
      expect(none.body.errors).toEqual([{ path: 'historical', message: 'Campo requerido' }])
      const blank = await platform.api<ErrorBody>(`/api/users/${target.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload, historical: { cause: 'Actualización', description: '   ' } },
      })
      expect(blank.status).toBe(422)
      expect(blank.body.errors).toEqual([{ path: 'historical.description', message: 'Campo requerido' }])
      const toggle = await platform.api<ErrorBody>(`/api/users/${target.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { active: false }, historical: { cause: 'Desactivación', description: '' } },
      })
      expect(toggle.status).toBe(422)
      const wrongCause = await platform.api<ErrorBody>(`/api/users/${target.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { active: false }, historical: { cause: 'Activación', description: 'x' } },
      })
      expect(wrongCause.status).toBe(422)
      expect(wrongCause.body.errors).toEqual([{ path: 'historical.cause', message: 'Opción inválida' }])
      expect((await platform.api<UserBody>(`/api/users/${target.id}`, { token: admin.token })).body.active).toBe(true)
    })

    it('toggles the active flag with "Registro desactivado" and "Registro activado"', async () => {
      const target = await createSession(platform, admin, { role: 2 })
      const off = await platform.api<{ message: string; user: UserBody }>(`/api/users/${target.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'Baja' } },
      })
      expect(off.body).toMatchObject({ message: 'Registro desactivado', user: { active: false } })
      const on = await platform.api<{ message: string; user: UserBody }>(`/api/users/${target.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { active: true }, historical: { cause: 'Activación', description: 'Alta' } },
      })
      expect(on.body).toMatchObject({ message: 'Registro activado', user: { active: true } })
    })

    it('answers 409 for another user’s e-mail and 404 for an unknown user', async () => {
      const target = await createSession(platform, admin, { role: 2 })
      const taken = await platform.api<ErrorBody>(`/api/users/${target.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { name: 'X', lastName: 'Y', email: admin.email, role: 2 }, historical: justification },
      })
      expect(taken.status).toBe(409)
      expect(taken.body.message).toBe('Registro ya existente')
      const unknown = await platform.api(`/api/users/no-existe`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { name: 'X', lastName: 'Y', email: uniqueEmail(), role: 2 }, historical: justification },
      })
      expect(unknown.status).toBe(404)
    })

    it('never lets the last active full administrator go, nor anyone deactivate himself', async () => {
      const own = await platform.api<ErrorBody>(`/api/users/${admin.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'x' } },
      })
      expect(own.status).toBe(403)
      expect(own.body.description).toBe('No puede desactivar su propia cuenta')
      const demote = await platform.api<ErrorBody>(`/api/users/${admin.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { name: 'Ana', lastName: 'Admin', email: admin.email, role: 1 }, historical: justification },
      })
      expect(demote.status).toBe(422)
      expect(demote.body).toEqual({ message: 'Operación no permitida', description: 'Debe existir al menos un administrador total activo' })
    })
  })

  describe('nobody escalates', () => {
    it('a role 1 administrator cannot create, promote to or change a role 0 user', async () => {
      const restricted = await createSession(platform, admin, {
        role: 1,
        permissions: [
          { module: 'admin', read: true, create: true, update: true },
          { module: 'user', read: true, create: true, update: true },
        ],
      })
      const create = await platform.api<ErrorBody>('/api/users', { token: restricted.token, json: { name: 'A', lastName: 'B', email: uniqueEmail(), role: 0 } })
      expect(create.status).toBe(403)
      expect(create.body.description).toBe('Solo un administrador total puede gestionar administradores totales')
      const user = await createSession(platform, admin, { role: 2 })
      const promote = await platform.api(`/api/users/${user.id}`, {
        method: 'PUT',
        token: restricted.token,
        json: { payload: { name: 'A', lastName: 'B', email: user.email, role: 0 }, historical: justification },
      })
      expect(promote.status).toBe(403)
      const self = await platform.api(`/api/users/${restricted.id}`, {
        method: 'PUT',
        token: restricted.token,
        json: { payload: { name: 'A', lastName: 'B', email: restricted.email, role: 0 }, historical: justification },
      })
      expect(self.status).toBe(403)
      const touchAdmin = await platform.api(`/api/users/${admin.id}`, {
        method: 'PUT',
        token: restricted.token,
        json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'x' } },
      })
      expect(touchAdmin.status).toBe(403)
      expect((await platform.api<UserBody>(`/api/users/${user.id}`, { token: admin.token })).body.role).toBe(2)
      expect((await platform.api<UserBody>(`/api/users/${admin.id}`, { token: admin.token })).body.active).toBe(true)
    })

    it('refuses Crear and Actualizar on the read-only donation module (422), and grants its Leer', async () => {
      for (const [action, rights] of [['create', { read: true, create: true, update: false }], ['update', { read: true, create: false, update: true }]] as const) {
        const refused = await platform.api<ErrorBody>('/api/users', {
          token: admin.token,
          json: { name: 'Solo', lastName: 'Lectura', email: uniqueEmail('donaciones'), role: 1, permissions: [{ module: 'donation', ...rights }] },
        })
        expect(refused.status).toBe(422)
        expect(refused.body.errors).toContainEqual({ path: `permissions.0.${action}`, message: 'El módulo Donaciones solo admite el permiso Leer' })
      }
      const reader = await createSession(platform, admin, { role: 1, permissions: [{ module: 'donation', read: true, create: false, update: false }] })
      const edit = await platform.api<UserBody>(`/api/users/edit/${reader.id}`, { token: admin.token })
      expect(edit.body.permissions.find((entry) => entry.module.name === 'donation')).toMatchObject({ read: true, create: false, update: false, isNew: false })
      const update = await platform.api<ErrorBody>(`/api/users/${reader.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { name: 'Solo', lastName: 'Lectura', email: reader.email, role: 1, permissions: [{ module: 'donation', read: true, create: false, update: true }] }, historical: justification },
      })
      expect(update.status).toBe(422)
    })

    it('refuses granting an action no route has: Crear on Páginas, Crear or Actualizar on Histórico (422, in Spanish)', async () => {
      const attempts = [
        { module: 'pages', create: true, update: false, path: 'permissions.1.create', message: 'El módulo Páginas solo admite los permisos Leer y Actualizar' },
        { module: 'historical', create: true, update: false, path: 'permissions.1.create', message: 'El módulo Histórico solo admite el permiso Leer' },
        { module: 'historical', create: false, update: true, path: 'permissions.1.update', message: 'El módulo Histórico solo admite el permiso Leer' },
      ]
      for (const { module, create, update, path, message } of attempts) {
        const permissions = [{ module: 'campaign', read: true, create: true, update: true }, { module, read: true, create, update }]
        const refused = await platform.api<ErrorBody>('/api/users', {
          token: admin.token,
          json: { name: 'Acción', lastName: 'Inexistente', email: uniqueEmail('inexistente'), role: 1, permissions },
        })
        expect(refused.status, `${module} ${create ? 'create' : 'update'}`).toBe(422)
        expect(refused.body.errors).toEqual([{ path, message }])
      }
      // The actions they do have are granted, and an edit is refused the same way.
      const created = await platform.api<{ user: UserBody }>('/api/users', {
        token: admin.token,
        json: {
          name: 'Acción',
          lastName: 'Existente',
          email: uniqueEmail('existente'),
          role: 1,
          permissions: [{ module: 'pages', read: true, create: false, update: true }, { module: 'historical', read: true, create: false, update: false }],
        },
      })
      expect(created.status).toBe(201)
      const editor = { id: created.body.user._id, email: created.body.user.email }
      const edit = await platform.api<UserBody>(`/api/users/edit/${editor.id}`, { token: admin.token })
      expect(edit.body.permissions.filter((entry) => !entry.isNew).map(({ module, read, create, update }) => ({ module: module.name, read, create, update }))).toEqual([
        { module: 'pages', read: true, create: false, update: true },
        { module: 'historical', read: true, create: false, update: false },
      ])
      const grant = await platform.api<ErrorBody>(`/api/users/${editor.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { name: 'Acción', lastName: 'Inexistente', email: editor.email, role: 1, permissions: [{ module: 'pages', read: true, create: true, update: true }] }, historical: justification },
      })
      expect(grant.status).toBe(422)
      expect(grant.body.errors).toEqual([{ path: 'payload.permissions.0.create', message: 'El módulo Páginas solo admite los permisos Leer y Actualizar' }])
    })

    it('a role 1 administrator grants only permissions he holds, and never adds to his own', async () => {
      const restricted = await createSession(platform, admin, { role: 1, permissions: [{ module: 'admin', read: true, create: true, update: true }] })
      const grant = await platform.api<ErrorBody>('/api/users', {
        token: restricted.token,
        json: { name: 'A', lastName: 'B', email: uniqueEmail(), role: 1, permissions: [{ module: 'campaign', read: true, create: false, update: false }] },
      })
      expect(grant.status).toBe(403)
      expect(grant.body.description).toBe('No puede otorgar permisos que usted no tiene')
      const allowed = await platform.api('/api/users', {
        token: restricted.token,
        json: { name: 'A', lastName: 'B', email: uniqueEmail(), role: 1, permissions: [{ module: 'admin', read: true, create: false, update: false }] },
      })
      expect(allowed.status).toBe(201)
      const own = await platform.api<ErrorBody>(`/api/users/${restricted.id}`, {
        method: 'PUT',
        token: restricted.token,
        json: {
          payload: { name: 'A', lastName: 'B', email: restricted.email, role: 1, permissions: [{ module: 'admin', read: true, create: true, update: true }, { module: 'user', read: true, create: false, update: false }] },
          historical: justification,
        },
      })
      expect(own.status).toBe(403)
      const stored = await platform.api<UserBody>(`/api/users/${restricted.id}`, { token: admin.token })
      expect(stored.body.permissions.map((entry) => entry.module.name)).toEqual(['admin'])
    })

    it('a permission change ends the administrator’s tokens, so the old claims die with them', async () => {
      const restricted = await createSession(platform, admin, { role: 1, permissions: [{ module: 'user', read: true, create: false, update: false }] })
      expect((await platform.api('/api/users/', { token: restricted.token })).status).toBe(200)
      await platform.api(`/api/users/${restricted.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { name: 'A', lastName: 'B', email: restricted.email, role: 1, permissions: [] }, historical: justification },
      })
      expect((await platform.api('/api/users/', { token: restricted.token })).status).toBe(401)
      const fresh = await login(platform, restricted.email, restricted.password)
      expect((await platform.api('/api/users/', { token: fresh.body.token })).status).toBe(403)
    })

    it('a full administrator may demote himself when another one remains; his token ends', async () => {
      const second = await createSession(platform, admin, { role: 0 })
      const response = await platform.api(`/api/users/${second.id}`, {
        method: 'PUT',
        token: second.token,
        json: { payload: { name: 'Dos', lastName: 'Admin', email: second.email, role: 1 }, historical: justification },
      })
      expect(response.status).toBe(200)
      expect((await platform.api('/api/users/admin/', { token: second.token })).status).toBe(401)
    })
  })

  describe('PUT /api/users/profile', () => {
    it('updates the own profile with "Perfil actualizado" and a fresh token', async () => {
      const restricted = await createSession(platform, admin, { role: 1 })
      const response = await platform.api<{ message: string; user: UserBody; token: string }>('/api/users/profile', {
        method: 'PUT',
        token: restricted.token,
        json: { name: 'Perfil', lastName: 'Propio', email: restricted.email, thumbnail: 'foto-1' },
      })
      expect(response.status).toBe(200)
      expect(response.body.message).toBe('Perfil actualizado')
      expect(response.body.user).toMatchObject({ _id: restricted.id, name: 'Perfil', thumbnail: { path: '/api/files/foto-1/raw' }, role: 1 })
      expect(claimsOf(response.body.token)).toMatchObject({ name: 'Perfil', thumbnail: '/api/files/foto-1/raw' })
      // The profile change does not end the session.
      expect((await platform.api(`/api/users/${restricted.id}`, { token: restricted.token })).status).toBe(200)
    })

    it('answers the profile form messages, 409 for a taken e-mail and 401 without a session', async () => {
      const restricted = await createSession(platform, admin, { role: 1 })
      const invalid = await platform.api<ErrorBody>('/api/users/profile', {
        method: 'PUT',
        token: restricted.token,
        json: { name: 'x'.repeat(26), lastName: '', email: restricted.email },
      })
      expect(invalid.status).toBe(422)
      expect(invalid.body.errors).toEqual([
        { path: 'name', message: 'El máximo de caracteres es de 25' },
        { path: 'lastName', message: 'Campo requerido' },
        { path: 'thumbnail', message: 'Campo requerido' },
      ])
      const taken = await platform.api<ErrorBody>('/api/users/profile', {
        method: 'PUT',
        token: restricted.token,
        json: { name: 'A', lastName: 'B', email: admin.email, thumbnail: 'f' },
      })
      expect(taken.status).toBe(409)
      expect((await platform.api('/api/users/profile', { method: 'PUT', json: { name: 'A' } })).status).toBe(401)
    })
  })

  describe('POST /api/users/{id}/provisional-password', () => {
    it('mails a new provisional password and ends the user’s sessions', async () => {
      const user = await createSession(platform, admin, { role: 1 })
      const response = await platform.api<{ message: string; description: string }>(`/api/users/${user.id}/provisional-password`, {
        token: admin.token,
        json: { historical: { cause: 'Actualización', description: 'No recibió el correo' } },
      })
      expect(response.status).toBe(200)
      expect(response.body).toEqual({ message: 'Contraseña provisional generada', description: `Se enviará una contraseña provisional a ${user.email}`, mailQueued: true })
      expect((await platform.api(`/api/users/${user.id}`, { token: user.token })).status).toBe(401)
      const session = await login(platform, user.email, await provisionalPasswordFor(platform, user.email, 2))
      expect(claimsOf(session.body.token).changePassword).toBe(true)
      const noReason = await platform.api(`/api/users/${user.id}/provisional-password`, { token: admin.token, json: {} })
      expect(noReason.status).toBe(422)
    })
  })

  describe('POST /api/users/export', () => {
    it('answers a real .xlsx with Spanish headers for the selection', async () => {
      const user = await createSession(platform, admin, { role: 2, name: 'Exportada', lastName: 'Prueba' })
      const response = await platform.api('/api/users/export', { token: admin.token, json: { selection: [user.id, admin.id] } })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="usuarios.xlsx"')
      const rows = await readXlsx(Buffer.from(response.raw))
      expect(rows[0]).toEqual(['Nombre', 'Apellido', 'Correo electrónico', 'Rol', 'Activo', 'Fecha de creación', 'Última actualización'])
      expect(rows).toHaveLength(3)
      const exported = rows.find((row) => row[2] === user.email)
      expect(exported?.slice(0, 5)).toEqual(['Exportada', 'Prueba', user.email, 'Usuario', 'Sí'])
      // Real date-time cells on Mexico City's clock, not text.
      const record = (await platform.api<UserBody>(`/api/users/${user.id}`, { token: admin.token })).body
      const cells = (await readXlsxCells(Buffer.from(response.raw))).find((row) => row[2]?.value === user.email)
      expectMexicoCityDateTime(cells?.[5], String(record.createdAt))
      expectMexicoCityDateTime(cells?.[6], String(record.updatedAt))
      expect(rows.find((row) => row[2] === admin.email)?.[3]).toBe('Administrador total')
    })

    it('exports every readable user of a list for an empty selection', async () => {
      const response = await platform.api('/api/users/export?list=user', { token: admin.token, json: { selection: [] } })
      const rows = await readXlsx(Buffer.from(response.raw))
      const users = await platform.api<UserBody[]>('/api/users/', { token: admin.token })
      expect(rows.length - 1).toBe(users.body.length)
      expect(rows.slice(1).every((row) => row[3] === 'Usuario')).toBe(true)
    })

    it('refuses users the administrator may not read', async () => {
      const restricted = await createSession(platform, admin, { role: 1, permissions: [{ module: 'user', read: true, create: false, update: false }] })
      const response = await platform.api('/api/users/export', { token: restricted.token, json: { selection: [admin.id] } })
      expect(response.status).toBe(403)
      const invalid = await platform.api<ErrorBody>('/api/users/export', { token: admin.token, json: {} })
      expect(invalid.status).toBe(422)
      expect(invalid.body.errors).toEqual([{ path: 'selection', message: 'Campo requerido' }])
    })
  })
})
