import type { ServiceContext } from '@donaciones/kit'
import type { SocialProvider } from '@donaciones/contracts'

/** The part of the service context social sign-in uses (a full ServiceContext fits). */
export interface OauthContext {
  db: ServiceContext['db']
  store: { readonly schema: string }
  logger: ServiceContext['logger']
  directory: ServiceContext['directory']
}

export interface OauthOptions {
  /** Public origin the browser sees (redirect URIs, return page); default env PUBLIC_URL or http://localhost:3000. */
  publicUrl?: string
  /**
   * Replaces every host of a provider with one base URL (the paths stay the real ones): tests point
   * it at tools/fake-oauth. Default env OAUTH_{GOOGLE|FACEBOOK|TWITTER}_BASE_URL, else the real hosts.
   */
  baseUrls?: Partial<Record<SocialProvider, string>>
}

export interface ResolvedOauthOptions {
  publicUrl: string
  baseUrls: Partial<Record<SocialProvider, string>>
}

function envBase(provider: SocialProvider): string | undefined {
  return process.env[`OAUTH_${provider.toUpperCase()}_BASE_URL`] || undefined
}

export function resolveOauthOptions(options: OauthOptions = {}): ResolvedOauthOptions {
  const publicUrl = (options.publicUrl || process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '')
  const baseUrls: Partial<Record<SocialProvider, string>> = {}
  for (const provider of ['google', 'facebook', 'twitter'] as const) {
    const base = options.baseUrls?.[provider] ?? envBase(provider)
    if (base) baseUrls[provider] = base.replace(/\/+$/, '')
  }
  return { publicUrl, baseUrls }
}
