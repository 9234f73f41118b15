import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeOauth, s256, type FakeOauth, type FakeProvider } from '../../../../tools/fake-oauth/index.ts'

const clients = {
  google: { id: 'g-id', secret: 'g-secreto' },
  facebook: { id: 'f-id', secret: 'f-secreto' },
  twitter: { id: 't-id', secret: 't-secreto' },
}
const paths: Record<FakeProvider, { authorize: string; token: string; profile: string }> = {
  google: { authorize: '/o/oauth2/v2/auth', token: '/token', profile: '/v1/userinfo' },
  facebook: { authorize: '/v19.0/dialog/oauth', token: '/v19.0/oauth/access_token', profile: '/v19.0/me' },
  twitter: { authorize: '/i/oauth2/authorize', token: '/2/oauth2/token', profile: '/2/users/me' },
}
const redirectUri = 'http://127.0.0.1:1/callback'
const verifier = 'verificador-de-prueba-con-longitud-suficiente-123'

let fake: FakeOauth

beforeAll(async () => {
  fake = await startFakeOauth({ clients })
})
afterAll(() => fake.close())

async function authorize(provider: FakeProvider, extra: Record<string, string> = {}): Promise<Response> {
  const url = new URL(`${fake.baseUrl(provider)}${paths[provider].authorize}`)
  const params = { response_type: 'code', client_id: clients[provider].id, redirect_uri: redirectUri, state: 'estado', ...extra }
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return fetch(url, { redirect: 'manual' })
}

async function codeFor(provider: FakeProvider): Promise<string> {
  const response = await authorize(provider, { code_challenge: s256(verifier), code_challenge_method: 'S256' })
  expect(response.status).toBe(302)
  const back = new URL(response.headers.get('location') ?? '')
  expect(back.searchParams.get('state')).toBe('estado')
  return back.searchParams.get('code') ?? ''
}

function redeem(provider: FakeProvider, form: Record<string, string>, basic = provider === 'twitter'): Promise<Response> {
  const { id, secret } = clients[provider]
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  const body = new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: redirectUri, ...form })
  if (basic) headers.authorization = `Basic ${Buffer.from(`${id}:${form.client_secret ?? secret}`).toString('base64')}`
  else {
    body.set('client_id', id)
    if (!body.has('client_secret')) body.set('client_secret', secret)
  }
  if (basic) body.delete('client_secret')
  return fetch(`${fake.baseUrl(provider)}${paths[provider].token}`, { method: 'POST', headers, body: body.toString() })
}

describe('fake OAuth provider', () => {
  it('demands PKCE S256 from google and twitter at the authorize endpoint', async () => {
    expect((await authorize('google')).status).toBe(400)
    expect((await authorize('twitter', { code_challenge: verifier, code_challenge_method: 'plain' })).status).toBe(400)
    expect((await authorize('facebook')).status).toBe(302)
  })

  it('refuses an unknown client at the authorize endpoint', async () => {
    expect((await authorize('facebook', { client_id: 'otro' })).status).toBe(400)
  })

  it('checks the client secret, the PKCE verifier and single use of the code', async () => {
    const code = await codeFor('google')
    expect((await redeem('google', { code, code_verifier: verifier, client_secret: 'mal' })).status).toBe(401)
    const wrong = await redeem('google', { code: await codeFor('google'), code_verifier: `${verifier}x` })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant', error_description: 'pkce' })

    const good = await codeFor('google')
    const first = await redeem('google', { code: good, code_verifier: verifier })
    expect(first.status).toBe(200)
    const tokens = (await first.json()) as { access_token: string; id_token: string }
    expect(tokens.id_token.split('.')).toHaveLength(3)
    const again = await redeem('google', { code: good, code_verifier: verifier })
    expect(await again.json()).toMatchObject({ error: 'invalid_grant', error_description: 'code_reused' })
    expect(fake.refusals.slice(-2)).toEqual(['pkce', 'code_reused'])

    const info = await fetch(`${fake.baseUrl('google')}${paths.google.profile}`, { headers: { authorization: `Bearer ${tokens.access_token}` } })
    expect(await info.json()).toMatchObject({ sub: '1234567890', email: 'ana.lopez@example.com', email_verified: true, given_name: 'Ana' })
  })

  it('wants HTTP Basic client authentication for twitter', async () => {
    const code = await codeFor('twitter')
    expect((await redeem('twitter', { code, code_verifier: verifier }, false)).status).toBe(401)
    const ok = await redeem('twitter', { code: await codeFor('twitter'), code_verifier: verifier })
    const { access_token: token } = (await ok.json()) as { access_token: string }
    const me = await fetch(`${fake.baseUrl('twitter')}${paths.twitter.profile}?user.fields=profile_image_url`, { headers: { authorization: `Bearer ${token}` } })
    expect(await me.json()).toEqual({ data: { id: '1234567890', name: 'Ana López', username: 'analopez', profile_image_url: 'https://fotos.example.com/ana.png' } })
  })

  it('answers Facebook /me with the requested fields only and refuses tokens of another provider', async () => {
    const code = await codeFor('facebook')
    const { access_token: token } = (await (await redeem('facebook', { code, code_verifier: verifier })).json()) as { access_token: string }
    const me = await fetch(`${fake.baseUrl('facebook')}${paths.facebook.profile}?fields=id,name,email,picture`, { headers: { authorization: `Bearer ${token}` } })
    expect(await me.json()).toEqual({
      id: '1234567890',
      name: 'Ana López',
      email: 'ana.lopez@example.com',
      picture: { data: { url: 'https://fotos.example.com/ana.png', height: 50, width: 50, is_silhouette: false } },
    })
    const idOnly = await fetch(`${fake.baseUrl('facebook')}${paths.facebook.profile}?fields=id`, { headers: { authorization: `Bearer ${token}` } })
    expect(await idOnly.json()).toEqual({ id: '1234567890' })
    expect((await fetch(`${fake.baseUrl('google')}${paths.google.profile}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401)
  })

  it('publishes the JWKS its Google ID tokens verify against', async () => {
    const jwks = (await (await fetch(`${fake.baseUrl('google')}/oauth2/v3/certs`)).json()) as { keys: { kid: string; kty: string; d?: string }[] }
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]).toMatchObject({ kid: 'fake-google-1', kty: 'RSA' })
    expect(jwks.keys[0]?.d).toBeUndefined()
  })
})
