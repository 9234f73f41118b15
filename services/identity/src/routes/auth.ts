import { Router } from 'express'
import {
  EMAIL_SENT_TEXT,
  EMAIL_SENT_TITLE,
  idParamsSchema,
  loginRequestSchema,
  logoutBodySchema,
  PASSWORD_UPDATED_TEXT,
  PASSWORD_UPDATED_TITLE,
  recoverPasswordRequestSchema,
  requestRecoverPasswordSchema,
  resetPasswordRequestSchema,
  type TokenResponse,
} from '@donaciones/contracts'
import { afterResponse, withValidation } from '@donaciones/kit'
import { recoverPassword, requestRecovery } from '../commands/recover-password.ts'
import { resetPassword } from '../commands/reset-password.ts'
import { signIn } from '../commands/sign-in.ts'
import { signOut } from '../commands/sign-out.ts'
import type { IdentityDeps } from '../commands/deps.ts'

const passwordUpdated = { message: PASSWORD_UPDATED_TITLE, description: PASSWORD_UPDATED_TEXT }

export function authRoutes(deps: IdentityDeps): Router {
  const { auth, logger } = deps.context
  const router = Router()

  router.post(
    '/api/auth/login',
    withValidation({ body: loginRequestSchema }, async ({ body }, req, res) => {
      const token = await signIn(deps, body.email, body.password, req.ip ?? 'desconocida', req.requestId)
      res.json({ token } satisfies TokenResponse)
    }),
  )

  router.put(
    '/api/auth/logout/:id',
    auth.requiredAllowingPasswordChange,
    withValidation({ params: idParamsSchema, body: logoutBodySchema }, async ({ params }, req, res) => {
      await signOut(deps, params.id, { actor: req.auth ?? null, correlationId: req.requestId })
      res.json({ login: false, message: 'Sesión cerrada' })
    }),
  )

  router.post(
    '/api/auth/reset-password',
    auth.requiredAllowingPasswordChange,
    withValidation({ body: resetPasswordRequestSchema }, async ({ body }, req, res) => {
      await resetPassword(deps, body, req.ip ?? 'desconocida', { actor: req.auth ?? null, correlationId: req.requestId })
      res.json(passwordUpdated)
    }),
  )

  router.post(
    '/api/auth/request-recover-password',
    withValidation({ body: requestRecoverPasswordSchema }, async ({ body }, req, res) => {
      // The answer leaves before the e-mail is even looked up, so it takes the same time whether
      // the account exists or not; the link and its mail are recorded afterwards.
      afterResponse(
        res,
        () => requestRecovery(deps, body.email, req.requestId),
        (error) => logger.error({ err: error }, 'No se pudo registrar la solicitud de recuperación'),
      )
      res.json({ message: EMAIL_SENT_TITLE, description: EMAIL_SENT_TEXT })
    }),
  )

  router.post(
    '/api/auth/recover-password',
    withValidation({ body: recoverPasswordRequestSchema }, async ({ body }, req, res) => {
      await recoverPassword(deps, body, req.requestId)
      res.json(passwordUpdated)
    }),
  )

  return router
}
