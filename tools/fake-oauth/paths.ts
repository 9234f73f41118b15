import type { FakeProvider } from './types.ts'

/** Endpoint paths under `/{provider}`: the real providers' paths, so a base URL swap is the only change. */
export const fakePaths: Record<FakeProvider, { authorize: string; token: string; profile: string }> = {
  google: { authorize: '/o/oauth2/v2/auth', token: '/token', profile: '/v1/userinfo' },
  facebook: { authorize: '/v19.0/dialog/oauth', token: '/v19.0/oauth/access_token', profile: '/v19.0/me' },
  twitter: { authorize: '/i/oauth2/authorize', token: '/2/oauth2/token', profile: '/2/users/me' },
}

/** Google's JWKS path (www.googleapis.com/oauth2/v3/certs). */
export const fakeGoogleJwksPath = '/oauth2/v3/certs'

/** Providers whose fake demands PKCE (S256), as Google and Twitter/X OAuth 2.0 support it. */
export const pkceProviders: ReadonlySet<FakeProvider> = new Set<FakeProvider>(['google', 'twitter'])

/** Twitter/X wants confidential clients to authenticate with HTTP Basic at the token endpoint. */
export const basicAuthProviders: ReadonlySet<FakeProvider> = new Set<FakeProvider>(['twitter'])
