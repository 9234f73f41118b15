import { timingSafeEqual } from 'node:crypto'
import { Router, type Request, type Response } from 'express'
import type { OauthCheckResponse, SocialProvider } from '@donaciones/contracts'
import { readCookie } from '@donaciones/kit'
import type { OauthContext, ResolvedOauthOptions } from './context.ts'
import { clearCookie, handoffCookie, setCookie, stateCookie } from './cookies.ts'
import { invalidSignInRequest, providerRefused } from './errors.ts'
import { FlowStore, flowTtlSeconds } from './flow-store.ts'
import { HandoffStore, handoffTtlSeconds } from './handoff-store.ts'
import type { OauthPorts } from './ports.ts'
import { profileFromCode } from './provider-client.ts'
import { providerParam } from './provider-param.ts'
import { requireRedirectProvider } from './provider-settings.ts'
import { endpointUrl, providerDefinitions } from './providers.ts'
import { pkceChallenge, randomToken } from './random.ts'
import { signInProfile } from './sign-in.ts'

function sameValue(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

function queryValue(req: Request, name: string): string | null {
  const value = req.query[name]
  return typeof value === 'string' && value ? value : null
}

/**
 * Server-side redirect sign-in: `GET /api/oauth/{provider}` → provider → `GET /api/oauth/{provider}/callback`
 * → front end, which calls `GET /api/oauth/login/check` once for `{token, user}`.
 */
export function redirectRoutes<User>(context: OauthContext, ports: OauthPorts<User>, options: ResolvedOauthOptions): Router {
  const router = Router()
  const flows = new FlowStore(context)
  const handoffs = new HandoffStore(context)
  const callbackUrl = (provider: SocialProvider): string => `${options.publicUrl}/api/oauth/${provider}/callback`

  router.get('/api/oauth/login/check', async (req: Request, res: Response) => {
    const key = readCookie(req, handoffCookie)
    clearCookie(res, handoffCookie, options.publicUrl)
    res.set('Cache-Control', 'no-store')
    const user = key ? await handoffs.redeem(key) : null
    // No pending sign-in (an anonymous visitor, or a key already redeemed) is an answer, not an error.
    const answer: OauthCheckResponse = user ? { token: await ports.issueToken(user._id), user } : { token: null, user: null }
    res.json(answer)
  })

  router.get('/api/oauth/:provider', async (req: Request, res: Response) => {
    const provider = providerParam(req.params.provider)
    const credentials = await requireRedirectProvider(context, provider)
    const definition = providerDefinitions[provider]
    const state = randomToken()
    const codeVerifier = definition.pkce ? randomToken() : null
    await flows.save({ state, provider, codeVerifier })
    const url = endpointUrl(definition.authorize, options.baseUrls[provider])
    url.searchParams.set('response_type', 'code')
    url.searchParams.set('client_id', credentials.client)
    url.searchParams.set('redirect_uri', callbackUrl(provider))
    url.searchParams.set('scope', definition.scope)
    url.searchParams.set('state', state)
    if (codeVerifier) {
      url.searchParams.set('code_challenge', pkceChallenge(codeVerifier))
      url.searchParams.set('code_challenge_method', 'S256')
    }
    setCookie(res, stateCookie, state, options.publicUrl, flowTtlSeconds)
    res.set('Cache-Control', 'no-store').redirect(302, url.toString())
  })

  router.get('/api/oauth/:provider/callback', async (req: Request, res: Response) => {
    const provider = providerParam(req.params.provider)
    const credentials = await requireRedirectProvider(context, provider)
    const state = queryValue(req, 'state')
    const expected = readCookie(req, stateCookie)
    clearCookie(res, stateCookie, options.publicUrl)
    res.set('Cache-Control', 'no-store')
    if (!state || !expected || !sameValue(state, expected)) throw invalidSignInRequest()
    const flow = await flows.consume(state, provider)
    if (!flow) throw invalidSignInRequest()
    const code = queryValue(req, 'code')
    if (!code || queryValue(req, 'error')) throw providerRefused()
    const profile = await profileFromCode(
      { provider, base: options.baseUrls[provider], credentials, code, redirectUri: callbackUrl(provider), codeVerifier: flow.codeVerifier },
      context.logger,
    )
    const user = await signInProfile(ports, profile)
    setCookie(res, handoffCookie, await handoffs.create(user), options.publicUrl, handoffTtlSeconds)
    res.redirect(302, `${options.publicUrl}/`)
  })

  return router
}
