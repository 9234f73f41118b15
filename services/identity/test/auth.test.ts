import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ident } from '@donaciones/kit'
import {
  claimsOf,
  createSession,
  justification,
  login,
  provisionalPasswordFor,
  seedFullAdmin,
  startTestPlatform,
  strongPassword,
  uniqueEmail,
  type Session,
  type TestPlatform,
} from './platform.ts'

interface ErrorBody {
  message: string
  description: string
  errors?: { path: string; message: string }[]
}

describe('sign-in and sessions', () => {
  let platform: TestPlatform
  let admin: Session

  beforeAll(async () => {
    platform = await startTestPlatform()
    admin = await seedFullAdmin(platform)
  })
  afterAll(() => platform.stop())

  describe('POST /api/auth/login', () => {
    it('answers a token that carries every auth-user field, sub, sv and exp', async () => {
      const response = await login(platform, admin.email, admin.password)
      expect(response.status).toBe(200)
      expect(Object.keys(response.body)).toEqual(['token'])
      const claims = claimsOf(response.body.token)
      expect(claims).toMatchObject({
        _id: admin.id,
        sub: admin.id,
        role: 0,
        active: true,
        changePassword: false,
        permissions: [],
        name: 'Ana',
        lastName: 'Admin',
        thumbnail: null,
        picture: null,
        email: admin.email,
        sv: 0,
      })
      expect(claims.exp).toBeTypeOf('number')
      expect(Number(claims.exp) - Math.floor(Date.now() / 1000)).toBeGreaterThan(60 * 60)
      const header = JSON.parse(Buffer.from(response.body.token.split('.')[0]!, 'base64url').toString()) as { alg: string; kid: string }
      expect(header.alg).toBe('ES256')
      const jwks = await platform.api<{ keys: { kid: string }[] }>('/api/auth/jwks')
      expect(jwks.body.keys.map((key) => key.kid)).toContain(header.kid)
    })

    it('trims both fields and ignores the case of the e-mail', async () => {
      const response = await login(platform, `  ${admin.email.toUpperCase()} `, ` ${admin.password}  `)
      expect(response.status).toBe(200)
    })

    it('answers the Spanish validation messages', async () => {
      const empty = await platform.api<ErrorBody>('/api/auth/login', { json: { email: '  ', password: '' } })
      expect(empty.status).toBe(422)
      expect(empty.body.errors).toEqual([
        { path: 'email', message: 'Campo requerido' },
        { path: 'password', message: 'Campo requerido' },
      ])
      const missing = await platform.api<ErrorBody>('/api/auth/login', { json: {} })
      expect(missing.body.errors?.map((error) => error.message)).toEqual(['Campo requerido', 'Campo requerido'])
      const invalid = await platform.api<ErrorBody>('/api/auth/login', { json: { email: 'no-es-correo', password: 'x' } })
      expect(invalid.status).toBe(422)
      expect(invalid.body.errors).toEqual([{ path: 'email', message: 'Correo electrónico inválido' }])
    })

    it('never says which field was wrong', async () => {
      const wrongPassword = await login(platform, admin.email, 'Incorrecta#1', '10.1.0.1')
      const unknownEmail = await login(platform, uniqueEmail('nadie'), admin.password, '10.1.0.1')
      for (const response of [wrongPassword, unknownEmail]) {
        expect(response.status).toBe(401)
        expect(response.body).toEqual({ message: 'Credenciales inválidas', description: 'Verifique su correo electrónico y contraseña' })
      }
    })

    it('limits failed sign-ins of an e-mail per address (429 with Retry-After), never for the owner at another address', async () => {
      const user = await createSession(platform, admin, { role: 2 })
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await login(platform, user.email, 'Incorrecta#1', '10.2.0.1')).status).toBe(401)
      }
      const blocked = await login(platform, user.email, user.password, '10.2.0.1')
      expect(blocked.status).toBe(429)
      expect(blocked.body.message).toBe('Demasiados intentos')
      expect(blocked.body.description).toMatch(/Intente de nuevo en 15 minutos/)
      const retryAfter = Number(blocked.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(14 * 60)
      expect(retryAfter).toBeLessThanOrEqual(15 * 60)
      // The owner, from an address that has not failed, signs in; another account from the blocked address too.
      expect((await login(platform, user.email, user.password, '10.2.1.1')).status).toBe(200)
      expect((await login(platform, admin.email, admin.password, '10.2.0.1')).status).toBe(200)
      // Once the window has passed, the blocked address may try again.
      await platform.db.query(
        `update ${ident(platform.identity.context.store.schema)}.attempts set at = at - interval '15 minutes' where starts_with(key, $1)`,
        [`login:email-ip:${user.email}|`],
      )
      expect((await login(platform, user.email, user.password, '10.2.0.1')).status).toBe(200)
    })

    it('limits failed sign-ins per client address, whatever the e-mail', async () => {
      const ip = '10.3.0.9'
      for (let attempt = 1; attempt <= 20; attempt += 1) {
        expect((await login(platform, uniqueEmail('ip'), 'Incorrecta#1', ip)).status).toBe(401)
      }
      const blocked = await login(platform, admin.email, admin.password, ip)
      expect(blocked.status).toBe(429)
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)
      expect((await login(platform, admin.email, admin.password, '10.3.0.10')).status).toBe(200)
    })

    it('keeps the failures in the database, where every replica sees them', async () => {
      const { rows } = await platform.db.query<{ count: number }>(
        `select count(*)::int as count from ${ident(platform.identity.context.store.schema)}.attempts where key = 'login:ip:10.3.0.9'`,
      )
      expect(rows[0]?.count).toBe(20)
    })

    it('refuses an inactive user in Spanish, and only after the right password', async () => {
      const user = await createSession(platform, admin, { role: 2 })
      const toggled = await platform.api(`/api/users/${user.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'Baja solicitada' } },
      })
      expect(toggled.status).toBe(200)
      const refused = await login(platform, user.email, user.password, '10.4.0.1')
      expect(refused.status).toBe(403)
      expect(refused.body).toEqual({ message: 'Usuario inactivo', description: 'Su cuenta está desactivada; comuníquese con un administrador' })
      expect((await login(platform, user.email, 'Incorrecta#1', '10.4.0.1')).status).toBe(401)
    })
  })

  describe('PUT /api/auth/logout/{id}', () => {
    it('ends the own session everywhere and refuses someone else’s id', async () => {
      const user = await createSession(platform, admin, { role: 2 })
      const other = await platform.api<ErrorBody>(`/api/auth/logout/${admin.id}`, { method: 'PUT', token: user.token, json: { login: false } })
      expect(other.status).toBe(403)
      expect(other.body.description).toBe('Solo puede cerrar su propia sesión')
      const done = await platform.api(`/api/auth/logout/${user.id}`, { method: 'PUT', token: user.token, json: { login: false } })
      expect(done.status).toBe(200)
      expect(done.body).toEqual({ login: false, message: 'Sesión cerrada' })
      const again = await platform.api(`/api/auth/logout/${user.id}`, { method: 'PUT', token: user.token, json: { login: false } })
      expect(again.status).toBe(401)
      expect((await platform.api(`/api/users/${user.id}`, { token: user.token })).status).toBe(401)
    })

    it('needs a session', async () => {
      const response = await platform.api<ErrorBody>(`/api/auth/logout/${admin.id}`, { method: 'PUT', json: { login: false } })
      expect(response.status).toBe(401)
      expect(response.body.message).toBe('Sesión requerida')
    })
  })

  describe('POST /api/auth/reset-password', () => {
    it('lets a user with a provisional password change it, and nothing else', async () => {
      const email = uniqueEmail('provisional')
      expect((await platform.api('/api/users', { token: admin.token, json: { name: 'Pro', lastName: 'Visional', email, role: 1, permissions: [] } })).status).toBe(201)
      const provisional = await provisionalPasswordFor(platform, email)
      const first = await login(platform, email, provisional)
      expect(first.status).toBe(200)
      const token = first.body.token
      expect(claimsOf(token).changePassword).toBe(true)

      const blocked = await platform.api<ErrorBody>('/api/users/admin/', { token })
      expect(blocked.status).toBe(403)
      expect(blocked.body.message).toBe('Cambio de contraseña requerido')

      const weak = await platform.api<ErrorBody>('/api/auth/reset-password', { token, json: { password: provisional, newPassword: 'abcdefgh' } })
      expect(weak.status).toBe(422)
      expect(weak.body.errors).toEqual([{ path: 'newPassword', message: 'Contraseña poco segura' }])
      const short = await platform.api<ErrorBody>('/api/auth/reset-password', { token, json: { password: provisional, newPassword: 'Ab1#' } })
      expect(short.body.errors).toEqual([{ path: 'newPassword', message: 'El mínimo de caracteres es de 8' }])
      const missing = await platform.api<ErrorBody>('/api/auth/reset-password', { token, json: {} })
      expect(missing.body.errors).toEqual([
        { path: 'password', message: 'Campo requerido' },
        { path: 'newPassword', message: 'Campo requerido' },
      ])
      const wrong = await platform.api<ErrorBody>('/api/auth/reset-password', { token, json: { password: 'Incorrecta#1', newPassword: strongPassword } })
      expect(wrong.status).toBe(422)
      expect(wrong.body.errors).toEqual([{ path: 'password', message: 'Contraseña incorrecta' }])

      const done = await platform.api('/api/auth/reset-password', { token, json: { password: provisional, newPassword: strongPassword } })
      expect(done.status).toBe(200)
      expect(done.body).toEqual({ message: 'Contraseña actualizada', description: 'Por favor, inicie sesión nuevamente' })

      // The old token is over; the old password no longer works; the new one does, without the flag.
      expect((await platform.api('/api/auth/reset-password', { token, json: { password: strongPassword, newPassword: 'Otra#Clave99' } })).status).toBe(401)
      expect((await login(platform, email, provisional)).status).toBe(401)
      const fresh = await login(platform, email, strongPassword)
      expect(fresh.status).toBe(200)
      expect(claimsOf(fresh.body.token).changePassword).toBe(false)
      expect((await platform.api('/api/modules', { token: fresh.body.token })).status).toBe(200)
    })

    it('needs a session', async () => {
      const response = await platform.api('/api/auth/reset-password', { json: { password: 'x', newPassword: strongPassword } })
      expect(response.status).toBe(401)
    })
  })

  describe('password recovery', () => {
    const linkIn = (text: string): URL => {
      const match = text.match(/https:\/\/donaciones\.test\/recover-password\?\S+/)
      if (!match) throw new Error(`sin enlace en: ${text}`)
      return new URL(match[0])
    }

    async function waitForMail(to: string, count: number) {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const found = platform.mails.filter((mail) => mail.to === to)
        if (found.length >= count) return found[count - 1]!
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error(`no llegó el correo ${count} a ${to}`)
    }

    it('mails a single-use link whose new password signs in', async () => {
      const user = await createSession(platform, admin, { role: 2 })
      const before = platform.mails.filter((mail) => mail.to === user.email).length
      const asked = await platform.api('/api/auth/request-recover-password', { json: { email: ` ${user.email.toUpperCase()} ` } })
      expect(asked.status).toBe(200)
      expect(asked.body).toEqual({ message: 'Email enviado', description: 'Revise su bandeja de entrada' })
      const mail = await waitForMail(user.email, before + 1)
      expect(mail.subject).toBe('Recuperación de contraseña')
      const link = linkIn(mail.text)
      expect(link.pathname).toBe('/recover-password')
      expect(link.searchParams.get('email')).toBe(user.email)
      const token = link.searchParams.get('token')!
      expect(token.length).toBeGreaterThanOrEqual(40)

      // Only a hash of the token is stored.
      const { rows } = await platform.db.query<{ token_hash: string }>(`select token_hash from ${ident(platform.identity.context.store.schema)}.recovery_tokens`)
      expect(rows.some((row) => row.token_hash === token)).toBe(false)

      const weak = await platform.api<ErrorBody>('/api/auth/recover-password', { json: { email: user.email, token, password: 'abc' } })
      expect(weak.status).toBe(422)
      expect(weak.body.errors).toEqual([{ path: 'password', message: 'El mínimo de caracteres es de 8' }])

      const newPassword = 'Recuperada#2025'
      const recovered = await platform.api('/api/auth/recover-password', { json: { email: user.email, token, password: newPassword } })
      expect(recovered.status).toBe(200)
      expect(recovered.body).toEqual({ message: 'Contraseña actualizada', description: 'Por favor, inicie sesión nuevamente' })
      expect((await login(platform, user.email, newPassword)).status).toBe(200)
      expect((await login(platform, user.email, user.password)).status).toBe(401)
      // The old session ended with the password change.
      expect((await platform.api(`/api/users/${user.id}`, { token: user.token })).status).toBe(401)

      const reused = await platform.api<ErrorBody>('/api/auth/recover-password', { json: { email: user.email, token, password: 'Otra#Clave2025' } })
      expect(reused.status).toBe(422)
      expect(reused.body.message).toBe('Enlace inválido')
      expect((await login(platform, user.email, newPassword)).status).toBe(200)
    })

    it('refuses an expired link, a link for another e-mail and a made-up token', async () => {
      const user = await createSession(platform, admin, { role: 2 })
      const before = platform.mails.filter((mail) => mail.to === user.email).length
      await platform.api('/api/auth/request-recover-password', { json: { email: user.email } })
      const token = linkIn((await waitForMail(user.email, before + 1)).text).searchParams.get('token')!

      const otherEmail = await platform.api('/api/auth/recover-password', { json: { email: admin.email, token, password: 'Recuperada#2025' } })
      expect(otherEmail.status).toBe(422)
      const madeUp = await platform.api('/api/auth/recover-password', { json: { email: user.email, token: 'inventado', password: 'Recuperada#2025' } })
      expect(madeUp.status).toBe(422)

      await platform.db.query(`update ${ident(platform.identity.context.store.schema)}.recovery_tokens set expires_at = now() - interval '1 second' where used_at is null`)
      const expired = await platform.api<ErrorBody>('/api/auth/recover-password', { json: { email: user.email, token, password: 'Recuperada#2025' } })
      expect(expired.status).toBe(422)
      expect(expired.body).toEqual({ message: 'Enlace inválido', description: 'El enlace de recuperación no es válido, ya se usó o expiró. Solicite uno nuevo.' })
      expect((await login(platform, user.email, user.password)).status).toBe(200)
    })

    it('sets the expiry one hour ahead', async () => {
      const user = await createSession(platform, admin, { role: 2 })
      const before = platform.mails.filter((mail) => mail.to === user.email).length
      await platform.api('/api/auth/request-recover-password', { json: { email: user.email } })
      await waitForMail(user.email, before + 1)
      const { rows } = await platform.db.query<{ seconds: number }>(
        `select extract(epoch from expires_at - created_at)::int as seconds from ${ident(platform.identity.context.store.schema)}.recovery_tokens where user_id = $1`,
        [user.id],
      )
      expect(rows[0]?.seconds).toBeGreaterThanOrEqual(3599)
      expect(rows[0]?.seconds).toBeLessThanOrEqual(3601)
    })

    it('answers 200 for an unknown e-mail and sends nothing', async () => {
      const count = platform.mails.length
      const email = uniqueEmail('desconocido')
      const response = await platform.api('/api/auth/request-recover-password', { json: { email } })
      expect(response.status).toBe(200)
      expect(response.body).toEqual({ message: 'Email enviado', description: 'Revise su bandeja de entrada' })
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(platform.mails.length).toBe(count)
      const invalid = await platform.api<ErrorBody>('/api/auth/request-recover-password', { json: { email: 'x' } })
      expect(invalid.status).toBe(422)
      expect(invalid.body.errors).toEqual([{ path: 'email', message: 'Correo electrónico inválido' }])
    })

    it('stops mailing the same address after 5 requests in an hour, still answering 200', async () => {
      const user = await createSession(platform, admin, { role: 2 })
      const before = platform.mails.filter((mail) => mail.to === user.email).length
      for (let attempt = 0; attempt < 7; attempt += 1) {
        expect((await platform.api('/api/auth/request-recover-password', { json: { email: user.email } })).status).toBe(200)
      }
      await waitForMail(user.email, before + 5)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(platform.mails.filter((mail) => mail.to === user.email).length).toBe(before + 5)
    })
  })

  describe('deactivation, role change and tokens', () => {
    it('a deactivated user’s old token is refused on the next request, and anonymous on optional routes', async () => {
      const restricted = await createSession(platform, admin, { role: 1, permissions: [{ module: 'admin', read: true, create: false, update: false }] })
      expect((await platform.api('/api/users/admin/', { token: restricted.token })).status).toBe(200)
      expect((await platform.api('/api/counters/visits', { token: restricted.token })).status).toBe(200)
      const toggled = await platform.api<{ message: string }>(`/api/users/${restricted.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'Ya no colabora' } },
      })
      expect(toggled.body.message).toBe('Registro desactivado')
      const refused = await platform.api<ErrorBody>('/api/users/admin/', { token: restricted.token })
      expect(refused.status).toBe(401)
      // Directly at the service too (distributed mode has no gateway in front of it).
      const direct = await fetch(`${platform.directory.urlsOf('identity')[0]}/api/users/admin/`, { headers: { authorization: `Bearer ${restricted.token}` } })
      expect(direct.status).toBe(401)
      // An optional route treats the dead token as anonymous.
      const counters = await platform.api<{ total: number }>('/api/counters/visits', { token: restricted.token })
      expect(counters.status).toBe(200)
      expect(counters.body).toHaveProperty('total')
      // Reactivation does not revive the old token.
      await platform.api(`/api/users/${restricted.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { active: true }, historical: { cause: 'Activación', description: 'Regresa' } },
      })
      expect((await platform.api('/api/users/admin/', { token: restricted.token })).status).toBe(401)
    })

    it('a role change ends the user’s tokens', async () => {
      const restricted = await createSession(platform, admin, { role: 1, permissions: [{ module: 'user', read: true, create: false, update: false }] })
      expect((await platform.api('/api/users/', { token: restricted.token })).status).toBe(200)
      const changed = await platform.api(`/api/users/${restricted.id}`, {
        method: 'PUT',
        token: admin.token,
        json: { payload: { name: 'Nombre', lastName: 'Apellido', email: restricted.email, role: 2 }, historical: justification },
      })
      expect(changed.status).toBe(200)
      expect((await platform.api('/api/users/', { token: restricted.token })).status).toBe(401)
      const again = await login(platform, restricted.email, restricted.password)
      expect(claimsOf(again.body.token).role).toBe(2)
      expect(Number(claimsOf(again.body.token).sv)).toBeGreaterThan(Number(claimsOf(restricted.token).sv))
      expect((await platform.api('/api/users/', { token: again.body.token })).status).toBe(403)
    })
  })
})
