import { afterAll, beforeAll, expect, it } from 'vitest'
import { ident } from '@donaciones/kit'
import { forEachEngine } from '../../../tests/support/engines.ts'
import { claimsOf, createSession, login, seedFullAdmin, startTestPlatform, strongPassword, uniqueEmail, type ApiResponse, type Session, type TestPlatform } from './platform.ts'

interface MessageBody {
  message: string
  description: string
  errors?: { path: string; message: string }[]
}

const registered = { message: 'Cuenta creada', description: 'Le enviaremos un correo con el enlace para activar su cuenta. Revise su bandeja de entrada' }
function headerNames(headers: Headers): string[] {
  const names: string[] = []
  headers.forEach((_value, name) => names.push(name))
  return names
}
const invalidLink = { message: 'Enlace inválido', description: 'El enlace de verificación no es válido, ya se usó o expiró. Regístrese de nuevo para recibir otro.' }

forEachEngine('self sign-up of role 2 accounts', (engine) => {
  let platform: TestPlatform
  let admin: Session
  let ipCounter = 0
  /** Each call from its own address unless one is given: the per-address limits stay out of the way. */
  const nextIp = () => `10.60.${Math.floor(ipCounter / 200)}.${(ipCounter++ % 200) + 1}`

  beforeAll(async () => {
    platform = await startTestPlatform({}, engine)
    admin = await seedFullAdmin(platform)
  })
  afterAll(() => platform.stop())

  const register = (email: string, overrides: Record<string, unknown> = {}, ip = nextIp()): Promise<ApiResponse<MessageBody>> =>
    platform.api('/api/auth/register', {
      json: { name: 'Rosa', lastName: 'Méndez', email, password: strongPassword, ...overrides },
      headers: { 'x-forwarded-for': ip },
    })
  const verify = (email: string, token: string, password = strongPassword, ip = nextIp()): Promise<ApiResponse<MessageBody>> =>
    platform.api('/api/auth/verify-email', { json: { email, token, password }, headers: { 'x-forwarded-for': ip } })

  /** The mails sent to `email` so far (they leave in the background). */
  const mailsTo = (email: string) => platform.mails.filter((mail) => mail.to === email)
  async function waitForMails(email: string, count: number) {
    await expect.poll(() => mailsTo(email).length).toBe(count)
    return mailsTo(email)
  }
  function linkOf(text: string): URL {
    const match = /https:\/\/donaciones\.test\/verify-email\?\S+/.exec(text)
    if (!match) throw new Error(`Correo sin enlace de verificación:\n${text}`)
    return new URL(match[0])
  }
  async function registeredLink(email: string, overrides: Record<string, unknown> = {}): Promise<{ token: string; url: URL }> {
    const before = mailsTo(email).length
    expect((await register(email, overrides)).status).toBe(200)
    const mail = (await waitForMails(email, before + 1)).at(-1)
    const url = linkOf(mail?.text ?? '')
    return { url, token: url.searchParams.get('token') ?? '' }
  }
  /** Nothing more leaves the outbox: every mail queued so far has been handed over. */
  const drainMail = () => platform.identity.context.mail.drain()
  const eventTypesOf = async (userId: string) =>
    (await platform.identity.context.store.readStream(`user-${userId}`)).map((event) => event.type)

  it('creates an inactive, unverified role 2 account as events and mails a verification link built on PUBLIC_URL', async () => {
    const email = uniqueEmail('registro')
    const response = await register(email)
    expect(response.status).toBe(200)
    expect(response.body).toEqual(registered)

    const [mail] = await waitForMails(email, 1)
    expect(mail?.subject).toBe('Active su cuenta')
    expect(mail?.text).toMatch(/^Hola Rosa:/)
    const url = linkOf(mail?.text ?? '')
    expect(url.pathname).toBe('/verify-email')
    expect(url.searchParams.get('email')).toBe(email)
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{43}$/)
    expect(mail?.html).toContain(url.searchParams.get('token'))

    const user = (await platform.api<{ _id: string; role: number; active: boolean; name: string; lastName: string }[]>('/api/users', { token: admin.token })).body.find(
      (entry) => (entry as { email?: string }).email === email,
    )
    expect(user).toMatchObject({ role: 2, active: false, name: 'Rosa', lastName: 'Méndez' })
    const events = await platform.identity.context.store.readStream(`user-${user?._id}`)
    expect(events.map((event) => event.type)).toEqual(['UserCreated'])
    expect(events[0]?.data).toMatchObject({ role: 2, active: false, changePassword: false, origin: 'signup', permissions: [] })
    // Only the token's hash is kept.
    const { rows } = await platform.db.query<{ token_hash: string }>(
      `select token_hash from ${ident(platform.identity.context.store.schema)}.verification_tokens where user_id = $1`,
      [user?._id],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).not.toBe(url.searchParams.get('token'))
  })

  it('refuses to sign in until the e-mail is verified, and says so only to the right password', async () => {
    const email = uniqueEmail('sinverificar')
    const { token } = await registeredLink(email)
    const wrong = await login(platform, email, 'Incorrecta#1', nextIp())
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe('Credenciales inválidas')
    const refused = await login(platform, email, strongPassword, nextIp())
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      message: 'Correo sin verificar',
      description: 'Abra el enlace que le enviamos por correo para activar su cuenta antes de iniciar sesión',
    })
    // No recovery link either: the account is not active yet.
    await platform.api('/api/auth/request-recover-password', { json: { email } })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(mailsTo(email)).toHaveLength(1)

    expect((await verify(email, token)).status).toBe(200)
    const signedIn = await login(platform, email, strongPassword, nextIp())
    expect(signedIn.status).toBe(200)
    expect(claimsOf(signedIn.body.token)).toMatchObject({ role: 2, active: true, changePassword: false, email, name: 'Rosa' })
  })

  it('verifies once: a second use, a wrong token, another e-mail or an expired link is a Spanish 422', async () => {
    const email = uniqueEmail('unavez')
    const { token } = await registeredLink(email)

    const otherEmail = uniqueEmail('ajeno')
    const other = await registeredLink(otherEmail)
    expect(await verify(otherEmail, token)).toMatchObject({ status: 422, body: invalidLink })
    expect(await verify(email, 'token-inventado')).toMatchObject({ status: 422, body: invalidLink })

    const first = await verify(email, token)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ message: 'Correo verificado', description: 'Su cuenta está activa; ya puede iniciar sesión' })
    expect(await verify(email, token)).toMatchObject({ status: 422, body: invalidLink })

    const userId = claimsOf((await login(platform, email, strongPassword, nextIp())).body.token)._id as string
    expect(await eventTypesOf(userId)).toEqual(['UserCreated', 'UserEmailVerified', 'UserSignedIn'])
    // The audit service's copy of the user (the per-user history card) becomes active too.
    const auditUser = async () => (await platform.api<{ user?: { active: boolean } }>(`/api/historical/user/${userId}`, { token: admin.token })).body.user
    await expect.poll(auditUser, { timeout: 30_000 }).toMatchObject({ active: true })

    // The other account's link, once past its lifetime, no longer works.
    await platform.db.query(
      `update ${ident(platform.identity.context.store.schema)}.verification_tokens set expires_at = now() - interval '1 minute' where user_id =
       (select id from ${ident(platform.identity.context.store.schema)}.users where email = $1)`,
      [otherEmail],
    )
    expect(await verify(otherEmail, other.token)).toMatchObject({ status: 422, body: invalidLink })
    expect((await login(platform, otherEmail, strongPassword, nextIp())).status).toBe(403)
  })

  it('answers a registration for an existing e-mail exactly like a new one, changes nothing and tells the owner', async () => {
    const member = await createSession(platform, admin, { role: 2 })
    const mailsBefore = mailsTo(member.email).length
    const fresh = await register(uniqueEmail('nuevo'), { password: 'Otra#Clave99' })
    const taken = await register(member.email, { name: 'Intruso', password: 'Otra#Clave99' })
    expect(taken.status).toBe(fresh.status)
    expect(taken.body).toEqual(fresh.body)
    expect(headerNames(taken.headers)).toEqual(headerNames(fresh.headers))
    expect(taken.headers.get('content-length')).toBe(fresh.headers.get('content-length'))

    const mails = await waitForMails(member.email, mailsBefore + 1)
    const notice = mails.at(-1)
    expect(notice?.subject).toBe('Ya tiene una cuenta')
    expect(notice?.text).toContain('https://donaciones.test/login')
    expect(notice?.text).toContain('https://donaciones.test/forgot-password')
    expect(notice?.text).not.toMatch(/verify-email/)

    // The account keeps its name and password; the intruder's password does not open it.
    expect((await login(platform, member.email, 'Otra#Clave99', nextIp())).status).toBe(401)
    const still = await login(platform, member.email, member.password, nextIp())
    expect(still.status).toBe(200)
    expect(claimsOf(still.body.token)).toMatchObject({ name: 'Nombre', role: 2 })
    expect(await eventTypesOf(member.id)).not.toContain('UserUpdated')
  })

  it('gives the account the password of the mailbox holder who verifies it, not that of whoever registered the e-mail first', async () => {
    const email = uniqueEmail('ocupado')
    const intruder = 'Intrusa#2025'
    // A registers someone else's e-mail first; its link goes to the mailbox A does not hold.
    const first = await registeredLink(email, { name: 'Intrusa', lastName: 'Ajena', password: intruder })
    // B, who holds the mailbox, registers it with his own password and opens the link mailed to him.
    const own = await registeredLink(email, { name: 'Rosa', lastName: 'Dueña', password: strongPassword })
    expect(own.token).not.toBe(first.token)
    const mails = mailsTo(email)
    expect(mails.at(-1)?.text).toMatch(/^Hola Rosa:/)

    const verified = await verify(email, own.token, strongPassword)
    expect(verified).toMatchObject({ status: 200, body: { message: 'Correo verificado' } })
    // B's password opens the account, A's does not; the name is B's; A's link died with the verification.
    expect((await login(platform, email, intruder, nextIp())).status).toBe(401)
    const signedIn = await login(platform, email, strongPassword, nextIp())
    expect(signedIn.status).toBe(200)
    expect(claimsOf(signedIn.body.token)).toMatchObject({ email, name: 'Rosa', lastName: 'Dueña', role: 2, active: true })
    expect(await verify(email, first.token, intruder)).toMatchObject({ status: 422, body: invalidLink })
    const userId = claimsOf(signedIn.body.token)._id as string
    expect(await eventTypesOf(userId)).toEqual(['UserCreated', 'UserUpdated', 'UserEmailVerified', 'UserSignedIn'])
  })

  it('opens a link only with the password of the registration that mailed it; a wrong one leaves the link usable', async () => {
    const email = uniqueEmail('clave')
    const intruder = 'Intrusa#2025'
    // The owner registers first, then someone else registers the same e-mail: the owner's link still works.
    const own = await registeredLink(email, { password: strongPassword })
    const later = await registeredLink(email, { name: 'Intrusa', password: intruder })

    // The mailbox holder opening the other registration's link cannot activate it with his password.
    const mismatch = await verify(email, later.token, strongPassword)
    expect(mismatch.status).toBe(422)
    expect(mismatch.body.errors).toEqual([{ path: 'password', message: 'No es la contraseña que eligió al registrarse con este correo' }])
    expect((await verify(email, own.token, 'Cualquiera#1')).body.errors).toEqual([{ path: 'password', message: 'No es la contraseña que eligió al registrarse con este correo' }])
    expect((await login(platform, email, intruder, nextIp())).status).not.toBe(200)

    expect((await verify(email, own.token, strongPassword)).status).toBe(200)
    expect((await login(platform, email, strongPassword, nextIp())).status).toBe(200)
    expect((await login(platform, email, intruder, nextIp())).status).toBe(401)
    expect(await verify(email, later.token, intruder)).toMatchObject({ status: 422, body: invalidLink })
  })

  it('creates one account when the same e-mail registers twice at once', async () => {
    const email = uniqueEmail('carrera')
    const answers = await Promise.all([register(email), register(email)])
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: registered })
    const { rows } = await platform.db.query<{ count: number }>(
      `select count(*)::int as count from ${ident(platform.identity.context.store.schema)}.users where email = $1`,
      [email],
    )
    expect(rows[0]?.count).toBe(1)
  })

  it('answers the Spanish validation messages of the sign-up form', async () => {
    const empty = await platform.api<MessageBody>('/api/auth/register', { json: {} })
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toEqual([
      { path: 'name', message: 'Campo requerido' },
      { path: 'lastName', message: 'Campo requerido' },
      { path: 'email', message: 'Campo requerido' },
      { path: 'password', message: 'Campo requerido' },
    ])
    const bad = await platform.api<MessageBody>('/api/auth/register', {
      json: { name: 'N'.repeat(31), lastName: ' ', email: 'no-es-correo', password: 'corta' },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual([
      { path: 'name', message: 'El máximo de caracteres es de 30' },
      { path: 'lastName', message: 'Campo requerido' },
      { path: 'email', message: 'Correo electrónico inválido' },
      { path: 'password', message: 'El mínimo de caracteres es de 8' },
    ])
    const weak = await platform.api<MessageBody>('/api/auth/register', { json: { name: 'Rosa', lastName: 'Méndez', email: uniqueEmail('debil'), password: 'solominusculas' } })
    expect(weak.body.errors).toEqual([{ path: 'password', message: 'Contraseña poco segura' }])
    expect((await platform.api<MessageBody>('/api/auth/verify-email', { json: { email: 'x', token: '' } })).body.errors).toEqual([
      { path: 'email', message: 'Correo electrónico inválido' },
      { path: 'token', message: 'Campo requerido' },
      { path: 'password', message: 'Campo requerido' },
    ])
  })

  it('throttles registrations per address with the kit attempt limit (429 in Spanish)', async () => {
    const ip = '10.61.0.1'
    for (let index = 0; index < 10; index += 1) expect((await register(uniqueEmail('muchos'), {}, ip)).status).toBe(200)
    const blocked = await register(uniqueEmail('muchos'), {}, ip)
    expect(blocked.status).toBe(429)
    expect(blocked.body.message).toBe('Demasiados intentos')
    expect(blocked.body.description).toMatch(/^Ha superado el número de intentos permitidos\. Intente de nuevo en \d+ minutos\.$/)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('throttles an e-mail per address only: another address still signs it up after one address reached its limit', async () => {
    const email = uniqueEmail('insistente')
    const ip = '10.61.0.2'
    for (let index = 0; index < 3; index += 1) expect((await register(email, {}, ip)).status).toBe(200)
    const blocked = await register(email, {}, ip)
    expect(blocked.status).toBe(429)
    expect(blocked.body.message).toBe('Demasiados intentos')
    await waitForMails(email, 3)

    // The owner, from his own address, signs up and verifies with the link mailed to him.
    const own = await registeredLink(email, { name: 'Dueña', password: 'Propia#2026' })
    expect((await verify(email, own.token, 'Propia#2026')).status).toBe(200)
    expect((await login(platform, email, 'Propia#2026', nextIp())).status).toBe(200)
    // The limits live in the kit's attempts table, per (e-mail, address) and per address.
    const { rows } = await platform.db.query<{ count: number }>(
      `select count(*)::int as count from ${ident(platform.identity.context.store.schema)}.attempts where key = $1`,
      [`register:email-ip:${email}|${ip}`],
    )
    expect(rows[0]?.count).toBe(3)
  })

  it('answers the same past the ceiling of sign-up mails per e-mail, from any address, and sends and changes nothing', async () => {
    const email = uniqueEmail('techo')
    for (let index = 0; index < 5; index += 1) expect((await register(email)).status).toBe(200)
    await waitForMails(email, 5)
    const schema = ident(platform.identity.context.store.schema)
    const links = async () =>
      (await platform.db.query<{ count: number }>(`select count(*)::int as count from ${schema}.verification_tokens t join ${schema}.users u on u.id = t.user_id where u.email = $1`, [email])).rows[0]?.count

    const fresh = await register(uniqueEmail('techo-nuevo'))
    const past = await register(email, { password: 'Otra#Clave99' })
    expect(past.status).toBe(fresh.status)
    expect(past.body).toEqual(fresh.body)
    expect(headerNames(past.headers)).toEqual(headerNames(fresh.headers))
    expect(past.headers.get('content-length')).toBe(fresh.headers.get('content-length'))
    await drainMail()
    expect(mailsTo(email)).toHaveLength(5)
    expect(await links()).toBe(5)
  })

  it('throttles verification attempts per e-mail and address; the right link and password from another address still verify', async () => {
    const email = uniqueEmail('adivina')
    const { token } = await registeredLink(email)
    const ip = '10.61.0.3'
    for (let index = 0; index < 5; index += 1) expect((await verify(email, `malo-${index}`, strongPassword, ip)).status).toBe(422)
    const blocked = await verify(email, token, strongPassword, ip)
    expect(blocked.status).toBe(429)
    expect(blocked.body.message).toBe('Demasiados intentos')
    expect((await login(platform, email, strongPassword, nextIp())).status).toBe(403)
    expect((await verify(email, token, strongPassword, '10.61.0.4')).status).toBe(200)
  })
})
