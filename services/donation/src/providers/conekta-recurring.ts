import { CustomersApi, PaymentMethodsApi, PlansApi, SubscriptionsApi, type Configuration, type Customer } from 'conekta'
import { callConekta, CONEKTA_TIMEOUT_MS, conektaConfiguration, ConektaError } from './conekta-client.ts'
import {
  conektaCustomerSchema,
  conektaPaymentSourceSchema,
  conektaPlanSchema,
  conektaSubscriptionSchema,
  type ConektaCustomer,
  type ConektaPaymentSource,
  type ConektaSubscription,
} from './conekta-types.ts'

/** One plan per amount, reused by every donor who gives it monthly. */
export function planIdFor(amountCents: number): string {
  return `donativo-mensual-mxn-${amountCents}`
}

/** Conekta's plans, customers, payment sources and customer subscriptions, through the official SDK (TLS verified and a bounded wait, as for orders). */
export class ConektaRecurringClient {
  private readonly configuration: Configuration

  constructor(privateKey: string, basePath: string, timeoutMs = CONEKTA_TIMEOUT_MS) {
    this.configuration = conektaConfiguration(privateKey, basePath, timeoutMs)
  }

  /** The monthly plan of this amount: read, or created once (a concurrent creation is read back). */
  async ensurePlan(amountCents: number): Promise<string> {
    const api = new PlansApi(this.configuration)
    const id = planIdFor(amountCents)
    try {
      return (await callConekta(() => api.getPlan(id, 'es'), (data) => conektaPlanSchema.parse(data))).id
    } catch (error) {
      if (!(error instanceof ConektaError) || error.status !== 404) throw error
    }
    try {
      const plan = { id, name: `Donativo mensual de $${(amountCents / 100).toFixed(2)} MXN`, amount: amountCents, currency: 'MXN', interval: 'month' as const, frequency: 1 }
      return (await callConekta(() => api.createPlan(plan, 'es'), (data) => conektaPlanSchema.parse(data))).id
    } catch (error) {
      if (error instanceof ConektaError && error.status === 422) return (await callConekta(() => api.getPlan(id, 'es'), (data) => conektaPlanSchema.parse(data))).id
      throw error
    }
  }

  /** A plan's amount in cents; undefined when the provider has no such plan. */
  async planAmount(id: string): Promise<number | undefined> {
    const api = new PlansApi(this.configuration)
    try {
      return (await callConekta(() => api.getPlan(id, 'es'), (data) => conektaPlanSchema.parse(data))).amount
    } catch (error) {
      if (error instanceof ConektaError && error.status === 404) return undefined
      throw error
    }
  }

  createCustomer(customer: Customer, idempotencyKey: string): Promise<ConektaCustomer> {
    const api = new CustomersApi(this.configuration)
    return callConekta(() => api.createCustomer(customer, 'es', undefined, { headers: { 'Idempotency-Key': idempotencyKey } }), (data) => conektaCustomerSchema.parse(data))
  }

  getCustomer(id: string): Promise<ConektaCustomer> {
    const api = new CustomersApi(this.configuration)
    return callConekta(() => api.getCustomerById(id, 'es'), (data) => conektaCustomerSchema.parse(data))
  }

  /** Adds a card (a tokenizer token) to the customer and makes it the one charged. */
  async replaceCard(customerId: string, cardToken: string, idempotencyKey: string): Promise<ConektaPaymentSource> {
    const methods = new PaymentMethodsApi(this.configuration)
    const source = await callConekta(
      () => methods.createCustomerPaymentMethods(customerId, { type: 'card', token_id: cardToken }, 'es', undefined, { headers: { 'Idempotency-Key': idempotencyKey } }),
      (data) => conektaPaymentSourceSchema.parse(data),
    )
    const customers = new CustomersApi(this.configuration)
    await callConekta(() => customers.updateCustomer(customerId, { default_payment_source_id: source.id }, 'es'), (data) => conektaCustomerSchema.parse(data))
    return source
  }

  createSubscription(customerId: string, planId: string, idempotencyKey: string): Promise<ConektaSubscription> {
    const api = new SubscriptionsApi(this.configuration)
    return callConekta(
      () => api.createSubscription(customerId, { plan_id: planId }, 'es', undefined, { headers: { 'Idempotency-Key': idempotencyKey } }),
      (data) => conektaSubscriptionSchema.parse(data),
    )
  }

  getSubscription(customerId: string): Promise<ConektaSubscription> {
    const api = new SubscriptionsApi(this.configuration)
    return callConekta(() => api.getSubscription(customerId, 'es'), (data) => conektaSubscriptionSchema.parse(data))
  }

  cancelSubscription(customerId: string): Promise<ConektaSubscription> {
    const api = new SubscriptionsApi(this.configuration)
    return callConekta(() => api.cancelSubscription(customerId, 'es'), (data) => conektaSubscriptionSchema.parse(data))
  }

  resumeSubscription(customerId: string): Promise<ConektaSubscription> {
    const api = new SubscriptionsApi(this.configuration)
    return callConekta(() => api.resumeSubscription(customerId, 'es'), (data) => conektaSubscriptionSchema.parse(data))
  }
}
