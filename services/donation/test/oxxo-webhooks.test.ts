import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { formatDateTime as voucherScreenDateTime } from '../../../frontends/kit/src/format/dates.ts'
import { startProviderSim, type ConektaOrder, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { forEachEngine, createCampaign, eventually, json, pointAtProviders, secretsOf, startDonationSite, type DonationSite } from './support.ts'

interface Voucher {
  _id: string
  charges: { data: Array<{ payment_method: { reference: string; barcode_url: string; expires_at: number } }> }
}

interface DonationDoc {
  _id: string
  type: string
  status: string
  approved: boolean
  fee: number
  amount: number
  conekta?: { orderId: string; customer_info: { name: string; email: string; phone: string } }
}

forEachEngine('OXXO vouchers and Conekta webhooks against the provider simulator', (engine) => {
  let sim: ProviderSim
  let donation: DonationSite
  let campaign: { id: string; slug: string; title: string }
  const bodies: string[] = []

  const requestVoucher = async (email: string, extra: Record<string, unknown> = {}) => {
    const response = await donation.site.api('/api/donations/oxxopay/request', {
      method: 'POST',
      json: { name: 'Luis', lastName: 'Ramírez', email, phone: '5512345678', campaign: campaign.id, amount: 300, user: null, ...extra },
    })
    const text = await response.text()
    bodies.push(text)
    return { status: response.status, body: JSON.parse(text) as Voucher & { message?: string } }
  }
  const read = async (id: string) => {
    const response = await donation.site.api(`/api/donations/${id}`, { token: donation.adminToken })
    const text = await response.text()
    bodies.push(text)
    return JSON.parse(text) as DonationDoc
  }

  beforeAll(async () => {
    sim = await startProviderSim()
    pointAtProviders(sim)
    donation = await startDonationSite(sim, engine)
    campaign = await createCampaign(donation, { title: 'Becas para niñas' })
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
  })

  it('issues a voucher, keeps it pending, and approves it with the fee once a verified order.paid arrives', async () => {
    const { status, body } = await requestVoucher('luis@correo.mx')
    expect(status).toBe(200)
    const method = body.charges.data[0]?.payment_method
    expect(method?.reference).toMatch(/\d+/)
    expect(method?.barcode_url).toMatch(/^http/)
    expect(method?.expires_at).toBeGreaterThan(Date.now() / 1000)
    const pending = await read(body._id)
    expect(pending).toMatchObject({ type: 'oxxo', status: 'pending', approved: false, fee: 0, amount: 300 })
    const instructions = await donation.site.mail.waitFor('luis@correo.mx')
    expect(instructions.text).toContain(method?.reference ?? 'sin referencia')
    // The deadline reads as the voucher's screen writes it (the web kit's formatter, OxxoVoucher.tsx): 'DD/MM/YYYY, hh:mm AM'.
    const deadline = /^Vence: (.*)$/m.exec(instructions.text)?.[1]?.trim()
    expect(deadline).toBe(voucherScreenDateTime((method?.expires_at ?? 0) * 1000))
    expect(deadline).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)$/)

    const orderId = pending.conekta?.orderId ?? ''
    await sim.payOxxo(orderId)
    const paid = await read(body._id)
    const order = (sim.conektaOrders() as ConektaOrder[]).find((candidate) => candidate.id === orderId)
    expect(paid).toMatchObject({ type: 'oxxo', status: 'approved', approved: true, conekta: { customer_info: { name: 'Luis Ramírez', email: 'luis@correo.mx' } } })
    expect(paid.fee).toBe((order?.charges.data[0]?.fee ?? -1) / 100)
    expect(paid.fee).toBeGreaterThan(0)
    await eventually(async () => {
      const page = await json<{ donations: Array<{ amount: number; type: string }> }>(await donation.site.api(`/api/public/campaigns/${campaign.slug}`))
      expect(page.donations).toEqual([expect.objectContaining({ amount: 300, type: 'oxxo' })])
    })
  })

  it('marks an unpaid voucher expired on order.expired, and never counts it', async () => {
    const { body } = await requestVoucher('expira@correo.mx')
    const orderId = (await read(body._id)).conekta?.orderId ?? ''
    await sim.expireOxxo(orderId)
    expect(await read(body._id)).toMatchObject({ status: 'expired', approved: false })
    const summary = await json<{ total: number }>(await donation.site.api('/api/donations/conekta/oxxo/counters/info', { token: donation.adminToken }))
    expect(summary.total).toBe(300)
  })

  it('refuses a webhook with a bad signature (401) and changes nothing', async () => {
    const { body } = await requestVoucher('firma@correo.mx')
    const orderId = (await read(body._id)).conekta?.orderId ?? ''
    const forged = await sim.sendConektaWebhook('order.paid', orderId, { badSignature: true })
    expect(forged.status).toBe(401)
    expect(await read(body._id)).toMatchObject({ status: 'pending', approved: false })
    const unsigned = await donation.site.api('/api/donations/webhooks/conekta', { method: 'POST', json: { id: 'evt_1', type: 'order.paid', data: { object: { id: orderId } } } })
    expect(unsigned.status).toBe(401)
    expect(await read(body._id)).toMatchObject({ status: 'pending' })
  })

  it('acts on the order as re-read from Conekta: an order.paid for an unpaid order changes nothing', async () => {
    const { body } = await requestVoucher('releer@correo.mx')
    const orderId = (await read(body._id)).conekta?.orderId ?? ''
    const response = await sim.sendConektaWebhook('order.paid', orderId)
    expect(response.status).toBe(200)
    expect(await read(body._id)).toMatchObject({ status: 'pending', approved: false })
  })

  it('applies the same paid event delivered 3 times once (deduplicated by event id)', async () => {
    const { body } = await requestVoucher('triple@correo.mx')
    const orderId = (await read(body._id)).conekta?.orderId ?? ''
    // Capture the signed delivery, then deliver those exact bytes three times.
    const captured: Array<{ body: string; digest: string }> = []
    const catcher = createServer((req, res) => {
      let raw = ''
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      req.on('end', () => {
        captured.push({ body: raw, digest: String(req.headers.digest ?? '') })
        res.end('{}')
      })
    })
    await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', resolve))
    const port = (catcher.address() as AddressInfo).port
    sim.setWebhookUrls({ conekta: `http://127.0.0.1:${port}/`, paypal: `${donation.site.platform.url}/api/donations/webhooks/paypal` })
    await sim.payOxxo(orderId)
    await new Promise<void>((resolve) => catcher.close(() => resolve()))
    sim.setWebhookUrls({ conekta: `${donation.site.platform.url}/api/donations/webhooks/conekta`, paypal: `${donation.site.platform.url}/api/donations/webhooks/paypal` })
    const delivery = captured[0]
    expect(delivery?.digest).toBeTruthy()
    const deliver = () =>
      fetch(`${donation.site.platform.url}/api/donations/webhooks/conekta`, { method: 'POST', headers: { 'content-type': 'application/json', digest: delivery?.digest ?? '' }, body: delivery?.body ?? '' })
    const answers: Array<{ outcome: string }> = []
    for (let index = 0; index < 3; index++) {
      const response = await deliver()
      expect(response.status).toBe(200)
      answers.push(await json<{ outcome: string }>(response))
    }
    expect(answers.map((answer) => answer.outcome)).toEqual(['approved', 'duplicate', 'duplicate'])
    expect(await read(body._id)).toMatchObject({ status: 'approved' })
    const events = await donation.site.platform.runtimes.donation.context.store.readStream(`donation-${body._id}`)
    expect(events.filter((event) => event.type === 'DonationApproved')).toHaveLength(1)
    // A different event about the same paid order changes nothing either.
    expect(await json<{ outcome: string }>(await sim.sendConektaWebhook('order.paid', orderId))).toMatchObject({ outcome: 'unchanged' })
    const list = await json<{ totalDocs: number; total: number }>(await donation.site.api('/api/donations/conekta/oxxo?email=triple', { token: donation.adminToken }))
    expect(list).toMatchObject({ totalDocs: 1, total: 300 })
  })

  it('validates the voucher form (phone of 10 digits)', async () => {
    const { status, body } = await requestVoucher('telefono@correo.mx', { phone: '12345' })
    expect(status).toBe(422)
    expect(JSON.stringify(body)).toContain('phone')
  })

  it('never answers a provider secret', () => {
    const everything = bodies.join('\n')
    for (const secret of secretsOf(sim)) expect(everything).not.toContain(secret)
  })
})
