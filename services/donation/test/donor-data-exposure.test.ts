import { afterAll, beforeAll, expect, it } from 'vitest'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { cardToken, createCampaign, forEachEngine, json, pointAtProviders, startDonationSite, type DonationSite } from './support.ts'

const APPROVED = '4242424242424242'
const REUSED_KEY = 'La llave de idempotencia ya se usó con otros datos; genere una nueva para esta donación'
const BAD_NAME = "Escriba solo letras, espacios y los signos . ' -"

/** What a second caller must never read of the first donor. */
const FIRST_DONOR = ['Ana Pérez', 'ana.privada@correo.mx', '5511112222']

forEachEngine('donor data is answered only to the request that gave it (through the gateway, with the provider simulator)', (engine) => {
  let sim: ProviderSim
  let donation: DonationSite
  let campaign: { id: string; slug: string; title: string }

  const post = async (path: string, body: Record<string, unknown>, key?: string) => {
    const response = await donation.site.api(path, { method: 'POST', json: body, headers: key ? { 'Idempotency-Key': key } : {} })
    const text = await response.text()
    return { status: response.status, text }
  }

  beforeAll(async () => {
    sim = await startProviderSim()
    pointAtProviders(sim)
    donation = await startDonationSite(sim, engine)
    campaign = await createCampaign(donation, { title: 'Banco de alimentos' })
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
  })

  it('card: the same key with the same body replays the answer; with another body it is 422 and nothing is charged', async () => {
    const key = crypto.randomUUID()
    const first = { token: await cardToken(sim, APPROVED), name: 'Ana Pérez', amount: 120, campaign: campaign.id, email: 'ana.privada@correo.mx', phone: '5511112222', user: null }
    const paid = await post('/api/donations/conekta', first, key)
    expect(paid.status).toBe(200)
    const orders = sim.conektaOrders().length
    // The same data in another key order is the same request.
    const reordered = Object.fromEntries(Object.entries(first).reverse())
    const replay = await post('/api/donations/conekta', reordered, key)
    expect(replay.status).toBe(200)
    expect(JSON.parse(replay.text)).toEqual(JSON.parse(paid.text))

    const other = { token: await cardToken(sim, APPROVED), name: 'Intruso', amount: 5, campaign: campaign.id, email: 'intruso@correo.mx', phone: '5599999999', user: null }
    const reused = await post('/api/donations/conekta', other, key)
    expect(reused.status).toBe(422)
    expect(reused.text).toContain(REUSED_KEY)
    for (const secret of FIRST_DONOR) expect(reused.text).not.toContain(secret)
    expect(sim.conektaOrders().length).toBe(orders)
  })

  it('OXXO: the same key with another body is 422, no second order and no voucher of the first donor', async () => {
    const key = crypto.randomUUID()
    const first = { name: 'Ana', lastName: 'Pérez', email: 'ana.privada@correo.mx', phone: '5511112222', campaign: campaign.id, amount: 300, user: null }
    const voucher = await post('/api/donations/oxxopay/request', first, key)
    expect(voucher.status).toBe(200)
    const reference = (JSON.parse(voucher.text) as { charges: { data: Array<{ payment_method: { reference: string } }> } }).charges.data[0]?.payment_method.reference ?? 'sin-referencia'
    const orders = sim.conektaOrders().length
    expect((await post('/api/donations/oxxopay/request', first, key)).text).toBe(voucher.text)

    const reused = await post('/api/donations/oxxopay/request', { ...first, email: 'intruso@correo.mx' }, key)
    expect(reused.status).toBe(422)
    expect(reused.text).toContain(REUSED_KEY)
    expect(reused.text).not.toContain(reference)
    for (const secret of FIRST_DONOR) expect(reused.text).not.toContain(secret)
    expect(sim.conektaOrders().length).toBe(orders)
  })

  it('PayPal order: the same key with another amount is 422 and creates no second order', async () => {
    const key = crypto.randomUUID()
    const created = await post('/api/donations/paypal/order', { campaign: campaign.id, amount: 80, user: null }, key)
    expect(created.status).toBe(200)
    const orders = sim.paypalOrders().length
    expect((await post('/api/donations/paypal/order', { campaign: campaign.id, amount: 80, user: null }, key)).text).toBe(created.text)
    const reused = await post('/api/donations/paypal/order', { campaign: campaign.id, amount: 1, user: null }, key)
    expect(reused.status).toBe(422)
    expect(reused.text).toContain(REUSED_KEY)
    expect(reused.text).not.toContain((JSON.parse(created.text) as { orderID: string }).orderID)
    expect(sim.paypalOrders().length).toBe(orders)
  })

  it('refuses (422, Spanish) names that are not one line of letters: nothing charged, no mail to the given address', async () => {
    const orders = sim.conektaOrders().length
    const spam = 'Ana\nhttps://estafa.example'
    const voucher = await post('/api/donations/oxxopay/request', { name: spam, lastName: 'Pérez', email: 'victima@correo.mx', phone: '5511112222', campaign: campaign.id, amount: 300, user: null })
    expect(voucher.status).toBe(422)
    expect(voucher.text).toContain(BAD_NAME)
    const lastName = await post('/api/donations/oxxopay/request', { name: 'Ana', lastName: 'visita estafa.com', email: 'victima@correo.mx', phone: '5511112222', campaign: campaign.id, amount: 300, user: null })
    expect(lastName.status).toBe(422)
    expect(lastName.text).toContain(BAD_NAME)
    const card = await post('/api/donations/conekta', { token: await cardToken(sim, APPROVED), name: 'Ana <a href=x>', amount: 120, campaign: campaign.id, email: 'victima@correo.mx', phone: '5511112222', user: null })
    expect(card.status).toBe(422)
    expect(card.text).toContain(BAD_NAME)
    expect(sim.conektaOrders().length).toBe(orders)
    expect(donation.site.mail.mails.filter((mail) => JSON.stringify(mail).includes('victima@correo.mx'))).toEqual([])
  })

  it('leaves a provider name that is not a plain name (a PayPal payer calling itself a web address) out of the thank-you mail', async () => {
    const created = await post('/api/donations/paypal/order', { campaign: campaign.id, amount: 90, user: null })
    const { orderID } = JSON.parse(created.text) as { orderID: string }
    await sim.approvePaypal(orderID, { name: 'Visita estafa.com', email: 'pagador@correo.mx' })
    const captured = await post('/api/donations/paypal', { campaign: campaign.id, orderID, user: null })
    expect(captured.status).toBe(200)
    const mail = await donation.site.mail.waitFor('pagador@correo.mx')
    expect(mail.text).toContain('¡Gracias!')
    expect(mail.text).not.toContain('estafa')
  })

  it("accepts a Unicode name such as 'María José O'Neil-Ruíz' and mails only that name besides the site's own text", async () => {
    const voucher = await post('/api/donations/oxxopay/request', { name: 'María José', lastName: "O'Neil-Ruíz", email: 'maria@correo.mx', phone: '5511112222', campaign: campaign.id, amount: 300, user: null })
    expect(voucher.status).toBe(200)
    const mail = await donation.site.mail.waitFor('maria@correo.mx')
    expect(mail.text).toContain("Hola María José O'Neil-Ruíz:")
    const list = await json<{ docs: unknown[] }>(await donation.site.api('/api/donations/conekta/oxxo?email=maria', { token: donation.adminToken }))
    expect(list.docs).toHaveLength(1)
  })
})
