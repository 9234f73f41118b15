import type { ServiceContext } from '@donaciones/kit'
import { socialProviderNames, type SocialProvider } from '@donaciones/contracts'

/** The part of the service context social sign-in uses (a full ServiceContext fits). */
export interface OauthContext {
  db: ServiceContext['db']
  store: { readonly schema: string }
  logger: ServiceContext['logger']
  directory: ServiceContext['directory']
  settings: Pick<ServiceContext['settings'], 'PUBLIC_URL' | 'oauthBaseUrls'>
}

export interface OauthOptions {
  /** Public origin the browser sees (redirect URIs, return page); default the settings' PUBLIC_URL. */
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

export function resolveOauthOptions(options: OauthOptions, settings: OauthContext['settings']): ResolvedOauthOptions {
  const publicUrl = (options.publicUrl || settings.PUBLIC_URL).replace(/\/+$/, '')
  const baseUrls: Partial<Record<SocialProvider, string>> = {}
  for (const provider of socialProviderNames) {
    const base = options.baseUrls?.[provider] ?? settings.oauthBaseUrls[provider]
    if (base) baseUrls[provider] = base.replace(/\/+$/, '')
  }
  return { publicUrl, baseUrls }
}
