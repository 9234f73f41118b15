import { Router } from 'express'
import { resolveOauthOptions, type OauthContext, type OauthOptions } from './context.ts'
import { googleRoute } from './google-route.ts'
import type { OauthPorts } from './ports.ts'
import { redirectRoutes } from './redirect-routes.ts'

/**
 * Social sign-in routes (google, facebook, twitter), each live only while the content service's
 * configuration enables and configures it:
 * - `GET /api/oauth/{provider}` → redirect to the provider (state + PKCE where supported)
 * - `GET /api/oauth/{provider}/callback` → user found or created, hand-off cookie, redirect to the front end
 * - `GET /api/oauth/login/check` → `{token, user}` once
 * - `POST /api/auth/google-register-or-login` → `{token}` for a verified Google ID token
 */
export function oauthRoutes<User>(context: OauthContext, ports: OauthPorts<User>, options?: OauthOptions): Router {
  const resolved = resolveOauthOptions(options ?? {}, context.settings)
  const router = Router()
  router.use(redirectRoutes(context, ports, resolved))
  router.use(googleRoute(context, ports, resolved))
  return router
}

export type { OauthContext, OauthOptions } from './context.ts'
export type { OauthPorts, SocialProfile } from './ports.ts'
