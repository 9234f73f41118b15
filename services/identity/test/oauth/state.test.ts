import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { oauthCheckResponseSchema } from '@donaciones/contracts'
import { defaultFakeUser } from '../../../../tools/fake-oauth/index.ts'
import { TestBrowser } from './test-browser.ts'
import { allEnabled, startHarness, type Harness } from './test-harness.ts'
import { reachCallback } from './test-flow.ts'

let harness: Harness

beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness.close())
beforeEach(() => {
  harness.resetUsers()
  harness.settings = allEnabled()
  harness.fake.setUser(defaultFakeUser)
})

async function expectRefused(response: Response, status = 401): Promise<void> {
  expect(response.status).toBe(status)
  const body = (await response.json()) as { message: string; description: string }
  expect(body.message).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ ]+$/)
  expect(body.description.length).toBeGreaterThan(0)
  expect(response.headers.getSetCookie().some((header) => /^oauth_session=[^;]+/.test(header))).toBe(false)
  expect(harness.users.issued).toHaveLength(0)
  expect(harness.users.profiles).toHaveLength(0)
}

describe('state of a redirect sign-in', () => {
  it('refuses a callback whose state does not match the browser cookie', async () => {
    const steps = await reachCallback(harness.url, 'google')
    steps.callbackUrl.searchParams.set('state', 'x'.repeat(43))
    await expectRefused(await steps.browser.fetch(steps.callbackUrl.toString()))
  })

  it('refuses a callback followed by another browser (no state cookie: login CSRF)', async () => {
    const steps = await reachCallback(harness.url, 'facebook')
    const victim = new TestBrowser()
    await expectRefused(await victim.fetch(steps.callbackUrl.toString()))
  })

  it('refuses a state used a second time, before asking the provider again', async () => {
    const steps = await reachCallback(harness.url, 'twitter')
    const state = steps.callbackUrl.searchParams.get('state') ?? ''
    expect((await steps.browser.fetch(steps.callbackUrl.toString())).status).toBe(302)
    harness.resetUsers()
    const refusalsBefore = harness.fake.refusals.length

    steps.browser.setCookie('oauth_state', state)
    const replay = await steps.browser.fetch(steps.callbackUrl.toString())
    await expectRefused(replay)
    expect(harness.fake.refusals).toHaveLength(refusalsBefore)
  })

  it('refuses an expired state (older than 10 minutes)', async () => {
    const steps = await reachCallback(harness.url, 'google')
    await harness.db.query(`update identity.oauth_flows set expires_at = now() - interval '1 second' where state = $1`, [
      steps.callbackUrl.searchParams.get('state'),
    ])
    await expectRefused(await steps.browser.fetch(steps.callbackUrl.toString()))
  })

  it('refuses a state started for another provider', async () => {
    const steps = await reachCallback(harness.url, 'google')
    const other = new URL(steps.callbackUrl.toString().replace('/api/oauth/google/callback', '/api/oauth/facebook/callback'))
    await expectRefused(await steps.browser.fetch(other.toString()))
  })

  it('refuses when the PKCE verifier is wrong (the provider rejects the code)', async () => {
    const steps = await reachCallback(harness.url, 'twitter')
    await harness.db.query(`update identity.oauth_flows set code_verifier = $2 where state = $1`, [steps.callbackUrl.searchParams.get('state'), 'v'.repeat(43)])
    const response = await steps.browser.fetch(steps.callbackUrl.toString())
    await expectRefused(response)
    expect(harness.fake.refusals.at(-1)).toBe('pkce')
  })

  it('refuses when the person denied access at the provider', async () => {
    const steps = await reachCallback(harness.url, 'facebook')
    steps.callbackUrl.searchParams.delete('code')
    steps.callbackUrl.searchParams.set('error', 'access_denied')
    const response = await steps.browser.fetch(steps.callbackUrl.toString())
    await expectRefused(response)
  })

  it('answers the check of a visitor without a pending sign-in with no session, not an error', async () => {
    const response = await new TestBrowser().fetch(`${harness.url}/api/oauth/login/check`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body: unknown = await response.json()
    expect(body).toEqual({ token: null, user: null })
    expect(oauthCheckResponseSchema.parse(body)).toEqual({ token: null, user: null })
  })

  it('answers a forged session cookie with no session either', async () => {
    const browser = new TestBrowser()
    browser.setCookie('oauth_session', 'no-existe')
    const response = await browser.fetch(`${harness.url}/api/oauth/login/check`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ token: null, user: null })
    expect(harness.users.issued).toHaveLength(0)
  })
})

describe('providers that are off', () => {
  const unavailable = { message: 'Proveedor no disponible', description: 'El inicio de sesión con este proveedor no está habilitado' }

  it('answers 404 on start and callback when the provider is disabled', async () => {
    harness.settings = { ...allEnabled(), facebook: { ...allEnabled().facebook, enabled: false } }
    const start = await new TestBrowser().fetch(`${harness.url}/api/oauth/facebook`)
    expect(start.status).toBe(404)
    expect(await start.json()).toEqual(unavailable)
    const callback = await new TestBrowser().fetch(`${harness.url}/api/oauth/facebook/callback?code=a&state=b`)
    expect(callback.status).toBe(404)
    expect((await new TestBrowser().fetch(`${harness.url}/api/oauth/google`)).status).toBe(302)
  })

  it('answers 404 when enabled without a client id or secret', async () => {
    harness.settings = { ...allEnabled(), twitter: { enabled: true, client: 'twitter-cliente', secret: ' ' }, google: { enabled: true, client: '', secret: 's' } }
    expect((await new TestBrowser().fetch(`${harness.url}/api/oauth/twitter`)).status).toBe(404)
    expect((await new TestBrowser().fetch(`${harness.url}/api/oauth/google`)).status).toBe(404)
  })

  it('answers 404 for a provider it does not know', async () => {
    const response = await new TestBrowser().fetch(`${harness.url}/api/oauth/github`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual(unavailable)
  })

  it('refuses a flow whose provider was switched off before the callback', async () => {
    const steps = await reachCallback(harness.url, 'google')
    harness.settings = { ...allEnabled(), google: { ...allEnabled().google, enabled: false } }
    await expectRefused(await steps.browser.fetch(steps.callbackUrl.toString()), 404)
  })
})
