import express, { type NextFunction, type Request, type Response, type Router } from 'express'
import { IdempotencyStore } from '../idempotency.ts'
import { nowSeconds, randomId, requestOrigin, send, type SimResponse } from '../http.ts'
import type { ConektaWebhookSigner } from '../webhooks/conekta.ts'
import { requireKey, type ConektaKeys } from './auth.ts'
import type { TokenStore } from './cards.ts'
import { placeOrder } from './charging.ts'
import type { ConektaOrderLedger } from './order-ledger.ts'
import { invalidParameter, notFound } from './errors.ts'
import type { ConektaOrderStore, OrderFilter } from './orders.ts'
import type { ConektaRecurring } from './recurring.ts'
import { addRecurringRoutes } from './recurring-routes.ts'
import { barcodeSvg, tokenizerScript } from './tokenizer.ts'
import { parseOrderRequest, parseTokenRequest } from './validate.ts'

export interface ConektaContext {
  keys: ConektaKeys
  tokens: TokenStore
  orders: ConektaOrderStore
  signer: ConektaWebhookSigner
  ledger: ConektaOrderLedger
  recurring: ConektaRecurring
}

const maxPageSize = 250

function optionalNumber(params: URLSearchParams, name: string): number | undefined | 'invalid' {
  const raw = params.get(name)
  if (raw === null || raw === '') return undefined
  const value = Number(raw)
  return Number.isFinite(value) ? value : 'invalid'
}

/** `GET /orders`: filters, newest first, cursor pagination with `next`/`previous` (order ids). */
function listOrders(orders: ConektaOrderStore, params: URLSearchParams, listUrl: string): SimResponse {
  const filter: OrderFilter = {}
  const numeric = { createdAtGte: 'created_at.gte', createdAtLte: 'created_at.lte', updatedAtGte: 'updated_at.gte', updatedAtLte: 'updated_at.lte' } as const
  for (const [field, name] of Object.entries(numeric) as Array<[keyof typeof numeric, string]>) {
    const value = optionalNumber(params, name)
    if (value === 'invalid') return invalidParameter(name, `${name} must be a unix time in seconds.`)
    if (value !== undefined) filter[field] = value
  }
  const paymentStatus = params.get('payment_status')
  if (paymentStatus) filter.paymentStatus = paymentStatus
  const lastPaymentStatus = params.get('last_payment_info.status')
  if (lastPaymentStatus) filter.lastPaymentStatus = lastPaymentStatus
  const limitValue = optionalNumber(params, 'limit')
  if (limitValue === 'invalid' || (limitValue !== undefined && (!Number.isInteger(limitValue) || limitValue < 1 || limitValue > maxPageSize))) {
    return invalidParameter('limit', `limit must be an integer between 1 and ${maxPageSize}.`)
  }
  const limit = limitValue ?? 20
  let all = orders.list(filter)
  const next = params.get('next')
  const previous = params.get('previous')
  if (next) all = all.slice(all.findIndex((order) => order.id === next) + 1)
  else if (previous) {
    const index = all.findIndex((order) => order.id === previous)
    all = all.slice(Math.max(0, (index < 0 ? 0 : index) - limit), index < 0 ? 0 : index)
  }
  const data = all.slice(0, limit)
  const hasMore = all.length > limit
  const pageUrl = (cursor: 'next' | 'previous', id: string | undefined): string | null => {
    if (!id) return null
    const url = new URL(listUrl)
    url.searchParams.delete('next')
    url.searchParams.delete('previous')
    url.searchParams.set(cursor, id)
    return url.toString()
  }
  return {
    status: 200,
    body: {
      object: 'list',
      has_more: hasMore,
      next_page_url: hasMore ? pageUrl('next', data.at(-1)?.id) : null,
      previous_page_url: next || previous ? pageUrl('previous', data[0]?.id) : null,
      data,
    },
  }
}

/** Conekta's REST subset, mounted under `/conekta`. */
export function conektaRouter(context: ConektaContext): Router {
  const { keys, tokens, orders, signer, ledger, recurring } = context
  const router = express.Router()
  const idempotency = new IdempotencyStore((response) => (response.status >= 200 && response.status < 300) || response.status === 402)
  const json = express.json({ type: ['application/json', 'application/*+json', 'text/plain'], limit: '1mb' })
  const privateOnly = requireKey(keys, ['private'])

  const idempotent = async (req: Request, res: Response, produce: () => SimResponse, loseAnswer = false): Promise<void> => {
    const key = req.get('idempotency-key')
    const scope = key ? `${String(res.locals.apiKey)} ${req.method} ${req.baseUrl}${req.path} ${key}` : undefined
    const result = await idempotency.run(scope, produce)
    if (loseAnswer) return void req.socket.destroy()
    send(res, result, result.replayed ? { 'Idempotent-Replayed': 'true' } : {})
  }

  router.get('/conekta.js', (req, res) => {
    res.type('application/javascript').set('Cache-Control', 'no-store').send(tokenizerScript(`${requestOrigin(req)}${req.baseUrl}`))
  })

  router.get('/barcodes/:file', (req, res) => {
    const reference = /^(\d{1,30})\.svg$/.exec(req.params.file ?? '')?.[1]
    if (!reference) return void res.status(404).end()
    res.type('image/svg+xml').send(barcodeSvg(reference))
  })

  router.post('/tokens', requireKey(keys, ['public', 'private']), json, async (req, res) => {
    await idempotent(req, res, () => {
      const card = parseTokenRequest(req.body)
      if (!card.ok) return card.error
      const token = tokens.create(card.value)
      return { status: 200, body: { id: token.id, object: 'token', livemode: false, used: false } }
    })
  })

  router.post('/orders', privateOnly, json, async (req, res) => {
    const barcodeBaseUrl = `${requestOrigin(req)}${req.baseUrl}/barcodes`
    const key = req.get('idempotency-key') || undefined
    await idempotent(
      req,
      res,
      () => {
        const input = parseOrderRequest(req.body)
        if (!input.ok) return input.error
        ledger.countPlaced(key)
        return placeOrder(input.value, tokens, orders, barcodeBaseUrl)
      },
      ledger.takeLostAnswer(),
    )
  })

  router.get('/orders/:id', privateOnly, (req, res) => {
    const id = String(req.params.id)
    const order = orders.get(id)
    send(res, order ? { status: 200, body: order } : notFound('order', id))
  })

  router.get('/orders', privateOnly, (req, res) => {
    const url = new URL(req.originalUrl, requestOrigin(req))
    send(res, listOrders(orders, url.searchParams, url.toString()))
  })

  router.post('/webhook_keys', privateOnly, json, (_req, res) => {
    res.status(200).json({
      id: randomId('', 12),
      object: 'webhook_key',
      active: true,
      livemode: false,
      created_at: nowSeconds(),
      public_key: signer.publicKeyPem,
    })
  })

  addRecurringRoutes(router, recurring, privateOnly, json, (req, res, produce) => idempotent(req, res, produce))

  router.use((req: Request, res: Response) => {
    send(res, notFound('resource', `${req.method} ${req.originalUrl}`))
  })

  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error)
    const status = typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : 500
    if (status >= 400 && status < 500) return send(res, invalidParameter('body', 'The request body is not valid JSON.', 'El cuerpo de la solicitud no es válido.'))
    send(res, { status: 500, body: { object: 'error', type: 'api_error', log_id: randomId('', 12), details: [{ code: 'conekta.errors.api.system.general_failure', param: null, message: 'Error interno.', debug_message: String(error) }] } })
  })

  return router
}
