import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startProviderSim, type PaypalOrder, type ProviderSim } from '../../../../tools/provider-sim/index.ts'
import { startReceiver } from './helpers.ts'

let sim: ProviderSim
let receiver: Awaited<ReturnType<typeof startReceiver>>
let accessToken: string

interface PaypalErrorBody {
  name: string
  message: string
  debug_id: string
  details: Array<{ issue: string; description: string }>
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sim.paypal.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, body: await response.json() }
}

function orderBody(value = '100.00', customId = 'don-pp-1') {
  return { intent: 'CAPTURE', purchase_units: [{ custom_id: customId, description: 'Donación', amount: { currency_code: 'MXN', value } }] }
}

async function createOrder(value?: string): Promise<string> {
  const created = await call('POST', '/v2/checkout/orders', orderBody(value))
  expect(created.status).toBe(201)
  return (created.body as { id: string }).id
}

function issueOf(body: unknown): string | undefined {
  const error = body as PaypalErrorBody
  expect(typeof error.debug_id).toBe('string')
  expect(typeof error.message).toBe('string')
  return error.details[0]?.issue
}

beforeAll(async () => {
  sim = await startProviderSim()
  receiver = await startReceiver()
  const response = await fetch(`${sim.paypal.baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${sim.paypal.clientId}:${sim.paypal.secret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  })
  expect(response.status).toBe(200)
  const token = (await response.json()) as { access_token: string; token_type: string; expires_in: number }
  expect(token.token_type).toBe('Bearer')
  accessToken = token.access_token
})

afterAll(async () => {
  await sim.close()
  await receiver.close()
})

beforeEach(() => {
  receiver.received.length = 0
  sim.setWebhookUrls({ paypal: receiver.url })
})

describe('PayPal OAuth', () => {
  it('refuses a wrong secret and unauthenticated API calls', async () => {
    const response = await fetch(`${sim.paypal.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${sim.paypal.clientId}:wrong`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    })
    expect(response.status).toBe(401)
    const unauthenticated = await fetch(`${sim.paypal.baseUrl}/v2/checkout/orders`, { method: 'POST', headers: { Authorization: 'Bearer nope', 'Content-Type': 'application/json' }, body: JSON.stringify(orderBody()) })
    expect(unauthenticated.status).toBe(401)
    expect(((await unauthenticated.json()) as PaypalErrorBody).name).toBe('AUTHENTICATION_FAILURE')
  })
})

describe('PayPal Orders v2', () => {
  it('creates, refuses an unapproved capture, captures once after approval', async () => {
    const created = await call('POST', '/v2/checkout/orders', orderBody('100.00'))
    expect(created.status).toBe(201)
    const { id, status, links } = created.body as { id: string; status: string; links: Array<{ rel: string; href: string }> }
    expect(status).toBe('CREATED')
    expect(links.find((link) => link.rel === 'approve')?.href).toBe(`${sim.paypal.baseUrl}/checkoutnow?token=${id}`)

    const read = await call('GET', `/v2/checkout/orders/${id}`)
    expect((read.body as PaypalOrder).purchase_units[0]).toMatchObject({ custom_id: 'don-pp-1', amount: { currency_code: 'MXN', value: '100.00' } })

    const early = await call('POST', `/v2/checkout/orders/${id}/capture`, {})
    expect(early.status).toBe(422)
    expect(issueOf(early.body)).toBe('ORDER_NOT_APPROVED')

    await sim.approvePaypal(id, { name: 'Luis Hernández Soto', email: 'luis@example.com' })
    expect(((await call('GET', `/v2/checkout/orders/${id}`)).body as PaypalOrder).status).toBe('APPROVED')

    const captured = await call('POST', `/v2/checkout/orders/${id}/capture`, {}, { 'PayPal-Request-Id': `capture-${id}` })
    expect(captured.status).toBe(201)
    const order = captured.body as PaypalOrder
    expect(order.status).toBe('COMPLETED')
    expect(order.payer).toMatchObject({ name: { given_name: 'Luis', surname: 'Hernández Soto' }, email_address: 'luis@example.com' })
    const unit = order.purchase_units[0]
    expect(unit?.payee.email_address).toMatch(/@/)
    const capture = unit?.payments?.captures[0]
    expect(capture).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'MXN', value: '100.00' },
      custom_id: 'don-pp-1',
      seller_receivable_breakdown: {
        gross_amount: { currency_code: 'MXN', value: '100.00' },
        paypal_fee: { currency_code: 'MXN', value: '7.95' },
        net_amount: { currency_code: 'MXN', value: '92.05' },
      },
    })
    expect(Date.parse(capture?.update_time ?? '')).not.toBeNaN()

    const again = await call('POST', `/v2/checkout/orders/${id}/capture`, {})
    expect(again.status).toBe(422)
    expect(issueOf(again.body)).toBe('ORDER_ALREADY_CAPTURED')

    const replay = await call('POST', `/v2/checkout/orders/${id}/capture`, {}, { 'PayPal-Request-Id': `capture-${id}` })
    expect(replay.status).toBe(201)
    expect(replay.body).toEqual(captured.body)

    expect(((await call('GET', `/v2/checkout/orders/${id}`)).body as PaypalOrder).status).toBe('COMPLETED')
  })

  it('replays order creation with the same PayPal-Request-Id', async () => {
    const before = sim.paypalOrders().length
    const headers = { 'PayPal-Request-Id': 'create-don-pp-2' }
    const results = await Promise.all([1, 2, 3].map(() => call('POST', '/v2/checkout/orders', orderBody('50.00', 'don-pp-2'), headers)))
    expect(new Set(results.map((result) => (result.body as { id: string }).id)).size).toBe(1)
    expect(sim.paypalOrders()).toHaveLength(before + 1)
    await call('POST', '/v2/checkout/orders', orderBody('50.00', 'don-pp-3'), { 'PayPal-Request-Id': 'create-don-pp-3' })
    expect(sim.paypalOrders()).toHaveLength(before + 2)
  })

  it('declines the instrument of a payer approving as declined@…, then lets them re-approve', async () => {
    const id = await createOrder()
    await sim.approvePaypal(id, { email: 'declined@example.com' })
    const declined = await call('POST', `/v2/checkout/orders/${id}/capture`, {})
    expect(declined.status).toBe(422)
    expect(issueOf(declined.body)).toBe('INSTRUMENT_DECLINED')
    await sim.approvePaypal(id)
    expect((await call('POST', `/v2/checkout/orders/${id}/capture`, {})).status).toBe(201)
  })

  it('answers 404 and validation errors in PayPal’s shape', async () => {
    const missing = await call('GET', '/v2/checkout/orders/NOPE')
    expect(missing.status).toBe(404)
    expect((missing.body as PaypalErrorBody).name).toBe('RESOURCE_NOT_FOUND')
    const precision = await call('POST', '/v2/checkout/orders', orderBody('10.001'))
    expect(precision.status).toBe(400)
    expect(issueOf(precision.body)).toBe('DECIMAL_PRECISION')
    const usd = await call('POST', '/v2/checkout/orders', { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' } }] })
    expect(usd.status).toBe(422)
  })

  it('approves through the checkout page and the /_sim control', async () => {
    const id = await createOrder()
    const page = await fetch(`${sim.paypal.baseUrl}/checkoutnow?token=${id}`)
    const html = await page.text()
    expect(html).toContain('Aprobar')
    expect(html).toContain('$100.00 MXN')
    const approved = await fetch(`${sim.paypal.baseUrl}/checkoutnow/approve`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: id, name: 'Eva Ruiz', email: 'eva@example.com' }),
    })
    expect(approved.status).toBe(200)
    expect(((await call('GET', `/v2/checkout/orders/${id}`)).body as PaypalOrder).payer?.email_address).toBe('eva@example.com')

    const other = await createOrder()
    const control = await fetch(`${sim.url}/_sim/paypal/${other}/approve`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'ctl@example.com' }) })
    expect(control.status).toBe(200)
    expect(((await call('GET', `/v2/checkout/orders/${other}`)).body as PaypalOrder).status).toBe('APPROVED')
    expect((await fetch(`${sim.url}/_sim/paypal/NOPE/approve`, { method: 'POST' })).status).toBe(409)
  })
})

describe('PayPal webhooks', () => {
  async function verification(request: Record<string, unknown>): Promise<string> {
    const result = await call('POST', '/v1/notifications/verify-webhook-signature', request)
    expect(result.status).toBe(200)
    return (result.body as { verification_status: string }).verification_status
  }

  function verifyRequest(index: number): Record<string, unknown> {
    const webhook = receiver.received[index]
    const header = (name: string) => String(webhook?.headers[name])
    return {
      auth_algo: header('paypal-auth-algo'),
      cert_url: header('paypal-cert-url'),
      transmission_id: header('paypal-transmission-id'),
      transmission_sig: header('paypal-transmission-sig'),
      transmission_time: header('paypal-transmission-time'),
      webhook_id: sim.paypal.webhookId,
      webhook_event: JSON.parse(webhook?.rawBody.toString('utf8') ?? '{}') as unknown,
    }
  }

  it('verifies the webhooks it sent and refuses forged or tampered ones', async () => {
    const id = await createOrder()
    await sim.approvePaypal(id)
    await call('POST', `/v2/checkout/orders/${id}/capture`, {})

    const response = await sim.sendPaypalWebhook('PAYMENT.CAPTURE.COMPLETED', id)
    expect(response.status).toBe(200)
    const genuine = verifyRequest(0)
    const event = genuine.webhook_event as { event_type: string; resource: { supplementary_data: { related_ids: { order_id: string } }; amount: { value: string } } }
    expect(event.event_type).toBe('PAYMENT.CAPTURE.COMPLETED')
    expect(event.resource.supplementary_data.related_ids.order_id).toBe(id)
    expect(await verification(genuine)).toBe('SUCCESS')

    expect(await verification({ ...genuine, webhook_id: 'WH-OTHER' })).toBe('FAILURE')
    const tampered = structuredClone(event)
    tampered.resource.amount.value = '1.00'
    expect(await verification({ ...genuine, webhook_event: tampered })).toBe('FAILURE')

    await sim.sendPaypalWebhook('PAYMENT.CAPTURE.COMPLETED', id, { badSignature: true })
    expect(await verification(verifyRequest(1))).toBe('FAILURE')

    const incomplete = await call('POST', '/v1/notifications/verify-webhook-signature', { ...genuine, transmission_sig: undefined })
    expect(incomplete.status).toBe(400)
  })

  it('refuses a capture event for an order without a capture', async () => {
    const id = await createOrder()
    await expect(sim.sendPaypalWebhook('PAYMENT.CAPTURE.COMPLETED', id)).rejects.toThrow(/no capture/)
    const orderEvent = await sim.sendPaypalWebhook('CHECKOUT.ORDER.APPROVED', id)
    expect(orderEvent.status).toBe(200)
    expect(await verification(verifyRequest(0))).toBe('SUCCESS')
  })
})
