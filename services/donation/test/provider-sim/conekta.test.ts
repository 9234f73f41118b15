import { verify } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isValidClabe } from '@donaciones/contracts'
import { startProviderSim, type ConektaEvent, type ConektaOrder, type ProviderSim } from '../../../../tools/provider-sim/index.ts'
import { cardOrder, cardToken, cashOrder, conektaClients, failureOf, speiOrder, startReceiver } from './helpers.ts'

let sim: ProviderSim
let clients: ReturnType<typeof conektaClients>
let receiver: Awaited<ReturnType<typeof startReceiver>>

beforeAll(async () => {
  sim = await startProviderSim()
  clients = conektaClients(sim)
  receiver = await startReceiver()
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

const inThreeDays = () => Math.floor(Date.now() / 1000) + 3 * 24 * 3600

function errorDetail(data: unknown): { type: unknown; code: unknown; message: unknown; debug_message: unknown; log_id: unknown } {
  const body = data as { type?: unknown; log_id?: unknown; object?: unknown; details?: Array<{ code?: unknown; message?: unknown; debug_message?: unknown }> }
  expect(body.object).toBe('error')
  const detail = body.details?.[0]
  return { type: body.type, log_id: body.log_id, code: detail?.code, message: detail?.message, debug_message: detail?.debug_message }
}

describe('Conekta cards through the official SDK', () => {
  it('charges an approved card and keeps our metadata', async () => {
    const token = await cardToken(clients.tokens, '4242424242424242')
    expect(token).toMatch(/^tok_/)
    const { data: order } = await clients.orders.createOrder(cardOrder(token), 'es', undefined, { headers: { 'Idempotency-Key': 'don-approved' } })
    expect(order.payment_status).toBe('paid')
    expect(order.amount).toBe(25_000)
    expect(order.currency).toBe('MXN')
    expect(order.metadata).toEqual({ donation_id: 'don-1', campaign_id: 'camp-1' })
    expect(order.customer_info).toMatchObject({ name: 'Ana López', email: 'ana@example.com', phone: '5512345678' })
    // the SDK's ChargeResponse type has no `fee`, although Conekta (and the simulator) send it
    const charge = order.charges?.data?.[0] as { status?: string; fee?: number; payment_method?: unknown }
    expect(charge.status).toBe('paid')
    expect(Number.isInteger(charge.fee)).toBe(true)
    expect(charge.fee).toBeGreaterThan(0)
    expect(charge.payment_method).toMatchObject({ type: 'card', last4: '4242', brand: 'visa' })

    const { data: fetched } = await clients.orders.getOrderById(order.id ?? '')
    expect(fetched).toEqual(order)
    expect(sim.conektaOrders().find((stored) => (stored as { id: string }).id === order.id)).toMatchObject({ metadata: { donation_id: 'don-1' } })
  })

  it('answers 402 processing_error with a Spanish message for a declined card, creating no order', async () => {
    const before = sim.conektaOrders().length
    const token = await cardToken(clients.tokens, '4000000000000002')
    const failure = await failureOf(clients.orders.createOrder(cardOrder(token)))
    expect(failure.status).toBe(402)
    const detail = errorDetail(failure.data)
    expect(detail.type).toBe('processing_error')
    expect(detail.code).toBe('conekta.errors.processing.bank.declined')
    expect(detail.message).toMatch(/declinada/)
    expect(typeof detail.debug_message).toBe('string')
    expect(typeof detail.log_id).toBe('string')
    expect(sim.conektaOrders()).toHaveLength(before)
  })

  it('reports insufficient funds', async () => {
    const token = await cardToken(clients.tokens, '4000000000000127')
    const failure = await failureOf(clients.orders.createOrder(cardOrder(token)))
    expect(failure.status).toBe(402)
    expect(errorDetail(failure.data).code).toBe('conekta.errors.processing.bank.insufficient_funds')
    expect(errorDetail(failure.data).message).toMatch(/fondos/)
  })

  it('accepts a token only once', async () => {
    const token = await cardToken(clients.tokens, '4242424242424242')
    await clients.orders.createOrder(cardOrder(token))
    const failure = await failureOf(clients.orders.createOrder(cardOrder(token)))
    expect(failure.status).toBe(402)
    expect(errorDetail(failure.data).code).toBe('conekta.errors.processing.tokenization.used')
  })

  it('refuses bad keys, unknown orders and bad bodies', async () => {
    const wrong = conektaClients(sim, { privateKey: 'key_wrong', publicKey: 'key_wrong' })
    const badKey = await failureOf(wrong.orders.getOrders())
    expect(badKey.status).toBe(401)
    expect(errorDetail(badKey.data).type).toBe('authentication_error')
    expect((await failureOf(wrong.tokens.createToken({ card: { number: '4242424242424242', name: 'A', exp_month: '1', exp_year: '2035', cvc: '123' } }))).status).toBe(401)
    const publicOnOrders = conektaClients(sim, { privateKey: sim.conekta.publicKey })
    expect((await failureOf(publicOnOrders.orders.getOrders())).status).toBe(401)

    const missing = await failureOf(clients.orders.getOrderById('ord_missing'))
    expect(missing.status).toBe(404)
    expect(errorDetail(missing.data).type).toBe('resource_not_found_error')

    const token = await cardToken(clients.tokens, '4242424242424242')
    for (const bad of [
      cardOrder(token, { currency: 'USD' }),
      cardOrder(token, { line_items: [{ name: 'Donación', unit_price: 100.5, quantity: 1 }] }),
      cardOrder(token, { line_items: [] }),
    ]) {
      const failure = await failureOf(clients.orders.createOrder(bad))
      expect(failure.status).toBe(422)
      expect(errorDetail(failure.data).type).toBe('parameter_validation_error')
    }
    // validation failures do not consume the token
    expect((await clients.orders.createOrder(cardOrder(token))).data.payment_status).toBe('paid')

    const badCard = await failureOf(clients.tokens.createToken({ card: { number: '4242424242424241', name: 'A', exp_month: '12', exp_year: '2035', cvc: '123' } }))
    expect(badCard.status).toBe(422)
    expect(errorDetail(badCard.data).code).toBe('conekta.errors.parameter_validation.card.number')
  })

  it('requires the versioned Accept header', async () => {
    const response = await fetch(`${sim.conekta.baseUrl}/orders`, { headers: { Authorization: `Bearer ${sim.conekta.privateKey}` } })
    expect(response.status).toBe(400)
    const ok = await fetch(`${sim.conekta.baseUrl}/orders`, { headers: { Authorization: `Bearer ${sim.conekta.privateKey}`, Accept: 'application/vnd.conekta-v2.2.0+json' } })
    expect(ok.status).toBe(200)
  })
})

describe('Conekta idempotency', () => {
  it('replays a retried request with the same Idempotency-Key', async () => {
    const before = sim.conektaOrders().length
    const token = await cardToken(clients.tokens, '4242424242424242')
    const options = { headers: { 'Idempotency-Key': 'don-sequential' } }
    const first = await clients.orders.createOrder(cardOrder(token), undefined, undefined, options)
    const second = await clients.orders.createOrder(cardOrder(token), undefined, undefined, options)
    expect(second.data).toEqual(first.data)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(sim.conektaOrders()).toHaveLength(before + 1)

    const declined = await cardToken(clients.tokens, '4000000000000002')
    const declineOptions = { headers: { 'Idempotency-Key': 'don-declined' } }
    const firstDecline = await failureOf(clients.orders.createOrder(cardOrder(declined), undefined, undefined, declineOptions))
    const retriedDecline = await failureOf(clients.orders.createOrder(cardOrder(declined), undefined, undefined, declineOptions))
    expect(retriedDecline).toEqual(firstDecline)
    expect(errorDetail(retriedDecline.data).code).toBe('conekta.errors.processing.bank.declined')
  })

  it('creates one order for 5 concurrent identical requests', async () => {
    const before = sim.conektaOrders().length
    const token = await cardToken(clients.tokens, '4242424242424242')
    const options = { headers: { 'Idempotency-Key': 'don-concurrent' } }
    const responses = await Promise.all(Array.from({ length: 5 }, () => clients.orders.createOrder(cardOrder(token), undefined, undefined, options)))
    expect(new Set(responses.map((response) => response.data.id)).size).toBe(1)
    expect(responses.every((response) => response.data.payment_status === 'paid')).toBe(true)
    expect(sim.conektaOrders()).toHaveLength(before + 1)
  })

  it('keeps different Idempotency-Keys apart', async () => {
    const before = sim.conektaOrders().length
    await clients.orders.createOrder(cardOrder(await cardToken(clients.tokens, '4242424242424242')), undefined, undefined, { headers: { 'Idempotency-Key': 'don-a' } })
    await clients.orders.createOrder(cardOrder(await cardToken(clients.tokens, '4242424242424242')), undefined, undefined, { headers: { 'Idempotency-Key': 'don-b' } })
    expect(sim.conektaOrders()).toHaveLength(before + 2)
  })
})

describe('Conekta OXXO cash and webhooks', () => {
  it('creates a pending cash order, then pays it with a signed order.paid webhook', async () => {
    const { data: webhookKey } = await clients.webhookKeys.createWebhookKey()
    const publicKeyPem = webhookKey.public_key ?? ''
    expect(publicKeyPem).toContain('BEGIN PUBLIC KEY')

    const expiresAt = inThreeDays()
    const { data: order } = await clients.orders.createOrder(cashOrder(expiresAt))
    expect(order.payment_status).toBe('pending_payment')
    const charge = order.charges?.data?.[0] as { fee?: number; payment_method?: Record<string, unknown> } | undefined
    expect(charge?.fee).toBeUndefined()
    expect(charge?.payment_method).toMatchObject({ type: 'cash', service_name: 'OxxoPay', expires_at: expiresAt })
    expect(charge?.payment_method?.reference).toMatch(/^\d{14}$/)
    const barcode = await fetch(String(charge?.payment_method?.barcode_url))
    expect(barcode.headers.get('content-type')).toContain('image/svg+xml')

    await sim.payOxxo(order.id ?? '')
    expect(receiver.received).toHaveLength(1)
    const webhook = receiver.received[0]
    const digest = webhook?.headers.digest
    expect(typeof digest).toBe('string')
    expect(verify('sha256', webhook?.rawBody ?? Buffer.alloc(0), publicKeyPem, Buffer.from(String(digest), 'base64'))).toBe(true)
    const event = JSON.parse(webhook?.rawBody.toString('utf8') ?? '{}') as ConektaEvent
    expect(event.type).toBe('order.paid')
    expect(event.object).toBe('event')
    const paidOrder = event.data.object as ConektaOrder
    expect(paidOrder.id).toBe(order.id)
    expect(paidOrder.payment_status).toBe('paid')
    expect(paidOrder.charges.data[0]?.fee).toBeGreaterThan(0)

    const { data: fetched } = await clients.orders.getOrderById(order.id ?? '')
    expect(fetched.payment_status).toBe('paid')
    await expect(sim.payOxxo(order.id ?? '')).rejects.toThrow(/not pending_payment/)
  })

  it('signs a forged webhook with another key', async () => {
    const { data: webhookKey } = await clients.webhookKeys.createWebhookKey()
    const { data: order } = await clients.orders.createOrder(cashOrder(inThreeDays()))
    const response = await sim.sendConektaWebhook('order.paid', order.id ?? '', { badSignature: true })
    expect(response.status).toBe(200)
    const webhook = receiver.received[0]
    expect(verify('sha256', webhook?.rawBody ?? Buffer.alloc(0), webhookKey.public_key ?? '', Buffer.from(String(webhook?.headers.digest), 'base64'))).toBe(false)

    await sim.sendConektaWebhook('order.paid', order.id ?? '')
    const genuine = receiver.received[1]
    expect(verify('sha256', genuine?.rawBody ?? Buffer.alloc(0), webhookKey.public_key ?? '', Buffer.from(String(genuine?.headers.digest), 'base64'))).toBe(true)
  })

  it('expires a cash order with order.expired', async () => {
    const { data: order } = await clients.orders.createOrder(cashOrder(inThreeDays()))
    await sim.expireOxxo(order.id ?? '')
    const event = JSON.parse(receiver.received[0]?.rawBody.toString('utf8') ?? '{}') as ConektaEvent
    expect(event.type).toBe('order.expired')
    expect((await clients.orders.getOrderById(order.id ?? '')).data.payment_status).toBe('expired')
  })

  it('rejects payOxxo when the receiver does not acknowledge', async () => {
    const { data: order } = await clients.orders.createOrder(cashOrder(inThreeDays()))
    receiver.answer(401)
    await expect(sim.payOxxo(order.id ?? '')).rejects.toThrow(/401/)
  })

  it('lists orders by payment status and creation date', async () => {
    const { data: pending } = await clients.orders.createOrder(cashOrder(inThreeDays()))
    const { data: paid } = await clients.orders.createOrder(cardOrder(await cardToken(clients.tokens, '4242424242424242')))
    const { data: pendingList } = await clients.orders.getOrders('es', undefined, 250, undefined, undefined, undefined, 'pending_payment')
    expect(pendingList.object).toBe('list')
    expect(pendingList.has_more).toBe(false)
    const pendingIds = pendingList.data.map((order) => order.id)
    expect(pendingIds).toContain(pending.id)
    expect(pendingIds).not.toContain(paid.id)
    expect(pendingList.data.every((order) => order.payment_status === 'pending_payment')).toBe(true)
    const { data: byCharge } = await clients.orders.getOrders(undefined, undefined, 250, undefined, undefined, undefined, undefined, 'paid')
    expect(byCharge.data.map((order) => order.id)).toContain(paid.id)
    expect(byCharge.data.map((order) => order.id)).not.toContain(pending.id)

    const now = Math.floor(Date.now() / 1000)
    const { data: recent } = await clients.orders.getOrders(undefined, undefined, 250, undefined, undefined, undefined, 'paid', undefined, undefined, now - 60)
    expect(recent.data.map((order) => order.id)).toContain(paid.id)
    const { data: future } = await clients.orders.getOrders(undefined, undefined, 250, undefined, undefined, undefined, undefined, undefined, undefined, now + 3600)
    expect(future.data).toEqual([])

    const { data: firstPage } = await clients.orders.getOrders(undefined, undefined, 1)
    expect(firstPage.data).toHaveLength(1)
    expect(firstPage.has_more).toBe(true)
    const { data: secondPage } = await clients.orders.getOrders(undefined, undefined, 1, undefined, firstPage.data[0]?.id)
    expect(secondPage.data[0]?.id).not.toBe(firstPage.data[0]?.id)
  })
})

describe('Conekta SPEI transfers', () => {
  const speiMethodOf = (order: { charges?: { data?: unknown[] } }) => (order.charges?.data?.[0] as { payment_method?: Record<string, unknown> } | undefined)?.payment_method

  it('gives every SPEI order a CLABE of its own with a valid check digit, and pays it with a signed order.paid', async () => {
    const expiresAt = inThreeDays()
    const { data: first } = await clients.orders.createOrder(speiOrder(expiresAt))
    const { data: second } = await clients.orders.createOrder(speiOrder(expiresAt))
    expect(first.payment_status).toBe('pending_payment')
    const method = speiMethodOf(first)
    expect(method).toMatchObject({ type: 'spei', service_name: 'STP', expires_at: expiresAt })
    const clabes = [method?.reference, speiMethodOf(second)?.reference].map(String)
    expect(clabes.every((clabe) => /^646\d{15}$/.test(clabe) && isValidClabe(clabe))).toBe(true)
    expect(clabes[0]).not.toBe(clabes[1])
    expect(method?.receiving_account_number).toBe(clabes[0])

    const { data: webhookKey } = await clients.webhookKeys.createWebhookKey()
    await sim.paySpei(first.id ?? '')
    const webhook = receiver.received[0]
    expect(verify('sha256', webhook?.rawBody ?? Buffer.alloc(0), webhookKey.public_key ?? '', Buffer.from(String(webhook?.headers.digest), 'base64'))).toBe(true)
    const event = JSON.parse(webhook?.rawBody.toString('utf8') ?? '{}') as ConektaEvent
    expect(event.type).toBe('order.paid')
    const paid = event.data.object as ConektaOrder
    expect(paid).toMatchObject({ id: first.id, payment_status: 'paid' })
    expect(paid.charges.data[0]?.fee).toBe(1450)
    await expect(sim.paySpei(first.id ?? '')).rejects.toThrow(/not pending_payment/)
    await expect(sim.payOxxo(second.id ?? '')).rejects.toThrow(/not a cash order/)
  })

  it('expires an unpaid SPEI order with order.expired, and over HTTP pays and expires as the demo does', async () => {
    const { data: expiring } = await clients.orders.createOrder(speiOrder(inThreeDays()))
    await sim.expireSpei(expiring.id ?? '')
    expect((JSON.parse(receiver.received[0]?.rawBody.toString('utf8') ?? '{}') as ConektaEvent).type).toBe('order.expired')
    expect((await clients.orders.getOrderById(expiring.id ?? '')).data.payment_status).toBe('expired')

    const { data: toPay } = await clients.orders.createOrder(speiOrder(inThreeDays()))
    const { data: toExpire } = await clients.orders.createOrder(speiOrder(inThreeDays()))
    expect((await fetch(`${sim.url}/_sim/spei/${toPay.id}/pay`, { method: 'POST' })).status).toBe(200)
    expect((await fetch(`${sim.url}/_sim/spei/${toExpire.id}/expire`, { method: 'POST' })).status).toBe(200)
    expect((await clients.orders.getOrderById(toPay.id ?? '')).data.payment_status).toBe('paid')
    expect((await clients.orders.getOrderById(toExpire.id ?? '')).data.payment_status).toBe('expired')
    const again = await fetch(`${sim.url}/_sim/spei/${toPay.id}/pay`, { method: 'POST' })
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ ok: false, error: expect.stringMatching(/not pending_payment/) })
  })

  it('answers the next SPEI order with the CLABE a test gives, a wrong check digit included', async () => {
    const wrong = '646180111812345670'
    expect(isValidClabe(wrong)).toBe(false)
    const control = (body: unknown) => fetch(`${sim.url}/_sim/spei/next-clabe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect((await control({})).status).toBe(400)
    expect((await control({ clabe: wrong })).status).toBe(200)
    const { data: given } = await clients.orders.createOrder(speiOrder(inThreeDays()))
    expect(speiMethodOf(given)?.reference).toBe(wrong)
    const { data: next } = await clients.orders.createOrder(speiOrder(inThreeDays()))
    expect(isValidClabe(String(speiMethodOf(next)?.reference))).toBe(true)
  })

  it('refuses a SPEI deadline in the past', async () => {
    const failure = await failureOf(clients.orders.createOrder(speiOrder(Math.floor(Date.now() / 1000) - 60)))
    expect(failure.status).toBe(422)
    expect(errorDetail(failure.data).message).toBe('La fecha de expiración no es válida.')
  })
})

