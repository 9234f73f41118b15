import { Router } from 'express'
import { internalMailRequestSchema } from '@donaciones/contracts'
import { requireInternalCall, withValidation, type ServiceContext } from '@donaciones/kit'
import { acceptHandedMessage } from '../mail/mail-outbox.ts'

/**
 * POST /internal/mail for the other services (internal token only): 202 once the message is in the
 * content service's outbox; the SMTP server gets it from there. The same id twice is queued once.
 */
export function internalMailRoutes(context: ServiceContext): Router {
  const router = Router()
  router.post(
    '/internal/mail',
    requireInternalCall(context.directory),
    withValidation({ body: internalMailRequestSchema }, async ({ body }, _req, res) => {
      await acceptHandedMessage(context, body)
      res.status(202).json({ queued: true, id: body.id })
    }),
  )
  return router
}
