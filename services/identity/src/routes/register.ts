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
import { accountExistsMail, sendMail, verificationMail } from '../mail.ts'

/** Self sign-up of role 2 accounts: registration and the verification of the mailed link. */
export function registerRoutes(deps: IdentityDeps): Router {
  const { logger } = deps.context
  const router = Router()

  router.post(
    '/api/auth/register',
    withValidation({ body: registerRequestSchema }, async ({ body }, req, res) => {
      const outcome = await register(deps, body, req.ip ?? 'desconocida', req.requestId)
      const mail =
        outcome.kind === 'verify'
          ? verificationMail(outcome.user, outcome.link, Math.round(deps.options.verificationTtlSeconds / 3600))
          : accountExistsMail(outcome.user, deps.options.publicUrl)
      // Sent in the background, and the answer is the same: it never tells whether the e-mail had an account.
      sendMail(deps.context, mail, req.requestId).catch((error: unknown) =>
        logger.error({ err: error, userId: outcome.user.id }, 'No se pudo enviar el correo de registro'),
      )
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
