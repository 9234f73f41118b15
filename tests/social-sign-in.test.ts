import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultFakeUser, startFakeOauth, type FakeOauth } from '../tools/fake-oauth/index.ts'
import { signIn } from '../services/identity/test/oauth/test-flow.ts'
import { freePort } from './support/processes.ts'
import { json, startTestSite, wizardPayload, type TestSite } from './support/site.ts'

/** Social sign-in through the gateway, configured by the wizard, against the loopback fake provider. */
describe('social sign-in through the gateway', () => {
  let site: TestSite
  let fake: FakeOauth
  const google = { id: 'google-cliente.apps.example', secret: 'google-secreto-de-prueba' }

  beforeAll(async () => {
    fake = await startFakeOauth({ clients: { google } })
    const port = await freePort()
    process.env.OAUTH_GOOGLE_BASE_URL = fake.baseUrl('google')
    process.env.PUBLIC_URL = `http://127.0.0.1:${port}`
    site = await startTestSite({ port })
    const payload = await wizardPayload(site)
    const configured = await site.api('/api/init', {
      method: 'POST',
      json: { ...payload, providers: { ...payload.providers, google: true }, keys: { ...payload.keys, google: { client: google.id, secret: google.secret } } },
    })
    expect(configured.status).toBe(200)
  })
  afterAll(async () => {
    await site.stop()
    await fake.close()
  })

  it('signs a visitor in with Google as a role-2 user and hands the token over once', async () => {
    const init = await json<{ providers: { google: boolean; facebook: boolean }; clients: { google: string | null } }>(await site.api('/api/init'))
    expect(init.providers).toMatchObject({ google: true, facebook: false })
    expect(init.clients.google).toBe(google.id)
    expect(JSON.stringify(init)).not.toContain(google.secret)

    const { check, steps } = await signIn(site.platform.url, 'google')
    expect(check.status).toBe(200)
    const session = await json<{ token: string; user: { role: number; email: string; _id: string } }>(check)
    expect(session.user.role).toBe(2)
    expect((await site.api(`/api/users/${session.user._id}`, { token: session.token })).status).toBe(200)
    const again = await steps.browser.fetch(`${site.platform.url}/api/oauth/login/check`)
    expect(again.status).toBe(200)
    expect(await json(again)).toEqual({ token: null, user: null })
  })

  it('signs a Google user into an existing account found by e-mail only once that e-mail is verified', async () => {
    const email = 'rosa.pendiente@correo.mx'
    const password = 'Registro#2026'
    const registered = await site.api('/api/auth/register', { method: 'POST', json: { name: 'Rosa', lastName: 'Méndez', email, password } })
    expect(registered.status).toBe(200)
    fake.setUser({ ...defaultFakeUser, id: 'google-pendiente', email, emailVerified: true })
    try {
      // Unverified: whoever registered chose its password, so the Google user is neither let in nor linked.
      const refused = await signIn(site.platform.url, 'google')
      expect(refused.callback.status).toBe(403)
      expect(await json(refused.callback)).toEqual({
        message: 'Correo sin verificar',
        description: 'Hay un registro pendiente de activar con este correo. Actívelo con el enlace que le enviamos y la contraseña que eligió, o regístrese de nuevo para recibir otro enlace.',
      })
      expect(await json(refused.check)).toEqual({ token: null, user: null })

      // Verified from the mailbox with the sign-up's password: the same Google user now enters that account.
      const mail = await site.mail.waitFor(email)
      const link = /(https?:\/\/\S+\/verify-email\?[^\s"<>]+)/.exec(mail.text)?.[1]
      const query = new URL(link ?? 'http://sin-enlace').searchParams
      const verified = await site.api('/api/auth/verify-email', { method: 'POST', json: { email: query.get('email'), token: query.get('token'), password } })
      expect(verified.status).toBe(200)
      const accepted = await signIn(site.platform.url, 'google')
      expect(accepted.check.status).toBe(200)
      const session = await json<{ token: string; user: { _id: string; email: string; role: number } }>(accepted.check)
      expect(session.user).toMatchObject({ email, role: 2 })
      const byPassword = await json<{ token: string }>(await site.api('/api/auth/login', { method: 'POST', json: { email, password } }))
      const claims = JSON.parse(Buffer.from(byPassword.token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { _id: string }
      expect(claims._id).toBe(session.user._id)
    } finally {
      fake.setUser(defaultFakeUser)
    }
  })

  it("answers an anonymous visitor's session check (every page load makes one) with 200 and no session", async () => {
    const response = await site.api('/api/oauth/login/check', { credentials: 'include' })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await json(response)).toEqual({ token: null, user: null })
  })

  it('answers a provider that is not enabled with a Spanish 404', async () => {
    const response = await site.api('/api/oauth/facebook', { redirect: 'manual' })
    expect(response.status).toBe(404)
    expect((await json<{ message: string }>(response)).message).toBe('Proveedor no disponible')
  })
})
