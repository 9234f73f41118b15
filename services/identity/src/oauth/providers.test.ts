import { afterEach, describe, expect, it, vi } from 'vitest'
import { readSettings } from '@donaciones/kit'
import { resolveOauthOptions } from './context.ts'
import { splitName, toSocialProfile } from './profiles.ts'
import { endpointUrl, googleIdToken, providerDefinitions } from './providers.ts'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('provider definitions', () => {
  it('use the real hosts unless a base URL replaces them', () => {
    expect(endpointUrl(providerDefinitions.google.authorize, undefined).href).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect(endpointUrl(providerDefinitions.twitter.token, undefined).href).toBe('https://api.x.com/2/oauth2/token')
    expect(endpointUrl(providerDefinitions.facebook.profile, 'http://127.0.0.1:9/facebook').href).toBe('http://127.0.0.1:9/facebook/v19.0/me')
    expect(endpointUrl(googleIdToken.jwks, undefined).href).toBe('https://www.googleapis.com/oauth2/v3/certs')
  })

  it('use PKCE for google and twitter only, and HTTP Basic for twitter', () => {
    expect(Object.values(providerDefinitions).filter((definition) => definition.pkce).map((definition) => definition.name)).toEqual(['google', 'twitter'])
    expect(providerDefinitions.twitter.clientAuth).toBe('basic')
  })

  it('take PUBLIC_URL and OAUTH_{PROVIDER}_BASE_URL from the environment, options first', () => {
    vi.stubEnv('PUBLIC_URL', '')
    expect(resolveOauthOptions({}, readSettings())).toEqual({ publicUrl: 'http://localhost:3000', baseUrls: {} })
    vi.stubEnv('PUBLIC_URL', 'https://donaciones.example.org/')
    vi.stubEnv('OAUTH_TWITTER_BASE_URL', 'http://127.0.0.1:9/twitter/')
    expect(resolveOauthOptions({}, readSettings())).toEqual({ publicUrl: 'https://donaciones.example.org', baseUrls: { twitter: 'http://127.0.0.1:9/twitter' } })
    expect(resolveOauthOptions({ publicUrl: 'http://a.test', baseUrls: { twitter: 'http://b.test' } }, readSettings())).toEqual({
      publicUrl: 'http://a.test',
      baseUrls: { twitter: 'http://b.test' },
    })
  })
})

describe('provider profiles', () => {
  it('split a full name into name and last name', () => {
    expect(splitName('  Ana María   López ')).toEqual({ name: 'Ana', lastName: 'María López' })
    expect(splitName(undefined)).toEqual({ name: '', lastName: '' })
  })

  it('keep a Google e-mail only when Google verified it', () => {
    const unverified = toSocialProfile('google', { sub: '1', email: 'a@example.com', email_verified: false, given_name: 'A', family_name: 'B' })
    expect(unverified).toEqual({ provider: 'google', providerId: '1', email: null, name: 'A', lastName: 'B', picture: null })
  })

  it('fall back to the Twitter/X handle when there is no display name', () => {
    expect(toSocialProfile('twitter', { data: { id: '7', name: '', username: 'ana' } })).toMatchObject({ name: 'ana', email: null })
  })

  it('refuse an answer without the provider id', () => {
    expect(() => toSocialProfile('facebook', { name: 'Ana' })).toThrow()
  })
})
