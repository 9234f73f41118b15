import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { oauthSignedInSchema, type SocialProvider } from '@donaciones/contracts'
import { defaultFakeUser, s256 } from '../../../../tools/fake-oauth/index.ts'
import { clients, startHarness, type Harness } from './test-harness.ts'
import { reachCallback, signIn } from './test-flow.ts'

let harness: Harness

beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness.close())
beforeEach(() => {
  harness.resetUsers()
  harness.fake.setUser(defaultFakeUser)
})

const cases: { provider: SocialProvider; pkce: boolean }[] = [
  { provider: 'google', pkce: true },
  { provider: 'facebook', pkce: false },
  { provider: 'twitter', pkce: true },
]

describe.each(cases)('redirect sign-in with $provider', ({ provider, pkce }) => {
  it('goes start → provider → callback → cookie → check and answers {token, user} with a role-2 user', async () => {
    const { steps, callback, check } = await signIn(harness.url, provider)

    expect(steps.authorizeUrl.toString().startsWith(`${harness.fake.baseUrl(provider)}/`)).toBe(true)
    expect(steps.authorizeUrl.searchParams.get('client_id')).toBe(clients[provider].id)
    expect(steps.authorizeUrl.searchParams.get('redirect_uri')).toBe(`${harness.url}/api/oauth/${provider}/callback`)
    const state = steps.authorizeUrl.searchParams.get('state')
    expect(state).toMatch(/^[\w-]{43}$/)
    expect(steps.callbackUrl.searchParams.get('state')).toBe(state)
    expect(steps.authorizeUrl.searchParams.get('code_challenge_method')).toBe(pkce ? 'S256' : null)
    expect(steps.authorizeUrl.searchParams.has('code_challenge')).toBe(pkce)

    expect(callback.status).toBe(302)
    expect(callback.headers.get('location')).toBe(`${harness.url}/`)
    const handoff = steps.browser.setCookieHeaders.find((header) => header.startsWith('oauth_session='))
    expect(handoff).toMatch(/HttpOnly/)
    expect(handoff).toMatch(/SameSite=Lax/)
    expect(handoff).toMatch(/Path=\/api\/oauth/)
    expect(handoff).toMatch(/Max-Age=120/)

    expect(check.status).toBe(200)
    const body = oauthSignedInSchema.parse(await check.json())
    expect(body.user.role).toBe(2)
    expect(body.user.email).toBe(defaultFakeUser.email)
    expect(body.user.name).toBe('Ana')
    expect(body.user.lastName).toBe('López')
    expect(body.user.picture).toBe(defaultFakeUser.picture)
    expect(harness.users.issued).toEqual([{ userId: body.user._id, token: body.token }])
    expect(harness.users.profiles).toEqual([
      { provider, providerId: defaultFakeUser.id, email: defaultFakeUser.email, name: 'Ana', lastName: 'López', picture: defaultFakeUser.picture },
    ])
  })

  it('answers the check once and clears the cookie', async () => {
    const { steps, check } = await signIn(harness.url, provider)
    expect(check.status).toBe(200)
    expect(steps.browser.cookies.has('oauth_session')).toBe(false)
    expect(steps.browser.cookies.has('oauth_state')).toBe(false)

    const handoff = steps.browser.setCookieHeaders.find((header) => header.startsWith('oauth_session=') && !header.startsWith('oauth_session=;'))
    const key = decodeURIComponent(handoff?.split(';')[0]?.slice('oauth_session='.length) ?? '')
    steps.browser.setCookie('oauth_session', key)
    const again = await steps.browser.fetch(`${harness.url}/api/oauth/login/check`)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ token: null, user: null })
    expect(harness.users.issued).toHaveLength(1)
  })
})

describe('redirect sign-in details', () => {
  it('sends the S256 challenge of a verifier kept only on the server, and uses the flow once', async () => {
    const steps = await reachCallback(harness.url, 'google')
    const state = steps.authorizeUrl.searchParams.get('state')
    const { rows } = await harness.db.query<{ code_verifier: string; seconds: number }>(
      `select code_verifier, extract(epoch from expires_at - now())::int as seconds from identity.oauth_flows where state = $1`,
      [state],
    )
    const verifier = rows[0]?.code_verifier ?? ''
    expect(verifier).toMatch(/^[\w-]{43}$/)
    expect(steps.authorizeUrl.searchParams.get('code_challenge')).toBe(s256(verifier))
    expect(steps.authorizeUrl.toString()).not.toContain(verifier)
    expect(rows[0]?.seconds).toBeGreaterThan(590)
    expect(rows[0]?.seconds).toBeLessThanOrEqual(600)

    expect((await steps.browser.fetch(steps.callbackUrl.toString())).status).toBe(302)
    const left = await harness.db.query('select 1 from identity.oauth_flows where state = $1', [state])
    expect(left.rows).toHaveLength(0)
  })

  it('reuses the same user when the same person signs in again, and passes a null e-mail when the provider has none', async () => {
    const first = await signIn(harness.url, 'twitter')
    const again = await signIn(harness.url, 'twitter')
    const one = oauthSignedInSchema.parse(await first.check.json())
    const two = oauthSignedInSchema.parse(await again.check.json())
    expect(two.user._id).toBe(one.user._id)

    harness.fake.setUser({ ...defaultFakeUser, id: '999', email: 'sin.confirmar@example.com', emailVerified: false })
    const unverified = await signIn(harness.url, 'twitter')
    expect(unverified.check.status).toBe(200)
    expect(harness.users.profiles.at(-1)).toMatchObject({ provider: 'twitter', providerId: '999', email: null })
  })

  it('refuses a user the identity service reports inactive', async () => {
    harness.users.add({
      _id: 'usuario-inactivo',
      role: 2,
      active: false,
      changePassword: false,
      permissions: [],
      name: 'Ana',
      lastName: 'López',
      thumbnail: null,
      picture: null,
      email: defaultFakeUser.email ?? '',
    })
    const { callback, check } = await signIn(harness.url, 'google')
    expect(callback.status).toBe(401)
    expect(await callback.json()).toMatchObject({ message: 'Usuario inactivo' })
    expect(check.status).toBe(200)
    expect(await check.json()).toEqual({ token: null, user: null })
    expect(harness.users.issued).toHaveLength(0)
  })
})
