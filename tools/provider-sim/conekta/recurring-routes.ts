import type { Request, Response, Router } from 'express'
import type { SimResponse } from '../http.ts'
import { send } from '../http.ts'
import type { ConektaRecurring } from './recurring.ts'

type Idempotent = (req: Request, res: Response, produce: () => SimResponse) => Promise<void>
type Middleware = (req: Request, res: Response, next: () => void) => void

/**
 * Plans, customers, payment sources and the customer's subscription, on Conekta's paths (the SDK's
 * PlansApi, CustomersApi, PaymentMethodsApi and SubscriptionsApi). Creations honour Idempotency-Key.
 * They send no webhook: a test advances a subscription with the controls, which deliver them.
 */
export function addRecurringRoutes(router: Router, recurring: ConektaRecurring, guard: Middleware, json: Middleware, idempotent: Idempotent): void {
  const id = (req: Request) => String(req.params.id)

  router.post('/plans', guard, json, (req, res) => idempotent(req, res, () => recurring.createPlan(req.body)))
  router.get('/plans/:id', guard, (req, res) => send(res, recurring.getPlan(id(req))))
  router.post('/customers', guard, json, (req, res) => idempotent(req, res, () => recurring.createCustomer(req.body)))
  router.get('/customers/:id', guard, (req, res) => send(res, recurring.getCustomer(id(req))))
  router.put('/customers/:id', guard, json, (req, res) => send(res, recurring.updateCustomer(id(req), req.body)))
  router.post('/customers/:id/payment_sources', guard, json, (req, res) => idempotent(req, res, () => recurring.addPaymentSource(id(req), req.body)))
  router.post('/customers/:id/subscription', guard, json, (req, res) => idempotent(req, res, () => recurring.createSubscription(id(req), req.body).response))
  router.get('/customers/:id/subscription', guard, (req, res) => send(res, recurring.getSubscription(id(req))))
  router.post('/customers/:id/subscription/cancel', guard, (req, res) => send(res, recurring.cancelSubscription(id(req)).response))
  router.post('/customers/:id/subscription/resume', guard, (req, res) => send(res, recurring.resumeSubscription(id(req)).response))
}
