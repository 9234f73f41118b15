import express, { type NextFunction, type Request, type Response, type Router } from 'express'
import { IdempotencyStore } from '../idempotency.ts'
import { isRecord, requestOrigin, send, type SimResponse } from '../http.ts'
import type { PaypalWebhookSigner } from '../webhooks/paypal.ts'
import type { PaypalTokens } from './auth.ts'
import { invalidRequest, paypalError, resourceNotFound } from './errors.ts'
import type { PaypalOrderStore } from './orders.ts'
import { checkoutPage, doneScript, sdkScript } from './pages.ts'

export interface PaypalContext {
  tokens: PaypalTokens
  orders: PaypalOrderStore
  signer: PaypalWebhookSigner
}

/** Create's default answer (`Prefer: return=minimal`): only id, status and links. */
function minimal(response: SimResponse, prefer: string | undefined): SimResponse {
  if (/return=representation/i.test(prefer ?? '') || !isRecord(response.body) || response.status >= 300) return response
  const { id, status, links } = response.body
  return { status: response.status, body: { id, status, links } }
}

/** PayPal's REST subset plus the buyer's approval pages, mounted under `/paypal`. */
export function paypalRouter(context: PaypalContext): Router {
  const { tokens, orders, signer } = context
  const router = express.Router()
  const idempotency = new IdempotencyStore((response) => response.status >= 200 && response.status < 300)
  const json = express.json({ type: ['application/json', 'text/plain'], limit: '1mb' })
  const form = express.urlencoded({ extended: false })
  const authenticated = tokens.middleware()

  const idempotent = async (req: Request, res: Response, produce: () => SimResponse): Promise<void> => {
    const key = req.get('paypal-request-id')
    const result = await idempotency.run(key ? `${req.method} ${req.baseUrl}${req.path} ${key}` : undefined, produce)
    send(res, result)
  }

  router.post('/v1/oauth2/token', form, (req, res) => {
    const issued = tokens.issue(req.get('authorization'))
    if (!issued) return void res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' })
    const grant = isRecord(req.body) ? req.body.grant_type : undefined
    if (grant !== 'client_credentials') return void res.status(400).json({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL or not supported' })
    res.json({
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/checkout/one-click-with-merchant-issued-token',
      access_token: issued.access_token,
      token_type: 'Bearer',
      app_id: 'APP-SIMULATOR',
      expires_in: issued.expires_in,
      nonce: `${new Date().toISOString()}sim`,
    })
  })

  router.post('/v2/checkout/orders', authenticated, json, async (req, res) => {
    const prefer = req.get('prefer')
    await idempotent(req, res, () => minimal(orders.create(req.body), prefer))
  })

  router.get('/v2/checkout/orders/:id', authenticated, (req, res) => {
    const order = orders.get(String(req.params.id))
    send(res, order ? { status: 200, body: order } : resourceNotFound())
  })

  router.post('/v2/checkout/orders/:id/capture', authenticated, json, async (req, res) => {
    await idempotent(req, res, () => orders.capture(String(req.params.id)))
  })

  router.post('/v1/notifications/verify-webhook-signature', authenticated, json, (req, res) => {
    const body: unknown = req.body
    const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event']
    const missing = isRecord(body) ? required.find((field) => body[field] === undefined || body[field] === '') : 'body'
    if (missing !== undefined || !isRecord(body)) {
      return send(res, invalidRequest(`/${missing ?? 'body'}`, 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.'))
    }
    res.json({ verification_status: signer.verify(body) ? 'SUCCESS' : 'FAILURE' })
  })

  router.get('/checkoutnow', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : ''
    const order = orders.get(token)
    if (!order) return void res.status(404).type('html').send('<!doctype html><p>Orden no encontrada.</p>')
    res.type('html').set('Cache-Control', 'no-store').send(checkoutPage(order, req.baseUrl))
  })

  router.post('/checkoutnow/approve', form, (req, res) => {
    const fields = isRecord(req.body) ? req.body : {}
    const token = typeof fields.token === 'string' ? fields.token : ''
    const name = typeof fields.name === 'string' && fields.name.trim() ? fields.name : undefined
    const email = typeof fields.email === 'string' && fields.email.trim() ? fields.email.trim() : undefined
    let payerId: string | undefined
    try {
      payerId = orders.approve(token, { ...(name ? { name } : {}), ...(email ? { email } : {}) }).payer?.payer_id
    } catch (error) {
      return void res.status(409).type('html').send(`<!doctype html><p>${error instanceof Error ? error.message : 'error'}</p>`)
    }
    const { returnUrl } = orders.redirects(token)
    if (returnUrl) {
      const back = new URL(returnUrl)
      back.searchParams.set('token', token)
      if (payerId) back.searchParams.set('PayerID', payerId)
      return void res.redirect(303, back.toString())
    }
    res.type('html').send(doneScript('approved', token, payerId))
  })

  router.post('/checkoutnow/cancel', form, (req, res) => {
    const token = isRecord(req.body) && typeof req.body.token === 'string' ? req.body.token : ''
    const { cancelUrl } = orders.redirects(token)
    if (cancelUrl) {
      const back = new URL(cancelUrl)
      back.searchParams.set('token', token)
      return void res.redirect(303, back.toString())
    }
    res.type('html').send(doneScript('cancelled', token, undefined))
  })

  router.get('/sdk.js', (req, res) => {
    res.type('application/javascript').set('Cache-Control', 'no-store').send(sdkScript(`${requestOrigin(req)}${req.baseUrl}`))
  })

  router.use((_req: Request, res: Response) => send(res, resourceNotFound()))

  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error)
    const status = typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : 500
    if (status >= 400 && status < 500) return send(res, invalidRequest('/', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.'))
    send(res, paypalError(500, 'INTERNAL_SERVER_ERROR', [{ issue: 'INTERNAL_SERVICE_ERROR', description: String(error) }]))
  })

  return router
}
