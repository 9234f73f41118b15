import { Router } from 'express'
import { identityEvents } from '@donaciones/contracts'
import { deliverFinishedMessage, type ServiceContext, type ServiceDefinition } from '@donaciones/kit'
import { defaultIdentityOptions, identityLimits, type IdentityOptions } from './config.ts'
import type { IdentityDeps } from './commands/deps.ts'
import { socialSignInPorts } from './commands/social-user.ts'
import { oauthRoutes } from './oauth/index.ts'
import { findUserById, usersProjection } from './projections/users.ts'
import { authRoutes } from './routes/auth.ts'
import { exportRoutes } from './routes/export.ts'
import { internalRoutes } from './routes/internal.ts'
import { jwksRoutes } from './routes/jwks.ts'
import { modulesRoutes } from './routes/modules.ts'
import { profileRoutes } from './routes/profile.ts'
import { registerRoutes } from './routes/register.ts'
import { userDetailRoutes } from './routes/user-detail.ts'
import { usersRoutes } from './routes/users.ts'
import { identityMigrations } from './migrations.ts'
import { issueToken, signingKeyOf } from './tokens.ts'

/** The identity service: users, sessions, tokens and permissions. Tests may shorten its limits. */
export function createIdentityService(overrides: Partial<IdentityOptions> = {}): ServiceDefinition {
  return {
    name: 'identity',
    events: identityEvents,
    projections: [usersProjection],
    migrations: identityMigrations,
    async setup(context) {
      await signingKeyOf(context)
    },
    deliverMail: deliverFinishedMessage,
    routes(context) {
      const options: IdentityOptions = { ...defaultIdentityOptions(context.settings), ...overrides }
      const deps: IdentityDeps = { context, options }
      const router = Router()
      router.use(jwksRoutes(() => signingKeyOf(context)))
      router.use(internalRoutes(deps))
      router.use(authRoutes(deps))
      router.use(registerRoutes(deps))
      router.use(oauthRoutes(context, socialSignInPorts(deps)))
      router.use(modulesRoutes(deps))
      // Fixed paths under /api/users before the ones with an {id}.
      router.use(profileRoutes(deps))
      router.use(exportRoutes(deps))
      router.use(usersRoutes(deps))
      router.use(userDetailRoutes(deps))
      return router
    },
  }
}

export const identityService: ServiceDefinition = createIdentityService()

/** A session token for a user as he is now (undefined for an unknown user). */
export async function issueTokenForUser(context: ServiceContext, userId: string, ttlSeconds = identityLimits.tokenTtlSeconds): Promise<string | undefined> {
  const user = await findUserById(context.db, context.store.schema, userId)
  return user ? issueToken(context, user, ttlSeconds) : undefined
}

export { defaultIdentityOptions, identityLimits, type IdentityOptions } from './config.ts'
export { ensureSigningKey, signingAlgorithm, type SigningKey } from './signing-keys.ts'
