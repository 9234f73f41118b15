import { isRecord, nowSeconds, randomId, type JsonObject, type SimResponse } from '../http.ts'
import { cardBrand, cardOutcome, type CardDetails, type TokenStore } from './cards.ts'
import { declineOf } from './charging.ts'
import { conektaError, invalidParameter, notFound } from './errors.ts'
import type { ConektaOrder, ConektaOrderStore } from './orders.ts'

export interface ConektaPlan {
  id: string
  object: 'plan'
  livemode: false
  created_at: number
  name: string
  amount: number
  currency: 'MXN'
  interval: 'month'
  frequency: number
  expiry_count: number | null
  trial_period_days: number | null
  max_retries: number
}

export interface PaymentSource {
  id: string
  object: 'payment_source'
  type: 'card'
  parent_id: string
  created_at: number
  last4: string
  brand: string
  name: string
  exp_month: string
  exp_year: string
}

export interface ConektaCustomer {
  id: string
  object: 'customer'
  livemode: false
  created_at: number
  name: string
  email: string
  phone: string
  metadata: JsonObject
  default_payment_source_id: string | null
  payment_sources: { object: 'list'; has_more: false; total: number; data: PaymentSource[] }
  subscription?: ConektaSubscription
}

export type SubscriptionStatus = 'active' | 'past_due' | 'paused' | 'canceled'

export interface ConektaSubscription {
  id: string
  object: 'subscription'
  created_at: number
  subscription_start: number
  billing_cycle_start: number
  billing_cycle_end: number
  status: SubscriptionStatus
  plan_id: string
  customer_id: string
  card_id: string
  last_billing_cycle_order_id: string | null
  charge_id: string | null
  paused_at: number | null
  canceled_at: number | null
}

/** A subscription event for the webhook: its type and what `data.object` carries. */
export interface SubscriptionNotice {
  type: 'subscription.paid' | 'subscription.payment_failed' | 'subscription.paused' | 'subscription.canceled'
  object: unknown
}

export interface BillingOutcome {
  order: ConektaOrder
  notices: SubscriptionNotice[]
}

const month = 30 * 24 * 3600
const defaultMaxRetries = 3

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== ''
}

/**
 * Conekta's recurring billing as far as the donation service uses it: plans, customers with card
 * payment sources (tokens become sources), one subscription per customer charged each billing
 * cycle. A cycle is billed when the subscription starts or resumes, and whenever a test advances
 * it by a month; after `max_retries` declined cycles in a row the subscription is paused.
 */
export class ConektaRecurring {
  private readonly plans = new Map<string, ConektaPlan>()
  private readonly customers = new Map<string, ConektaCustomer>()
  private readonly cards = new Map<string, CardDetails>()
  private readonly failures = new Map<string, number>()
  /** What each card's next charges do instead of their number's outcome (a test turning a card bad). */
  private readonly overrides = new Map<string, 'approved' | 'declined'>()

  constructor(
    private readonly tokens: TokenStore,
    private readonly orders: ConektaOrderStore,
  ) {}

  createPlan(body: unknown): SimResponse {
    if (!isRecord(body)) return invalidParameter('plan', 'The request body must be a JSON object.')
    if (!nonEmpty(body.name)) return invalidParameter('name', 'name is required.')
    if (typeof body.amount !== 'number' || !Number.isSafeInteger(body.amount) || body.amount < 300) {
      return invalidParameter('amount', 'amount must be an integer amount in cents, at least 300.', 'El monto del plan no es válido.')
    }
    if (body.interval !== 'month') return invalidParameter('interval', 'Only monthly plans are simulated.')
    if (body.currency !== undefined && String(body.currency).toUpperCase() !== 'MXN') return invalidParameter('currency', 'Only MXN is supported.')
    const id = nonEmpty(body.id) ? body.id : randomId('plan_', 8)
    if (this.plans.has(id)) {
      return conektaError('parameter_validation_error', { code: 'conekta.errors.parameter_validation.plan.id.already_exists', param: 'id', message: 'El plan ya existe.', debug_message: `The plan ${id} already exists.` })
    }
    const plan: ConektaPlan = {
      id,
      object: 'plan',
      livemode: false,
      created_at: nowSeconds(),
      name: body.name,
      amount: body.amount,
      currency: 'MXN',
      interval: 'month',
      frequency: typeof body.frequency === 'number' ? body.frequency : 1,
      expiry_count: typeof body.expiry_count === 'number' ? body.expiry_count : null,
      trial_period_days: null,
      max_retries: typeof body.max_retries === 'number' ? body.max_retries : defaultMaxRetries,
    }
    this.plans.set(id, plan)
    return { status: 200, body: plan }
  }

  getPlan(id: string): SimResponse {
    const plan = this.plans.get(id)
    return plan ? { status: 200, body: plan } : notFound('plan', id)
  }

  createCustomer(body: unknown): SimResponse {
    if (!isRecord(body)) return invalidParameter('customer', 'The request body must be a JSON object.')
    for (const field of ['name', 'email', 'phone'] as const) if (!nonEmpty(body[field])) return invalidParameter(field, `${field} is required.`)
    if (body.metadata !== undefined && !isRecord(body.metadata)) return invalidParameter('metadata', 'metadata must be an object.')
    const id = randomId('cus_', 10)
    const sources: PaymentSource[] = []
    const requested = Array.isArray(body.payment_sources) ? body.payment_sources : []
    for (const [index, source] of requested.entries()) {
      const added = this.sourceFromToken(id, source, `payment_sources[${index}].token_id`)
      if ('status' in added) return added
      sources.push(added)
    }
    const customer: ConektaCustomer = {
      id,
      object: 'customer',
      livemode: false,
      created_at: nowSeconds(),
      name: String(body.name),
      email: String(body.email),
      phone: String(body.phone),
      metadata: isRecord(body.metadata) ? structuredClone(body.metadata) : {},
      default_payment_source_id: sources[0]?.id ?? null,
      payment_sources: { object: 'list', has_more: false, total: sources.length, data: sources },
    }
    this.customers.set(id, customer)
    return { status: 200, body: structuredClone(customer) }
  }

  getCustomer(id: string): SimResponse {
    const customer = this.customers.get(id)
    return customer ? { status: 200, body: structuredClone(customer) } : notFound('customer', id)
  }

  /** `PUT /customers/{id}`: the default payment source. */
  updateCustomer(id: string, body: unknown): SimResponse {
    const customer = this.customers.get(id)
    if (!customer) return notFound('customer', id)
    if (isRecord(body) && body.default_payment_source_id !== undefined) {
      const sourceId = body.default_payment_source_id
      if (!customer.payment_sources.data.some((source) => source.id === sourceId)) return invalidParameter('default_payment_source_id', 'Unknown payment source.')
      customer.default_payment_source_id = String(sourceId)
      if (customer.subscription) customer.subscription.card_id = String(sourceId)
    }
    return { status: 200, body: structuredClone(customer) }
  }

  /** `POST /customers/{id}/payment_sources` `{type:'card', token_id}`. */
  addPaymentSource(id: string, body: unknown): SimResponse {
    const customer = this.customers.get(id)
    if (!customer) return notFound('customer', id)
    const added = this.sourceFromToken(id, body, 'token_id')
    if ('status' in added) return added
    customer.payment_sources.data.push(added)
    customer.payment_sources.total += 1
    return { status: 200, body: added }
  }

  /** `POST /customers/{id}/subscription` `{plan_id, card_id?}`: bills the first cycle at once; a declined card is refused (402) and nothing stays. */
  createSubscription(customerId: string, body: unknown): { response: SimResponse; billed?: BillingOutcome } {
    const customer = this.customers.get(customerId)
    if (!customer) return { response: notFound('customer', customerId) }
    if (customer.subscription && customer.subscription.status !== 'canceled') {
      return { response: invalidParameter('plan_id', 'The customer already has a subscription.', 'El cliente ya tiene una suscripción.') }
    }
    const planId = isRecord(body) ? body.plan_id : undefined
    const plan = nonEmpty(planId) ? this.plans.get(planId) : undefined
    if (!plan) return { response: invalidParameter('plan_id', 'plan_id does not exist.', 'El plan no existe.') }
    const cardId = isRecord(body) && nonEmpty(body.card_id) ? body.card_id : customer.default_payment_source_id
    if (!cardId || !this.cards.has(cardId)) return { response: invalidParameter('card_id', 'The customer has no card.', 'El cliente no tiene una tarjeta.') }
    const card = this.cards.get(cardId) as CardDetails
    const decline = declineOf(this.outcomeOf(cardId, card), 'card_id')
    if (decline) return { response: decline }
    const now = nowSeconds()
    customer.subscription = {
      id: randomId('sub_', 10),
      object: 'subscription',
      created_at: now,
      subscription_start: now,
      billing_cycle_start: now,
      billing_cycle_end: now + month,
      status: 'active',
      plan_id: plan.id,
      customer_id: customer.id,
      card_id: cardId,
      last_billing_cycle_order_id: null,
      charge_id: null,
      paused_at: null,
      canceled_at: null,
    }
    const billed = this.bill(customer, { startsCycle: false })
    return { response: { status: 200, body: structuredClone(customer.subscription) }, billed }
  }

  getSubscription(customerId: string): SimResponse {
    const subscription = this.customers.get(customerId)?.subscription
    return subscription ? { status: 200, body: structuredClone(subscription) } : notFound('subscription', customerId)
  }

  cancelSubscription(customerId: string): { response: SimResponse; notice?: SubscriptionNotice } {
    const subscription = this.customers.get(customerId)?.subscription
    if (!subscription) return { response: notFound('subscription', customerId) }
    if (subscription.status === 'canceled') return { response: { status: 200, body: structuredClone(subscription) } }
    subscription.status = 'canceled'
    subscription.canceled_at = nowSeconds()
    return { response: { status: 200, body: structuredClone(subscription) }, notice: { type: 'subscription.canceled', object: structuredClone(subscription) } }
  }

  /** `POST /customers/{id}/subscription/resume`: a paused or past-due subscription bills its cycle again with the current card. */
  resumeSubscription(customerId: string): { response: SimResponse; billed?: BillingOutcome } {
    const customer = this.customers.get(customerId)
    const subscription = customer?.subscription
    if (!customer || !subscription) return { response: notFound('subscription', customerId) }
    if (subscription.status === 'canceled') return { response: invalidParameter('status', 'A canceled subscription cannot be resumed.', 'La suscripción está cancelada.') }
    if (subscription.status === 'active') return { response: { status: 200, body: structuredClone(subscription) } }
    subscription.status = 'active'
    subscription.paused_at = null
    this.failures.delete(subscription.id)
    const billed = this.bill(customer, { startsCycle: false })
    return { response: { status: 200, body: structuredClone(subscription) }, billed }
  }

  /** A test's month: bills the subscription's next cycle (optionally forcing the card's answer from now on). */
  advance(subscriptionId: string, outcome?: 'approved' | 'declined'): BillingOutcome {
    const customer = [...this.customers.values()].find((candidate) => candidate.subscription?.id === subscriptionId)
    const subscription = customer?.subscription
    if (!customer || !subscription) throw new Error(`provider-sim: no subscription ${subscriptionId}`)
    if (subscription.status === 'canceled' || subscription.status === 'paused') throw new Error(`provider-sim: subscription ${subscriptionId} is ${subscription.status}`)
    if (outcome) this.overrides.set(subscription.card_id, outcome)
    return this.bill(customer, { startsCycle: true })
  }

  subscriptions(): ConektaSubscription[] {
    return [...this.customers.values()].flatMap((customer) => (customer.subscription ? [structuredClone(customer.subscription)] : []))
  }

  private outcomeOf(cardId: string, card: CardDetails) {
    return this.overrides.get(cardId) ?? cardOutcome(card.number)
  }

  private bill(customer: ConektaCustomer, options: { startsCycle: boolean }): BillingOutcome {
    const subscription = customer.subscription as ConektaSubscription
    const plan = this.plans.get(subscription.plan_id) as ConektaPlan
    const card = this.cards.get(subscription.card_id) as CardDetails
    if (options.startsCycle && subscription.status === 'active') {
      subscription.billing_cycle_start = subscription.billing_cycle_end
      subscription.billing_cycle_end += month
    }
    const decline = declineOf(this.outcomeOf(subscription.card_id, card), 'card_id')
    const detail = decline && isRecord(decline.body) && Array.isArray(decline.body.details) && isRecord(decline.body.details[0]) ? decline.body.details[0] : undefined
    const failure = detail ? { code: String(detail.code), message: String(detail.message) } : undefined
    const input = {
      currency: 'MXN' as const,
      customerInfo: { name: customer.name, email: customer.email, phone: customer.phone },
      lineItems: [{ name: plan.name, unit_price: plan.amount, quantity: 1 }],
      amount: plan.amount,
      metadata: {},
      charge: { type: 'card' as const, tokenId: '' },
    }
    const order = this.orders.createSubscriptionOrder(input, card, { customerId: customer.id, ...(failure ? { failure } : {}) })
    const charge = order.charges.data[0]
    subscription.last_billing_cycle_order_id = order.id
    subscription.charge_id = charge?.id ?? null
    if (!failure) {
      this.failures.delete(subscription.id)
      subscription.status = 'active'
      return { order, notices: [{ type: 'subscription.paid', object: charge }] }
    }
    const failed = (this.failures.get(subscription.id) ?? 0) + 1
    this.failures.set(subscription.id, failed)
    const notices: SubscriptionNotice[] = [{ type: 'subscription.payment_failed', object: charge }]
    if (failed >= plan.max_retries) {
      subscription.status = 'paused'
      subscription.paused_at = nowSeconds()
      notices.push({ type: 'subscription.paused', object: structuredClone(subscription) })
    } else {
      subscription.status = 'past_due'
    }
    return { order, notices }
  }

  private sourceFromToken(customerId: string, body: unknown, param: string): PaymentSource | SimResponse {
    if (!isRecord(body) || body.type !== 'card' || !nonEmpty(body.token_id)) return invalidParameter(param, 'A card token_id is required.', 'El token de pago no es válido.')
    const token = this.tokens.get(body.token_id)
    if (!token) return invalidParameter(param, `The token ${body.token_id} does not exist.`, 'El token de pago no es válido.')
    if (token.used) {
      return conektaError('processing_error', { code: 'conekta.errors.processing.tokenization.used', param, message: 'El token de pago ya fue utilizado. Por favor intenta de nuevo.', debug_message: 'The token has already been used.' })
    }
    token.used = true
    const source: PaymentSource = {
      id: randomId('src_', 10),
      object: 'payment_source',
      type: 'card',
      parent_id: customerId,
      created_at: nowSeconds(),
      last4: token.card.number.slice(-4),
      brand: cardBrand(token.card.number),
      name: token.card.name,
      exp_month: token.card.exp_month,
      exp_year: token.card.exp_year.slice(-2),
    }
    this.cards.set(source.id, token.card)
    return source
  }
}
