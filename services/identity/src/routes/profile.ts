import { Router } from 'express'
import { PROFILE_UPDATED, profileUpdateRequestSchema, type ProfileUpdatedResponse } from '@donaciones/contracts'
import { unauthorized, withValidation } from '@donaciones/kit'
import type { IdentityDeps } from '../commands/deps.ts'
import { updateProfile } from '../commands/update-profile.ts'
import { toUser } from '../projections/users.ts'
import { issueToken } from '../tokens.ts'

/**
 * PUT /api/users/profile: the signed-in user's own profile (spec: path not given). Answers a fresh
 * token, since the old one carries the old name and photo.
 */
export function profileRoutes(deps: IdentityDeps): Router {
  const router = Router()
  router.put(
    '/api/users/profile',
    deps.context.auth.required,
    withValidation({ body: profileUpdateRequestSchema }, async ({ body }, req, res) => {
      if (!req.auth) throw unauthorized()
      const user = await updateProfile(deps, body, { actor: req.auth, correlationId: req.requestId })
      const token = await issueToken(deps.context, user, deps.options.tokenTtlSeconds)
      res.json({ message: PROFILE_UPDATED, user: toUser(user), token } satisfies ProfileUpdatedResponse)
    }),
  )
  return router
}
