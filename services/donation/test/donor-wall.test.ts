import { afterAll, beforeAll, expect, it } from 'vitest'
import { DONOR_MESSAGE_CONTROL_CHARACTERS, DONOR_MESSAGE_LINE_BREAK, DONOR_MESSAGE_STACKED_MARKS, type Campaign, type DonorWallMessage } from '@donaciones/contracts'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { cardToken, createCampaign, eventually, forEachEngine, json, pointAtProviders, startDonationSite, type DonationSite } from './support.ts'

const APPROVED = '4242424242424242'

forEachEngine('the donor wall of a campaign page (through the gateway, with the provider simulator)', (engine) => {
  let sim: ProviderSim
  let donation: DonationSite
  let campaign: { id: string; slug: string; title: string }

  const donate = async (body: Record<string, unknown>) => {
    const response = await donation.site.api('/api/donations/conekta', {
      method: 'POST',
      json: { token: await cardToken(sim, APPROVED), campaign: campaign.id, email: 'donante@correo.mx', phone: '5511112222', user: null, ...body },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
    return { status: response.status, text: await response.text() }
  }
  const publicPage = async (slug = campaign.slug) => json<Campaign>(await donation.site.api(`/api/public/campaigns/${slug}`))

  beforeAll(async () => {
    sim = await startProviderSim()
    pointAtProviders(sim)
    donation = await startDonationSite(sim, engine)
    campaign = await createCampaign(donation, { title: 'Biblioteca del barrio' })
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
  })

  it('shows a named donor by first name and initial with their message, and an anonymous one or one who chose nothing as nobody in particular', async () => {
    expect((await donate({ name: 'Ana Pérez López', amount: 500, anonymous: false, message: '  ¡Ánimo, vecinos!  ' })).status).toBe(200)
    expect((await donate({ name: 'Bruno Secreto', email: 'bruno.secreto@correo.mx', amount: 900, anonymous: true, message: 'Con cariño' })).status).toBe(200)
    expect((await donate({ name: 'Carla Ruiz', amount: 150 })).status).toBe(200)

    const wall = await eventually(async () => {
      const page = await publicPage()
      expect(page.donorWall?.latest).toHaveLength(3)
      return page.donorWall
    })
    expect(wall?.latest.map(({ name, amount, message }) => ({ name, amount, message }))).toEqual([
      // No `anonymous` in the request: no choice is anonymous (decision 87).
      { name: null, amount: 150, message: null },
      { name: null, amount: 900, message: 'Con cariño' },
      { name: 'Ana P.', amount: 500, message: '¡Ánimo, vecinos!' },
    ])
    expect(wall?.largest.map(({ amount }) => amount)).toEqual([900, 500, 150])
  })

  it('never names an anonymous donor in any public answer', async () => {
    const publicPaths = [
      `/api/public/campaigns/${campaign.slug}`,
      `/api/public/campaigns/${campaign.slug}/comments`,
      '/api/public/campaigns/',
      '/api/public/campaigns/scroll/campaigns?page=1',
      `/api/public/campaigns/search/campaigns?page=1&title=${encodeURIComponent('Biblioteca')}`,
      '/api/init',
    ]
    for (const path of publicPaths) {
      const response = await donation.site.api(path)
      const text = await response.text()
      expect(response.status, path).toBeLessThan(400)
      for (const secret of ['Bruno', 'Secreto', 'bruno.secreto@correo.mx', 'Carla']) expect(text, path).not.toContain(secret)
      // Nor anyone's full name or e-mail.
      for (const secret of ['Pérez López', 'donante@correo.mx']) expect(text, path).not.toContain(secret)
    }
  })

  it('refuses (422, Spanish) a message longer than 280 characters and charges nothing', async () => {
    const orders = sim.conektaOrders().length
    const refused = await donate({ name: 'Dora Luna', amount: 100, message: 'a'.repeat(281) })
    expect(refused.status).toBe(422)
    expect(refused.text).toContain('El máximo de caracteres es de 280')
    expect(sim.conektaOrders().length).toBe(orders)
  })

  it('refuses (422, Spanish, on the message field) line breaks, bidi controls and stacked marks on every route that takes a message, and starts no payment', async () => {
    const bad = [
      { message: `Uno${'\n'.repeat(100)}dos`, expected: DONOR_MESSAGE_LINE_BREAK },
      { message: 'Gracias \u2028de corazón', expected: DONOR_MESSAGE_LINE_BREAK },
      { message: 'Pagado \u202eonanred', expected: DONOR_MESSAGE_CONTROL_CHARACTERS },
      { message: 'Aislado \u2066texto\u2069', expected: DONOR_MESSAGE_CONTROL_CHARACTERS },
      { message: `Z${'\u0336\u0335\u0334'.repeat(90)}algo`, expected: DONOR_MESSAGE_STACKED_MARKS },
    ]
    const routes = [
      { path: '/api/donations/conekta', body: { token: 'tok_sin_usar', name: 'Dora Luna', email: 'dora@correo.mx', phone: '5511112222', amount: 100 } },
      { path: '/api/donations/monthly', body: { token: 'tok_sin_usar', name: 'Dora Luna', email: 'dora@correo.mx', phone: '5511112222', amount: 100 } },
      { path: '/api/donations/oxxopay/request', body: { name: 'Dora', lastName: 'Luna', email: 'dora@correo.mx', phone: '5511112222', amount: 100 } },
      { path: '/api/donations/paypal/order', body: { amount: 100 } },
    ]
    const before = { orders: sim.conektaOrders().length, paypal: sim.paypalOrders().length, subscriptions: sim.conektaSubscriptions().length }
    for (const route of routes) {
      for (const { message, expected } of bad) {
        const response = await donation.site.api(route.path, {
          method: 'POST',
          json: { ...route.body, campaign: campaign.id, user: null, anonymous: false, message },
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        })
        const body = (await response.json()) as { message: string; errors?: Array<{ path: string; message: string }> }
        expect({ route: route.path, status: response.status, errors: body.errors }).toEqual({ route: route.path, status: 422, errors: [{ path: 'message', message: expected }] })
      }
    }
    expect({ orders: sim.conektaOrders().length, paypal: sim.paypalOrders().length, subscriptions: sim.conektaSubscriptions().length }).toEqual(before)
  })

  it('keeps the choice in the provider order, so a donation recovered by reconciliation keeps it too', async () => {
    expect((await donate({ name: 'Elena Mora', amount: 320, anonymous: true, message: 'Desde lejos' })).status).toBe(200)
    const order = sim.conektaOrders().at(-1) as { metadata?: Record<string, unknown> } | undefined
    expect(order?.metadata).toMatchObject({ anonymous: 'true', message: 'Desde lejos' })
  })

  it('names nobody who sent no choice, on every channel: card, OXXO, PayPal and monthly card; an explicit false still names', async () => {
    const silent = await createCampaign(donation, { title: 'Huerto escolar' })
    const send = async (path: string, body: Record<string, unknown>) => {
      const response = await donation.site.api(path, { method: 'POST', json: { campaign: silent.id, user: null, ...body }, headers: { 'Idempotency-Key': crypto.randomUUID() } })
      const text = await response.text()
      expect(response.status, text).toBe(200)
      return JSON.parse(text) as Record<string, unknown>
    }
    const card = { email: 'callada@correo.mx', phone: '5511112222' }
    await send('/api/donations/conekta', { token: await cardToken(sim, APPROVED), name: 'Tarjeta Callada', amount: 101, ...card })
    await send('/api/donations/monthly', { token: await cardToken(sim, APPROVED), name: 'Mensual Callado', amount: 102, ...card, email: 'mensual.callado@correo.mx' })
    const voucher = await send('/api/donations/oxxopay/request', { name: 'Efectivo', lastName: 'Callado', email: 'efectivo.callado@correo.mx', phone: '5511112222', amount: 103 })
    const orderId = (sim.conektaOrders() as Array<{ id: string; metadata?: Record<string, unknown> }>).find((order) => order.metadata?.donationId === voucher._id)?.id
    await sim.payOxxo(orderId ?? 'sin-orden')
    const { orderID } = (await send('/api/donations/paypal/order', { amount: 104 })) as { orderID: string }
    await sim.approvePaypal(orderID, { name: 'Pagador Callado', email: 'pagador.callado@correo.mx' })
    await send('/api/donations/paypal', { orderID })
    // The only one who said so is named.
    await send('/api/donations/conekta', { token: await cardToken(sim, APPROVED), name: 'Nombrada Sí', amount: 105, ...card, email: 'nombrada@correo.mx', anonymous: false })

    const wall = await eventually(async () => {
      const page = await publicPage(silent.slug)
      expect(page.donorWall?.latest).toHaveLength(5)
      return page.donorWall
    })
    expect(wall?.latest.map(({ name, amount }) => ({ name, amount })).sort((a, b) => a.amount - b.amount)).toEqual([
      { name: null, amount: 101 },
      { name: null, amount: 102 },
      { name: null, amount: 103 },
      { name: null, amount: 104 },
      { name: 'Nombrada S.', amount: 105 },
    ])
    const text = JSON.stringify(await publicPage(silent.slug))
    for (const secret of ['Tarjeta', 'Mensual', 'Efectivo', 'Callad', 'Pagador']) expect(text).not.toContain(secret)
    // The provider's records say the same, so a donation recovered from them stays anonymous.
    const orders = sim.conektaOrders() as Array<{ amount: number; metadata?: Record<string, unknown> }>
    for (const cents of [10100, 10300]) expect(orders.find((order) => order.amount === cents)?.metadata).toMatchObject({ anonymous: 'true' })
  })

  it('an administrator hides a message with a justification: gone from the page within the second, listed as hidden, in the history; shown again on request', async () => {
    const admin = donation.adminToken
    const messages = async () => json<DonorWallMessage[]>(await donation.site.api(`/api/campaigns/${campaign.id}/donor-wall`, { token: admin }))
    const target = (await messages()).find((entry) => entry.message === 'Con cariño')
    expect(target).toMatchObject({ name: null, messageHidden: false })
    const moderate = (hidden: boolean, historical: unknown = { cause: 'Moderación', description: 'Mensaje fuera de lugar' }, donationId = target?._id ?? '') =>
      donation.site.api(`/api/campaigns/${campaign.id}/donor-wall/${donationId}`, { method: 'PUT', token: admin, json: { payload: { hidden }, historical } })

    const missing = await moderate(true, null)
    expect(missing.status).toBe(422)
    expect(await missing.text()).toContain('Campo requerido')
    const notFound = await moderate(true, { cause: 'Moderación', description: 'No existe' }, crypto.randomUUID())
    expect(notFound.status).toBe(404)
    expect(await notFound.text()).toContain('Mensaje no encontrado')

    const hidden = await moderate(true)
    expect(hidden.status).toBe(200)
    expect(await hidden.json()).toMatchObject({ message: 'Mensaje oculto del muro', messageHidden: true })
    // Hiding again records nothing more.
    expect((await moderate(true)).status).toBe(200)
    // The change went through the gateway to the service that keeps the page: both copies are dropped
    // with it, so the very next read shows it.
    const wall = (await publicPage()).donorWall
    expect(wall?.latest.find((candidate) => candidate._id === target?._id)).toMatchObject({ name: null, amount: 900, message: null })
    expect(JSON.stringify(await publicPage())).not.toContain('Con cariño')
    expect((await messages()).find((entry) => entry._id === target?._id)).toMatchObject({ message: 'Con cariño', messageHidden: true })

    const history = await eventually(async () => {
      const entries = await json<{ cause: string; description: string }[]>(await donation.site.api(`/api/historical/?module=campaign&document=${campaign.id}`, { token: admin }))
      const moderated = entries.filter((entry) => entry.description === 'Mensaje fuera de lugar')
      expect(moderated).toHaveLength(1)
      return moderated
    })
    expect(history[0]?.cause).toBe('Moderación')

    expect(await (await moderate(false, { cause: 'Moderación', description: 'Revisado, se muestra' })).json()).toMatchObject({ message: 'Mensaje visible en el muro', messageHidden: false })
    await eventually(async () => expect((await publicPage()).donorWall?.latest.find((candidate) => candidate._id === target?._id)?.message).toBe('Con cariño'))
  })

  it('shows no wall on a campaign that turned it off', async () => {
    const quiet = await createCampaign(donation, { title: 'Campaña discreta', donorWall: false })
    expect((await donate({ name: 'Fer Gil', amount: 100, campaign: quiet.id })).status).toBe(200)
    await eventually(async () => expect((await publicPage(quiet.slug)).donations).toHaveLength(1))
    expect((await publicPage(quiet.slug)).donorWall).toBeNull()
  })
})
