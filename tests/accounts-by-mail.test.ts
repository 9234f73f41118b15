import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activateAccount, adminCredentials, configureSite, createAccount, json, login, startTestSite, type TestSite } from './support/site.ts'

/** The e-mails reach a real (loopback) SMTP server through the configured mailer; the test follows them. */
describe('accounts driven by e-mail through the gateway', () => {
  let site: TestSite
  let adminToken: string

  beforeAll(async () => {
    site = await startTestSite()
    adminToken = await configureSite(site)
  })
  afterAll(() => site.stop())

  it('creates an administrator whose provisional password arrives by e-mail and must be changed', async () => {
    const { provisional } = await createAccount(site, adminToken, { email: 'editora@fundacion.mx', role: 1, permissions: [{ module: 'pages', read: true, create: false, update: true }] })
    const first = await login(site, 'editora@fundacion.mx', provisional)
    expect(first.status).toBe(200)
    const provisionalToken = (await json<{ token: string }>(first)).token
    const blocked = await site.api('/api/pages/', { token: provisionalToken })
    expect(blocked.status).toBe(403)
    expect((await json<{ message: string }>(blocked)).message).toBe('Cambio de contraseña requerido')

    const token = await activateAccount(site, 'editora@fundacion.mx', provisional)
    expect((await site.api('/api/pages/', { token })).status).toBe(200)
    expect((await login(site, 'editora@fundacion.mx', provisional)).status).toBe(401)
  })

  it('recovers a forgotten password through the link in the e-mail, once', async () => {
    const before = site.mail.mails.length
    const request = await site.api('/api/auth/request-recover-password', { method: 'POST', json: { email: adminCredentials.email } })
    expect(request.status).toBe(200)
    expect((await site.api('/api/auth/request-recover-password', { method: 'POST', json: { email: 'nadie@fundacion.mx' } })).status).toBe(200)
    const deadline = Date.now() + 10_000
    while (site.mail.mails.length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    const mail = await site.mail.waitFor(adminCredentials.email)
    const link = /(https?:\/\/\S+\/recover-password\?\S+)/.exec(mail.text)?.[1]
    expect(link).toBeTruthy()
    const query = new URL((link as string).replace(/[>"'].*$/, '')).searchParams
    expect(query.get('email')).toBe(adminCredentials.email)
    const body = { email: query.get('email'), token: query.get('token'), password: 'Recuperada#2026' }
    const recovered = await site.api('/api/auth/recover-password', { method: 'POST', json: body })
    expect(recovered.status).toBe(200)
    expect((await login(site, adminCredentials.email, 'Recuperada#2026')).status).toBe(200)
    expect((await login(site, adminCredentials.email, adminCredentials.password)).status).toBe(401)
    const reused = await site.api('/api/auth/recover-password', { method: 'POST', json: { ...body, password: 'OtraVez#2026' } })
    expect(reused.status).toBe(422)
    expect(site.mail.mails.some((candidate) => candidate.to.includes('nadie@fundacion.mx'))).toBe(false)
  })

  it('gives an e-mail registered twice before verification the password of the person who opens its link from the mailbox', async () => {
    const email = 'buzon.ajeno@correo.mx'
    const intruder = 'Intrusa#2026'
    const owner = 'Duena#2026x'
    const register = (name: string, password: string) =>
      site.api('/api/auth/register', { method: 'POST', json: { name, lastName: 'Prueba', email, password } })
    // Someone registers the address first; then its owner registers it with his own password.
    expect((await register('Intrusa', intruder)).status).toBe(200)
    expect((await register('Dueña', owner)).status).toBe(200)
    const toOwner = () => site.mail.mails.filter((mail) => mail.to.includes(email))
    await expect.poll(() => toOwner().length, { timeout: 30_000 }).toBe(2)
    // The owner opens the links in his mailbox with his password: only the one his registration mailed works.
    const statuses: number[] = []
    for (const mail of toOwner()) {
      const link = /(https?:\/\/\S+\/verify-email\?[^\s"<>]+)/.exec(mail.text)?.[1]
      const query = new URL(link ?? 'http://sin-enlace').searchParams
      statuses.push((await site.api('/api/auth/verify-email', { method: 'POST', json: { email, token: query.get('token'), password: owner } })).status)
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 422)).toHaveLength(1)
    expect((await login(site, email, intruder)).status).toBe(401)
    const signedIn = await login(site, email, owner)
    expect(signedIn.status).toBe(200)
    const claims = JSON.parse(Buffer.from((await json<{ token: string }>(signedIn)).token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { name: string }
    expect(claims.name).toBe('Dueña')
  })

  it("ends a deactivated user's old token on the next request to any service", async () => {
    // The recovery above changed the administrator's password, which ended his earlier tokens.
    expect((await site.api('/api/users/admin/', { token: adminToken })).status).toBe(401)
    const freshAdmin = (await json<{ token: string }>(await login(site, adminCredentials.email, 'Recuperada#2026'))).token
    const { id, provisional } = await createAccount(site, freshAdmin, { email: 'temporal@fundacion.mx', role: 1, permissions: [{ module: 'pages', read: true, create: false, update: false }, { module: 'historical', read: true, create: false, update: false }] })
    const token = await activateAccount(site, 'temporal@fundacion.mx', provisional)
    expect((await site.api('/api/pages/', { token })).status).toBe(200)
    expect((await site.api('/api/historical/', { token })).status).toBe(200)
    const toggle = await site.api(`/api/users/${id}`, { method: 'PUT', token: freshAdmin, json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'Ya no colabora' } } })
    expect(toggle.status).toBe(200)
    for (const path of ['/api/pages/', '/api/historical/', '/api/users/admin/']) {
      expect((await site.api(path, { token })).status).toBe(401)
    }
  })
})
