import https from 'node:https'
import { verify } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Configuration, CustomersApi, OrdersApi, PaymentMethodsApi, PlansApi, SubscriptionsApi } from 'conekta'
import { startProviderSim, type ConektaEvent, type ProviderSim } from '../../../../tools/provider-sim/index.ts'
import { cardToken, conektaClients, failureOf, startReceiver } from './helpers.ts'

let sim: ProviderSim
let receiver: Awaited<ReturnType<typeof startReceiver>>
let api: { plans: PlansApi; customers: CustomersApi; subscriptions: SubscriptionsApi; orders: OrdersApi; methods: PaymentMethodsApi }
let tokens: ReturnType<typeof conektaClients>['tokens']

beforeAll(async () => {
  sim = await startProviderSim()
  receiver = await startReceiver()
  const configuration = new Configuration({ accessToken: sim.conekta.privateKey, basePath: sim.conekta.baseUrl, baseOptions: { httpsAgent: new https.Agent() } })
  api = { plans: new PlansApi(configuration), customers: new CustomersApi(configuration), subscriptions: new SubscriptionsApi(configuration), orders: new OrdersApi(configuration), methods: new PaymentMethodsApi(configuration) }
  tokens = conektaClients(sim).tokens
})
afterAll(async () => {
  await sim.close()
  await receiver.close()
})
beforeEach(() => {
  receiver.received.length = 0
  receiver.answer(200)
  sim.setWebhookUrls({ conekta: receiver.url })
})

async function subscribedCustomer(number: string, planId: string) {
  const { data: customer } = await api.customers.createCustomer({
    name: 'Ana López',
    email: 'ana@example.com',
    phone: '5512345678',
    metadata: { subscriptionId: 'sub-1' },
    payment_sources: [{ type: 'card', token_id: await cardToken(tokens, number) }],
  })
  return { customer, subscription: api.subscriptions.createSubscription(customer.id, { plan_id: planId }) }
}

const events = () => receiver.received.map((hook) => JSON.parse(hook.rawBody.toString('utf8')) as ConektaEvent)

describe('Conekta recurring billing through the official SDK', () => {
  it('creates a plan once, refuses its id again, and reads it back', async () => {
    const { data: plan } = await api.plans.createPlan({ id: 'mensual-250', name: 'Mensual', amount: 25_000, currency: 'MXN', interval: 'month', frequency: 1 })
    expect(plan).toMatchObject({ id: 'mensual-250', amount: 25_000, interval: 'month' })
    expect((await failureOf(api.plans.createPlan({ id: 'mensual-250', name: 'Otro', amount: 100, interval: 'month', frequency: 1 }))).status).toBe(422)
    expect((await api.plans.getPlan('mensual-250')).data.amount).toBe(25_000)
    expect((await failureOf(api.plans.getPlan('no-existe'))).status).toBe(404)
  })

  it('bills the first month as the subscription starts, then a month per advance, with signed webhooks', async () => {
    const { customer, subscription } = await subscribedCustomer('4242424242424242', 'mensual-250')
    const { data: started } = await subscription
    expect(started).toMatchObject({ status: 'active', plan_id: 'mensual-250', customer_id: customer.id })
    const { data: first } = await api.orders.getOrderById(started.last_billing_cycle_order_id ?? '')
    expect(first).toMatchObject({ amount: 25_000, payment_status: 'paid', customer_info: { customer_id: customer.id } })
    expect(receiver.received).toHaveLength(0)

    const month = await sim.advanceSubscription(started.id ?? '', { deliveries: 2 })
    expect(month).toMatchObject({ paid: true, events: ['subscription.paid'] })
    expect(receiver.received).toHaveLength(2)
    const [event] = events()
    expect(event?.type).toBe('subscription.paid')
    expect(event?.data.object).toMatchObject({ object: 'charge', order_id: month.orderId, status: 'paid' })
    const hook = receiver.received[0]
    expect(hook && verify('sha256', hook.rawBody, (await conektaClients(sim).webhookKeys.createWebhookKey()).data.public_key ?? '', Buffer.from(String(hook.headers.digest), 'base64'))).toBe(true)
    const { data: now } = await api.subscriptions.getSubscription(customer.id)
    expect(now.billing_cycle_start).toBe(started.billing_cycle_end)
  })

  it('declines months of a bad card, pauses after the third, and resumes with a new default card', async () => {
    const { customer, subscription } = await subscribedCustomer('4242424242424242', 'mensual-250')
    const { data: started } = await subscription
    await sim.advanceSubscription(started.id ?? '', { outcome: 'declined', deliveries: 1 })
    await sim.advanceSubscription(started.id ?? '')
    const third = await sim.advanceSubscription(started.id ?? '')
    expect(third.events).toEqual(['subscription.payment_failed', 'subscription.paused'])
    const failed = events().find((event) => event.type === 'subscription.payment_failed')?.data.object as { order_id: string; failure_message?: string }
    expect(failed.failure_message).toMatch(/declinada/)
    expect((await api.orders.getOrderById(failed.order_id)).data.payment_status).toBe('declined')
    expect((await api.subscriptions.getSubscription(customer.id)).data.status).toBe('paused')

    const { data: source } = await api.methods.createCustomerPaymentMethods(customer.id, { type: 'card', token_id: await cardToken(tokens, '5555555555554444') })
    await api.customers.updateCustomer(customer.id, { default_payment_source_id: (source as { id: string }).id })
    const { data: resumed } = await api.subscriptions.resumeSubscription(customer.id)
    expect(resumed.status).toBe('active')
    expect((await api.orders.getOrderById(resumed.last_billing_cycle_order_id ?? '')).data.payment_status).toBe('paid')
  })

  it('refuses a subscription whose first charge is declined (402) and keeps none', async () => {
    const before = sim.conektaSubscriptions().length
    const { subscription } = await subscribedCustomer('4000000000000002', 'mensual-250')
    expect((await failureOf(subscription)).status).toBe(402)
    expect(sim.conektaSubscriptions()).toHaveLength(before)
  })

  it('cancels once: the second cancel answers the cancelled subscription', async () => {
    const { customer, subscription } = await subscribedCustomer('4242424242424242', 'mensual-250')
    await subscription
    expect((await api.subscriptions.cancelSubscription(customer.id)).data.status).toBe('canceled')
    expect((await api.subscriptions.cancelSubscription(customer.id)).data.status).toBe('canceled')
  })
})
