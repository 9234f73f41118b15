import { Router } from 'express'
import {
  EMAIL_VERIFIED_TEXT,
  EMAIL_VERIFIED_TITLE,
  REGISTRATION_SENT_TEXT,
  REGISTRATION_SENT_TITLE,
  registerRequestSchema,
  verifyEmailRequestSchema,
} from '@donaciones/contracts'
import { withValidation } from '@donaciones/kit'
import { register, verifyEmail } from '../commands/register.ts'
import type { IdentityDeps } from '../commands/deps.ts'

/** Self sign-up of role 2 accounts: registration and the verification of the mailed link. */
export function registerRoutes(deps: IdentityDeps): Router {
  const router = Router()

  router.post(
    '/api/auth/register',
    withValidation({ body: registerRequestSchema }, async ({ body }, req, res) => {
      // The mail is queued either way, and the answer is the same: it never tells whether the e-mail had an account.
      await register(deps, body, req.ip ?? 'desconocida', req.requestId)
      res.json({ message: REGISTRATION_SENT_TITLE, description: REGISTRATION_SENT_TEXT })
    }),
  )

  router.post(
    '/api/auth/verify-email',
    withValidation({ body: verifyEmailRequestSchema }, async ({ body }, req, res) => {
      await verifyEmail(deps, body, req.ip ?? 'desconocida', req.requestId)
      res.json({ message: EMAIL_VERIFIED_TITLE, description: EMAIL_VERIFIED_TEXT })
    }),
  )

  return router
}
