import { Router } from 'express'
import { internalMailRequestSchema } from '@donaciones/contracts'
import { requireInternalCall, serviceUnavailable, withValidation, type ServiceContext } from '@donaciones/kit'
import { contentState } from '../state.ts'

/** POST /internal/mail for the other services (internal token only): 202 once handed to SMTP or the outbox. */
export function internalMailRoutes(context: ServiceContext): Router {
  const router = Router()
  router.post(
    '/internal/mail',
    requireInternalCall(context.directory),
    withValidation({ body: internalMailRequestSchema }, async ({ body }, _req, res) => {
      try {
        const sent = await contentState(context).mail.send({
          to: body.to,
          subject: body.subject,
          text: body.text,
          ...(body.html === undefined ? {} : { html: body.html }),
        })
        res.status(202).json({ transport: sent.transport, messageId: sent.messageId })
      } catch (error) {
        context.logger.error({ err: error, to: body.to }, 'No se pudo enviar el correo')
        throw serviceUnavailable('No fue posible enviar el correo', 'Revise la configuración de envío de correos', { cause: error })
      }
    }),
  )
  return router
}
