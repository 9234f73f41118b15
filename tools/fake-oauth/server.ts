import express, { type Request, type Response } from 'express'
import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { clientCredentials } from './client-auth.ts'
import { Grants, type RefusalReason } from './grants.ts'
import { IdTokenSigner, type IdTokenOptions } from './id-tokens.ts'
import { basicAuthProviders, fakeGoogleJwksPath, fakePaths, pkceProviders } from './paths.ts'
import { profileBody } from './profiles.ts'
import { defaultFakeUser, fakeProviders, type FakeOauthOptions, type FakeProvider, type FakeUser } from './types.ts'

export interface FakeOauth {
  /** Origin of the fake, e.g. http://127.0.0.1:41234. */
  url: string
  /** Base URL that replaces every host of a provider (its paths stay the real ones). */
  baseUrl(provider: FakeProvider): string
  /** `iss` of the Google ID tokens it signs (its Google base URL). */
  googleIssuer: string
  setUser(user: FakeUser): void
  signGoogleIdToken(options?: IdTokenOptions): Promise<string>
  /** Every refused code redemption, in order: tests read it to see which check fired. */
  refusals: RefusalReason[]
  close(): Promise<void>
}

function oauthError(res: Response, status: number, error: string, description: string): void {
  res.status(status).json({ error, error_description: description })
}

/**
 * A loopback OAuth 2.0 / OpenID Connect provider for tests, imitating Google, Facebook and
 * Twitter/X under `/{provider}`: the authorize endpoint approves at once for the configured user.
 */
export async function startFakeOauth(options: FakeOauthOptions): Promise<FakeOauth> {
  const grants = new Grants(options.codeTtlMs ?? 60_000)
  const signer = await IdTokenSigner.create()
  const refusals: RefusalReason[] = []
  let user = options.user ?? defaultFakeUser
  let origin = ''
  const app = express()
  app.disable('x-powered-by')

  for (const provider of fakeProviders) {
    const paths = fakePaths[provider]
    const client = options.clients[provider]

    app.get(`/${provider}${paths.authorize}`, (req: Request, res: Response) => {
      const query = new URL(req.originalUrl, 'http://fake').searchParams
      const redirectUri = query.get('redirect_uri')
      if (!client || query.get('client_id') !== client.id || !redirectUri) return oauthError(res, 400, 'invalid_client', 'cliente desconocido')
      if (query.get('response_type') !== 'code') return oauthError(res, 400, 'unsupported_response_type', 'solo code')
      const challenge = query.get('code_challenge')
      if (pkceProviders.has(provider) && (!challenge || query.get('code_challenge_method') !== 'S256')) {
        return oauthError(res, 400, 'invalid_request', 'falta PKCE S256')
      }
      const code = grants.issueCode({ provider, clientId: client.id, redirectUri, challenge, user })
      const back = new URL(redirectUri)
      back.searchParams.set('code', code)
      const state = query.get('state')
      if (state !== null) back.searchParams.set('state', state)
      res.redirect(302, back.toString())
    })

    app.post(`/${provider}${paths.token}`, express.text({ type: '*/*' }), async (req: Request, res: Response) => {
      const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '')
      const credentials = clientCredentials(req, form)
      if (!client || !credentials || credentials.id !== client.id || credentials.secret !== client.secret) {
        return oauthError(res, 401, 'invalid_client', 'credenciales del cliente inválidas')
      }
      if (basicAuthProviders.has(provider) && credentials.method !== 'basic') return oauthError(res, 401, 'invalid_client', 'use HTTP Basic')
      if (form.get('grant_type') !== 'authorization_code') return oauthError(res, 400, 'unsupported_grant_type', 'solo authorization_code')
      const result = grants.redeem({
        provider,
        code: form.get('code') ?? '',
        clientId: credentials.id,
        redirectUri: form.get('redirect_uri') ?? '',
        verifier: form.get('code_verifier'),
      })
      if ('refused' in result) {
        refusals.push(result.refused)
        return oauthError(res, 400, 'invalid_grant', result.refused)
      }
      const idToken = provider === 'google' ? await signer.sign({ issuer: `${origin}/google`, audience: client.id, user: result.grant.user }) : null
      res.json({
        access_token: result.token,
        token_type: provider === 'facebook' ? 'bearer' : 'Bearer',
        expires_in: 3600,
        ...(idToken ? { id_token: idToken, scope: 'openid email profile' } : {}),
      })
    })

    app.get(`/${provider}${paths.profile}`, (req: Request, res: Response) => {
      const access = grants.accessFor(provider, req.headers.authorization)
      if (!access) return oauthError(res, 401, 'invalid_token', 'token de acceso inválido')
      res.json(profileBody(provider, access.user, new URL(req.originalUrl, 'http://fake').searchParams))
    })
  }

  app.get(`/google${fakeGoogleJwksPath}`, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=60').json(signer.jwks())
  })

  const server: Server = createServer(app)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: origin,
    baseUrl: (provider) => `${origin}/${provider}`,
    googleIssuer: `${origin}/google`,
    setUser(next) {
      user = next
    },
    signGoogleIdToken(idOptions) {
      return signer.sign({ issuer: `${origin}/google`, audience: options.clients.google?.id ?? 'sin-cliente', user }, idOptions)
    },
    refusals,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
