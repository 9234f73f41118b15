import { afterAll, beforeAll, expect, it } from 'vitest'
import { startProviderSim, type ConektaOrder, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { cardToken, createCampaign, deactivateCampaign, eventually, forEachEngine, json, pointAtProviders, secretsOf, startDonationSite, type DonationSite } from './support.ts'

const APPROVED = '4242424242424242'
const DECLINED = '4000000000000002'
const NO_FUNDS = '4000000000000127'

interface CardBody {
  _id: string
  type: string
  approved: boolean
  amount: number
  fee: number
  message?: string
  description?: string
  customer_info?: { name: string; email: string; phone: string }
  conekta?: { orderId: string }
}

forEachEngine('card donations through the gateway against the provider simulator', (engine) => {
  let sim: ProviderSim
  let donation: DonationSite
  let campaign: { id: string; slug: string; title: string }
  const bodies: string[] = []

  const donate = async (token: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const response = await donation.site.api('/api/donations/conekta', {
      method: 'POST',
      headers,
      json: { token, name: 'Ana Pérez', amount: 150, campaign: campaign.id, email: 'ana@correo.mx', phone: '5512345678', user: null, ...extra },
    })
    const text = await response.text()
    bodies.push(text)
    return { status: response.status, body: JSON.parse(text) as CardBody }
  }
  const ordersOf = (donationId: string) => (sim.conektaOrders() as ConektaOrder[]).filter((order) => (order.metadata as { donationId?: string }).donationId === donationId)

  beforeAll(async () => {
    sim = await startProviderSim()
    pointAtProviders(sim)
    donation = await startDonationSite(sim, engine)
    campaign = await createCampaign(donation, { title: 'Comedor comunitario', gratitude: 'Gracias por alimentar a la comunidad' })
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
  })

  it('approves a card donation with the provider fee and customer info, and thanks the donor', async () => {
    const { status, body } = await donate(await cardToken(sim, APPROVED))
    expect(status).toBe(200)
    expect(body).toMatchObject({ type: 'conekta', approved: true, amount: 150, currency: 'MXN', customer_info: { name: 'Ana Pérez', email: 'ana@correo.mx', phone: '5512345678' } })
    const [order] = ordersOf(body._id)
    expect(order?.payment_status).toBe('paid')
    expect(order?.amount).toBe(15_000)
    expect(body.fee).toBe((order?.charges.data[0]?.fee ?? -1) / 100)
    expect(body.fee).toBeGreaterThan(0)
    const mail = await donation.site.mail.waitFor('ana@correo.mx')
    expect(mail.text).toContain('Gracias por alimentar a la comunidad')
    await eventually(async () => {
      const page = await json<{ donations: Array<{ amount: number }> }>(await donation.site.api(`/api/public/campaigns/${campaign.slug}`))
      expect(page.donations.map((entry) => entry.amount)).toContain(150)
    })
  })

  it("answers with the campaign's title and thanks with its own message even when the donation service has not yet received the new campaign", async () => {
    // The donation service's copy of the campaigns follows the bus; on NATS it may lag behind a fresh campaign.
    const consumer = donation.site.platform.runtimes.donation.consumer
    const key = crypto.randomUUID()
    let first: { campaign: string; token: string; body: unknown } | undefined
    await consumer.stop()
    try {
      const fresh = await createCampaign(donation, { title: 'Campaña recién creada', gratitude: 'Gracias por llegar primero' })
      const token = await cardToken(sim, APPROVED)
      const { status, body } = await donate(token, { campaign: fresh.id, email: 'primera@correo.mx' }, { 'Idempotency-Key': key })
      expect(status).toBe(200)
      expect(body).toMatchObject({ campaign: { _id: fresh.id, title: 'Campaña recién creada' } })
      const mail = await donation.site.mail.waitFor('primera@correo.mx')
      expect(mail.text).toContain('Gracias por llegar primero')
      expect(mail.text).toContain('«Campaña recién creada»')
      first = { campaign: fresh.id, token, body }
      // Replayed while the copy is still missing, it answers the very same (read from the table, the campaign from its service).
      expect(await donate(token, { campaign: fresh.id, email: 'primera@correo.mx' }, { 'Idempotency-Key': key })).toEqual({ status: 200, body })
    } finally {
      await consumer.start()
    }
    // Once the copy has caught up, the same request replays the very same answer (thumbnail included).
    const { campaign: freshId, token, body } = first ?? expect.fail('the first donation did not answer')
    await eventually(async () => {
      expect(await donate(token, { campaign: freshId, email: 'primera@correo.mx' }, { 'Idempotency-Key': key })).toEqual({ status: 200, body })
    })
  })

  it('answers a declined card with one sentence in usted, the same on a retry, and keeps the provider message with the failed donation', async () => {
    const key = crypto.randomUUID()
    const token = await cardToken(sim, DECLINED)
    const { status, body } = await donate(token, { email: 'declinada@correo.mx' }, { 'Idempotency-Key': key })
    expect(status).toBe(402)
    // The donor's dialog shows the description under the title 'Pago rechazado': one sentence, 'Verifique', 'intente'.
    expect(body).toEqual({ message: 'Pago rechazado', description: 'Su banco rechazó la tarjeta; verifique los datos o intente con otro método de pago.' })
    const again = await donate(token, { email: 'declinada@correo.mx' }, { 'Idempotency-Key': key })
    expect(again).toEqual({ status: 402, body })
    const list = await json<{ docs: Array<{ type: string; error?: { message: string }; approved: boolean }> }>(
      await donation.site.api('/api/donations/conekta/card?type=failed&email=declinada', { token: donation.adminToken }),
    )
    expect(list.docs).toHaveLength(1)
    // 'Problema' in the dashboard: the provider's own reason.
    expect(list.docs[0]).toMatchObject({ type: 'failed', approved: false, error: { message: 'Esta tarjeta fue declinada. Por favor intenta con otro método de pago.' } })
  })

  it('answers 402 for insufficient funds', async () => {
    const { status, body } = await donate(await cardToken(sim, NO_FUNDS), { email: 'sinfondos@correo.mx' })
    expect(status).toBe(402)
    expect(body).toEqual({ message: 'Pago rechazado', description: 'Su tarjeta no tiene fondos suficientes; intente con otra tarjeta o con otro método de pago.' })
  })

  it('refuses a reused token (402) and charges once', async () => {
    const token = await cardToken(sim, APPROVED)
    const first = await donate(token, { email: 'reuso@correo.mx' })
    expect(first.status).toBe(200)
    const second = await donate(token, { email: 'reuso@correo.mx' })
    expect(second.status).toBe(402)
    expect(second.body).toEqual({ message: 'Pago rechazado', description: 'Los datos de su tarjeta ya se usaron en un intento anterior; envíe el formulario de nuevo.' })
    const list = await json<{ docs: Array<{ type: string }>; total: number }>(await donation.site.api('/api/donations/conekta/card?email=reuso', { token: donation.adminToken }))
    expect(list.docs.map((doc) => doc.type).sort()).toEqual(['conekta', 'failed'])
    expect(list.total).toBe(150)
  })

  it('charges once and records once for 5 concurrent requests with one Idempotency-Key', async () => {
    const token = await cardToken(sim, APPROVED)
    const key = crypto.randomUUID()
    const results = await Promise.all(Array.from({ length: 5 }, () => donate(token, { email: 'idem@correo.mx' }, { 'Idempotency-Key': key })))
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200])
    const ids = new Set(results.map((result) => result.body._id))
    expect(ids.size).toBe(1)
    const [id] = [...ids]
    expect(ordersOf(id ?? '')).toHaveLength(1)
    const list = await json<{ totalDocs: number; total: number }>(await donation.site.api('/api/donations/conekta/card?email=idem', { token: donation.adminToken }))
    expect(list).toMatchObject({ totalDocs: 1, total: 150 })
    const again = await donate(token, { email: 'idem@correo.mx' }, { 'Idempotency-Key': key })
    expect(again.body._id).toBe(id)
    expect(ordersOf(id ?? '')).toHaveLength(1)
  })

  it('sends its Idempotency-Key to Conekta, so a retry after the answer was lost between charge and record charges once', async () => {
    const token = await cardToken(sim, APPROVED)
    const key = crypto.randomUUID()
    sim.loseNextConektaOrderAnswer()
    const lost = await donate(token, { email: 'perdida@correo.mx' }, { 'Idempotency-Key': key })
    expect(lost.status).toBe(502)
    const recorded = await json<{ totalDocs: number }>(await donation.site.api('/api/donations/conekta/card?email=perdida', { token: donation.adminToken }))
    expect(recorded.totalDocs).toBe(0)

    const retry = await donate(token, { email: 'perdida@correo.mx' }, { 'Idempotency-Key': key })
    expect(retry.status).toBe(200)
    expect(retry.body).toMatchObject({ approved: true, amount: 150 })
    expect(sim.conektaOrdersPlacedWith(retry.body._id)).toBe(1)
    expect(ordersOf(retry.body._id)).toHaveLength(1)
    const list = await json<{ totalDocs: number; total: number }>(await donation.site.api('/api/donations/conekta/card?email=perdida', { token: donation.adminToken }))
    expect(list).toMatchObject({ totalDocs: 1, total: 150 })
  })

  it('refuses amounts under 1 peso, unknown, inactive and ended campaigns before charging', async () => {
    const before = sim.conektaOrders().length
    const small = await donate('tok_x', { amount: 0.5 })
    expect(small.status).toBe(422)
    expect(JSON.stringify(small.body)).toContain('La cantidad mínima de donación es 1 peso')
    expect((await donate('tok_x', { campaign: crypto.randomUUID() })).status).toBe(422)
    const ended = await createCampaign(donation, { ended: true })
    const endedAnswer = await donate(await cardToken(sim, APPROVED), { campaign: ended.id })
    expect(endedAnswer.status).toBe(409)
    expect(endedAnswer.body.message).toBe('Campaña finalizada')
    const inactive = await createCampaign(donation)
    await deactivateCampaign(donation, inactive.id)
    expect((await donate(await cardToken(sim, APPROVED), { campaign: inactive.id })).status).toBe(409)
    expect(sim.conektaOrders().length).toBe(before)
  })

  it('takes the donor from the token, and refuses a body user that disagrees with it', async () => {
    const adminId = (JSON.parse(Buffer.from(donation.adminToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { _id: string })._id
    const response = await donation.site.api('/api/donations/conekta', {
      method: 'POST',
      token: donation.adminToken,
      json: { token: await cardToken(sim, APPROVED), name: 'Ana Pérez', amount: 20, campaign: campaign.id, email: 'sesion@correo.mx', phone: '5512345678', user: adminId },
    })
    expect(response.status).toBe(200)
    expect(await json<{ createdBy: string | null }>(response)).toMatchObject({ createdBy: adminId })
    const anonymous = await donate(await cardToken(sim, APPROVED), { email: 'otro@correo.mx', user: adminId })
    expect(anonymous.status).toBe(422)
  })

  it('never answers a provider secret', () => {
    const everything = bodies.join('\n')
    for (const secret of secretsOf(sim)) expect(everything).not.toContain(secret)
  })
})
