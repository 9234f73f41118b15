import type { SocialProvider } from '@donaciones/contracts'

interface Endpoint {
  /** Real origin, replaced by the provider's base URL override. */
  origin: string
  path: string
}

export interface ProviderDefinition {
  name: SocialProvider
  authorize: Endpoint
  token: Endpoint
  profile: Endpoint
  /** Query string of the profile call. */
  profileQuery: Record<string, string>
  scope: string
  /** PKCE S256 (Google and Twitter/X OAuth 2.0 support it). */
  pkce: boolean
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'basic' | 'body'
}

export const providerDefinitions: Record<SocialProvider, ProviderDefinition> = {
  google: {
    name: 'google',
    authorize: { origin: 'https://accounts.google.com', path: '/o/oauth2/v2/auth' },
    token: { origin: 'https://oauth2.googleapis.com', path: '/token' },
    profile: { origin: 'https://openidconnect.googleapis.com', path: '/v1/userinfo' },
    profileQuery: {},
    scope: 'openid email profile',
    pkce: true,
    clientAuth: 'body',
  },
  facebook: {
    name: 'facebook',
    authorize: { origin: 'https://www.facebook.com', path: '/v19.0/dialog/oauth' },
    token: { origin: 'https://graph.facebook.com', path: '/v19.0/oauth/access_token' },
    profile: { origin: 'https://graph.facebook.com', path: '/v19.0/me' },
    profileQuery: { fields: 'id,name,email,picture' },
    scope: 'email public_profile',
    pkce: false,
    clientAuth: 'body',
  },
  twitter: {
    name: 'twitter',
    authorize: { origin: 'https://x.com', path: '/i/oauth2/authorize' },
    token: { origin: 'https://api.x.com', path: '/2/oauth2/token' },
    profile: { origin: 'https://api.x.com', path: '/2/users/me' },
    profileQuery: { 'user.fields': 'profile_image_url,confirmed_email' },
    scope: 'tweet.read users.read users.email',
    pkce: true,
    clientAuth: 'basic',
  },
}

/** Google ID tokens: where the keys are and who may issue them. */
export const googleIdToken = {
  jwks: { origin: 'https://www.googleapis.com', path: '/oauth2/v3/certs' },
  issuers: ['https://accounts.google.com', 'accounts.google.com'],
}

/** An endpoint's URL, on the override base when one is set. */
export function endpointUrl(endpoint: Endpoint, base: string | undefined): URL {
  return new URL(`${base ?? endpoint.origin}${endpoint.path}`)
}
