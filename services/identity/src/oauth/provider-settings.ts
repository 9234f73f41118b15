import {
  internalSocialProvidersResponseSchema,
  type InternalSocialProviderSetting,
  type SocialProvider,
} from '@donaciones/contracts'
import { callServiceOk } from '@donaciones/kit'
import type { OauthContext } from './context.ts'
import { providerUnavailable } from './errors.ts'

/** The provider's settings from the content service (secret decrypted), read on every use so changes apply at once. */
async function settingFor(context: OauthContext, provider: SocialProvider): Promise<InternalSocialProviderSetting> {
  const body = await callServiceOk<unknown>(context.directory, 'content', '/internal/configuration/providers')
  const parsed = internalSocialProvidersResponseSchema.safeParse(body)
  if (!parsed.success) {
    context.logger.error({ issues: parsed.error.issues.length }, 'Configuración de proveedores inválida')
    throw providerUnavailable()
  }
  return parsed.data[provider]
}

export interface ClientCredentials {
  client: string
  secret: string
}

/** Client id and secret of an enabled, fully configured provider; otherwise 404 'Proveedor no disponible'. */
export async function requireRedirectProvider(context: OauthContext, provider: SocialProvider): Promise<ClientCredentials> {
  const setting = await settingFor(context, provider)
  const client = setting.client.trim()
  const secret = setting.secret.trim()
  if (!setting.enabled || !client || !secret) throw providerUnavailable()
  return { client, secret }
}

/** The Google client id (the audience of its ID tokens) when Google sign-in is enabled; otherwise 404. */
export async function requireGoogleClientId(context: OauthContext): Promise<string> {
  const setting = await settingFor(context, 'google')
  const client = setting.client.trim()
  if (!setting.enabled || !client) throw providerUnavailable()
  return client
}
