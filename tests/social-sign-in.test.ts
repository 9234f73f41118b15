import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeOauth, type FakeOauth } from '../tools/fake-oauth/index.ts'
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
