import { z } from 'zod'
import type { SocialProvider } from '@donaciones/contracts'
import { isHttpError } from '@donaciones/kit'
import type { Logger } from '@donaciones/kit'
import { providerRefused, providerUnreachable } from './errors.ts'
import type { SocialProfile } from './ports.ts'
import { toSocialProfile } from './profiles.ts'
import type { ClientCredentials } from './provider-settings.ts'
import { endpointUrl, providerDefinitions } from './providers.ts'

const tokenResponseSchema = z.object({ access_token: z.string().min(1) })

export interface CodeExchange {
  provider: SocialProvider
  base: string | undefined
  credentials: ClientCredentials
  code: string
  redirectUri: string
  codeVerifier: string | null
}

async function call(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(10_000) })
  } catch (error) {
    throw providerUnreachable(error)
  }
}

async function accessToken(exchange: CodeExchange, logger: Logger): Promise<string> {
  const definition = providerDefinitions[exchange.provider]
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: exchange.code, redirect_uri: exchange.redirectUri })
  if (exchange.codeVerifier) form.set('code_verifier', exchange.codeVerifier)
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }
  if (definition.clientAuth === 'basic') {
    const pair = `${encodeURIComponent(exchange.credentials.client)}:${encodeURIComponent(exchange.credentials.secret)}`
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`
  } else {
    form.set('client_id', exchange.credentials.client)
    form.set('client_secret', exchange.credentials.secret)
  }
  const response = await call(endpointUrl(definition.token, exchange.base), { method: 'POST', headers, body: form.toString() })
  const body: unknown = await response.json().catch(() => null)
  const parsed = tokenResponseSchema.safeParse(body)
  if (!response.ok || !parsed.success) {
    const error = (body as { error?: unknown } | null)?.error
    logger.warn({ provider: exchange.provider, status: response.status, error: typeof error === 'string' ? error : undefined }, 'El proveedor rechazó el código')
    throw providerRefused()
  }
  return parsed.data.access_token
}

async function profile(provider: SocialProvider, base: string | undefined, token: string, logger: Logger): Promise<SocialProfile> {
  const definition = providerDefinitions[provider]
  const url = endpointUrl(definition.profile, base)
  for (const [name, value] of Object.entries(definition.profileQuery)) url.searchParams.set(name, value)
  const response = await call(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })
  const body: unknown = await response.json().catch(() => null)
  try {
    if (!response.ok) throw new Error(`estado ${response.status}`)
    return toSocialProfile(provider, body)
  } catch (error) {
    if (isHttpError(error)) throw error
    logger.warn({ provider, status: response.status }, 'Perfil del proveedor inválido')
    throw providerRefused()
  }
}

/** Redeems the authorization code at the provider (client secret + PKCE verifier) and reads who signed in. */
export async function profileFromCode(exchange: CodeExchange, logger: Logger): Promise<SocialProfile> {
  const token = await accessToken(exchange, logger)
  return profile(exchange.provider, exchange.base, token, logger)
}
