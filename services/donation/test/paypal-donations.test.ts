import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startProviderSim, type PaypalOrder, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { forEachEngine, createCampaign, eventually, json, pointAtProviders, secretsOf, startDonationSite, type DonationSite } from './support.ts'

interface DonationDoc {
  campaign?: { _id: string; title: string }
  _id: string
  type: string
  status: string
  approved: boolean
  amount: number
  fee: number
  message?: string
  paypal?: { data: { orderID: string }; details: PaypalOrder }
}

forEachEngine('PayPal donations (Orders v2 on the server) against the provider simulator', (engine) => {
  let sim: ProviderSim
  let donation: DonationSite
  let campaign: { id: string; slug: string; title: string }
  const bodies: string[] = []

  const post = async <T>(path: string, body: unknown) => {
    const response = await donation.site.api(path, { method: 'POST', json: body })
    const text = await response.text()
    bodies.push(text)
    return { status: response.status, body: JSON.parse(text) as T }
  }
  const createOrder = async (amount = 250) => {
    const { status, body } = await post<{ orderID: string }>('/api/donations/paypal/order', { campaign: campaign.id, amount })
    expect(status).toBe(200)
    return body.orderID
  }
  const capture = (orderID: string, campaignId = campaign.id) => post<DonationDoc>('/api/donations/paypal', { campaign: campaignId, orderID, user: null })
  const simToken = async () => {
    const response = await fetch(`${sim.paypal.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${sim.paypal.clientId}:${sim.paypal.secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    })
    return (await json<{ access_token: string }>(response)).access_token
  }

  beforeAll(async () => {
    sim = await startProviderSim()
    pointAtProviders(sim)
    donation = await startDonationSite(sim, engine)
    campaign = await createCampaign(donation, { title: 'Refugio de animales' })
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
  })

  it('creates the order for our amount, captures it after approval and records status, captures with fee and payer', async () => {
    const orderID = await createOrder(250)
    const created = (sim.paypalOrders() as PaypalOrder[]).find((order) => order.id === orderID)
    expect(created?.purchase_units[0]?.amount).toEqual({ currency_code: 'MXN', value: '250.00' })
    expect(created?.purchase_units[0]?.custom_id).toMatch(/[0-9a-f-]{36}/)
    await sim.approvePaypal(orderID, { name: 'Eva Torres', email: 'eva@correo.mx' })
    const { status, body } = await capture(orderID)
    expect(status).toBe(200)
    const captured = (sim.paypalOrders() as PaypalOrder[]).find((order) => order.id === orderID)
    const fee = Number(captured?.purchase_units[0]?.payments?.captures[0]?.seller_receivable_breakdown.paypal_fee.value)
    // The donor-facing document only (contracts' paypalDonationResponseSchema): never the provider's order.
    expect(body).toEqual({ _id: created?.purchase_units[0]?.custom_id, amount: 250, currency: 'MXN', campaign: { _id: campaign.id, title: campaign.title }, approved: true, status: 'approved', name: 'Eva Torres' })
    expect(fee).toBeGreaterThan(0)
    const detail = await json<DonationDoc>(await donation.site.api(`/api/donations/paypal/${body._id}`, { token: donation.adminToken }))
    expect(detail).toMatchObject({ type: 'paypal', approved: true, amount: 250, fee, paypal: { data: { orderID }, details: { status: 'COMPLETED', payer: { email_address: 'eva@correo.mx' } } } })
    expect(detail.paypal?.details.purchase_units[0]?.payments?.captures[0]?.update_time).toEqual(expect.any(String))
    expect((await donation.site.mail.waitFor('eva@correo.mx')).text).toContain('Gracias')
    // Sending it again (anyone who learnt the order id can) answers the same donor-facing document, captures nothing more
    // and tells nothing of the payer (e-mail, payer id) or the merchant's account.
    const again = await capture(orderID)
    expect(again.status).toBe(200)
    expect(again.body).toEqual(body)
    const payerId = captured?.payer?.payer_id ?? 'sin-id'
    for (const text of [JSON.stringify(body), JSON.stringify(again.body)]) {
      for (const secret of ['eva@correo.mx', payerId, 'ventas@donaciones.example', 'SIMMERCHANT01', 'payer', 'payee']) expect(text).not.toContain(secret)
    }
    await eventually(async () => {
      const page = await json<{ donations: Array<{ amount: number; type: string }> }>(await donation.site.api(`/api/public/campaigns/${campaign.slug}`))
      expect(page.donations).toEqual([expect.objectContaining({ amount: 250, type: 'paypal' })])
    })
  })

  it('answers with the campaign\'s title even when the donation service has not yet received the new campaign', async () => {
    // The donation service's copy of the campaigns follows the bus; on NATS it may lag behind a fresh campaign.
    const consumer = donation.site.platform.runtimes.donation.consumer
    await consumer.stop()
    try {
      const fresh = await createCampaign(donation, { title: 'Albergue recién abierto' })
      const { body: order } = await post<{ orderID: string }>('/api/donations/paypal/order', { campaign: fresh.id, amount: 90 })
      await sim.approvePaypal(order.orderID, { name: 'Luis Vega', email: 'luis@correo.mx' })
      const { status, body } = await capture(order.orderID, fresh.id)
      expect(status).toBe(200)
      expect(body).toMatchObject({ campaign: { _id: fresh.id, title: 'Albergue recién abierto' }, approved: true })
    } finally {
      await consumer.start()
    }
  })

  it('refuses (422) to capture an order the buyer has not approved, and records nothing approved', async () => {
    const orderID = await createOrder(120)
    const { status, body } = await capture(orderID)
    expect(status).toBe(422)
    expect(body.message).toBe('Pago no aprobado')
    const list = await json<{ docs: Array<{ approved: boolean; amount: number }> }>(await donation.site.api('/api/donations/paypal?amount=120', { token: donation.adminToken }))
    expect(list.docs.map((doc) => doc.approved)).toEqual([false])
  })

  it('refuses an order whose amount or reference is not ours (tampering)', async () => {
    const paypalTotal = async () => (await json<{ total: number }>(await donation.site.api('/api/donations/paypal/counters/info', { token: donation.adminToken }))).total
    const totalBefore = await paypalTotal()
    const token = await simToken()
    const forged = await fetch(`${sim.paypal.baseUrl}/v2/checkout/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ custom_id: crypto.randomUUID(), amount: { currency_code: 'MXN', value: '1.00' } }] }),
    })
    const forgedId = (await json<{ id: string }>(forged)).id
    await sim.approvePaypal(forgedId)
    const { status } = await capture(forgedId)
    expect(status).toBe(422)
    const forgedAfter = (sim.paypalOrders() as PaypalOrder[]).find((order) => order.id === forgedId)
    expect(forgedAfter?.status).toBe('APPROVED')
    // Our own order sent with another campaign is refused too.
    const orderID = await createOrder(90)
    await sim.approvePaypal(orderID)
    const other = await createCampaign(donation)
    expect((await capture(orderID, other.id)).status).toBe(422)
    // Neither counts: the approved PayPal total is what it was.
    expect(await paypalTotal()).toBe(totalBefore)
  })

  it('approves from a verified PAYMENT.CAPTURE.COMPLETED webhook and refuses a bad signature', async () => {
    const orderID = await createOrder(75)
    await sim.approvePaypal(orderID)
    const token = await simToken()
    const direct = await fetch(`${sim.paypal.baseUrl}/v2/checkout/orders/${orderID}/capture`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' })
    expect(direct.status).toBe(201)
    const forged = await sim.sendPaypalWebhook('PAYMENT.CAPTURE.COMPLETED', orderID, { badSignature: true })
    expect(forged.status).toBe(401)
    let list = await json<{ docs: Array<{ approved: boolean }> }>(await donation.site.api('/api/donations/paypal?amount=75', { token: donation.adminToken }))
    expect(list.docs.map((doc) => doc.approved)).toEqual([false])
    const answers = [await sim.sendPaypalWebhook('PAYMENT.CAPTURE.COMPLETED', orderID), await sim.sendPaypalWebhook('PAYMENT.CAPTURE.COMPLETED', orderID)]
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    list = await json<{ docs: Array<{ approved: boolean }> }>(await donation.site.api('/api/donations/paypal?amount=75', { token: donation.adminToken }))
    expect(list.docs.map((doc) => doc.approved)).toEqual([true])
  })

  it('applies one PayPal event delivered 3 times once (deduplicated by event id)', async () => {
    const orderID = await createOrder(60)
    await sim.approvePaypal(orderID)
    const token = await simToken()
    await fetch(`${sim.paypal.baseUrl}/v2/checkout/orders/${orderID}/capture`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' })
    const captured: Array<{ body: string; headers: Record<string, string> }> = []
    const catcher = createServer((req, res) => {
      let raw = ''
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      req.on('end', () => {
        const headers: Record<string, string> = {}
        for (const [name, value] of Object.entries(req.headers)) if (name.startsWith('paypal-') && typeof value === 'string') headers[name] = value
        captured.push({ body: raw, headers })
        res.end('{}')
      })
    })
    await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', resolve))
    sim.setWebhookUrls({ paypal: `http://127.0.0.1:${(catcher.address() as AddressInfo).port}/` })
    await sim.sendPaypalWebhook('PAYMENT.CAPTURE.COMPLETED', orderID)
    await new Promise<void>((resolve) => catcher.close(() => resolve()))
    sim.setWebhookUrls({ paypal: `${donation.site.platform.url}/api/donations/webhooks/paypal` })
    const delivery = captured[0]
    expect(Object.keys(delivery?.headers ?? {})).toContain('paypal-transmission-sig')
    const outcomes: string[] = []
    for (let index = 0; index < 3; index++) {
      const response = await fetch(`${donation.site.platform.url}/api/donations/webhooks/paypal`, { method: 'POST', headers: { 'content-type': 'application/json', ...delivery?.headers }, body: delivery?.body ?? '' })
      expect(response.status).toBe(200)
      outcomes.push((await json<{ outcome: string }>(response)).outcome)
    }
    expect(outcomes).toEqual(['approved', 'duplicate', 'duplicate'])
    const list = await json<{ docs: Array<{ _id: string; approved: boolean }> }>(await donation.site.api('/api/donations/paypal?amount=60', { token: donation.adminToken }))
    expect(list.docs.map((doc) => doc.approved)).toEqual([true])
    const events = await donation.site.platform.runtimes.donation.context.store.readStream(`donation-${list.docs[0]?._id ?? ''}`)
    expect(events.filter((event) => event.type === 'DonationApproved')).toHaveLength(1)
  })

  it('never answers a provider secret', () => {
    const everything = bodies.join('\n')
    for (const secret of secretsOf(sim)) expect(everything).not.toContain(secret)
  })
})
