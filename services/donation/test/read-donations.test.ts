import { afterAll, beforeAll, expect, it } from 'vitest'
import { cashVoucherIssued } from '@donaciones/contracts'
import { newEvent } from '@donaciones/kit'
import { readXlsx, readXlsxCells } from '@donaciones/xlsx'
import { expectMexicoCityDateTime } from '../../../tests/support/xlsx-dates.ts'
import { detailsEvent, failedEvent, recordPaidOrder, startDonation, type DonationCommandContext, type RequestedData } from '../src/commands/donation-commands.ts'
import { forEachEngine, createCampaign, eventually, pointAtProviders, restrictedTokens, secretsOf, startDonationSite, type DonationSite } from './support.ts'

interface ListBody {
  docs: Array<Record<string, unknown> & { _id: string; type: string; approved: boolean; amount: number }>
  totalDocs: number
  page: number
  limit: number
  total: number
  donors: number
}

const readEndpoints = (ids: { card: string; paypal: string }) => [
  '/api/donations/',
  `/api/donations/${ids.card}`,
  `/api/donations/paypal/${ids.paypal}`,
  '/api/donations/paypal?page=1',
  '/api/donations/conekta/card?type=all',
  '/api/donations/conekta/oxxo?page=1',
  '/api/donations/paypal/counters/info',
  '/api/donations/conekta/card/counters/info',
  '/api/donations/conekta/oxxo/counters/info',
  '/api/donations/paypal/graph',
  '/api/donations/conekta/card/graph',
  '/api/donations/conekta/oxxo/graph',
]

forEachEngine('reading donations (lists, summaries, charts, export, permissions)', (engine) => {
  let donation: DonationSite
  let tokens: Awaited<ReturnType<typeof restrictedTokens>>
  const ids = { card: '', failed: '', oxxoPending: '', oxxoPaid: '', paypal: '' }
  let first: { id: string; slug: string; title: string }
  let second: { id: string; slug: string; title: string }
  const bodies: string[] = []

  const get = async (path: string, token?: string) => {
    const response = await donation.site.api(path, token ? { token } : {})
    const text = await response.text()
    bodies.push(text)
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown }
  }

  beforeAll(async () => {
    pointAtProviders(undefined)
    donation = await startDonationSite(undefined, engine)
    first = await createCampaign(donation, { title: 'Agua limpia' })
    second = await createCampaign(donation, { title: 'Útiles escolares' })
    tokens = await restrictedTokens(donation)
    const { store, mail } = donation.site.platform.runtimes.donation.context
    const command: DonationCommandContext = { store, mail, correlationId: 'prueba', actor: null }
    const requested = (id: string, type: 'conekta' | 'oxxo' | 'paypal', campaignId: string, amount: number, donor: { name: string; email: string }): RequestedData => ({
      donationId: id,
      campaignId,
      amount,
      currency: 'MXN',
      type,
      donor,
      userId: null,
      providerOrderId: `ord_${id.slice(0, 8)}`,
      requestedAt: new Date().toISOString(),
      phone: '5512345678',
    })
    ids.card = crypto.randomUUID()
    ids.failed = crypto.randomUUID()
    ids.oxxoPending = crypto.randomUUID()
    ids.oxxoPaid = crypto.randomUUID()
    ids.paypal = crypto.randomUUID()
    const ana = { name: 'Ana López', email: 'ana@correo.mx' }
    await recordPaidOrder(command, requested(ids.card, 'conekta', first.id, 150, ana), {
      fee: 7.5,
      details: { providerOrderId: `ord_${ids.card.slice(0, 8)}`, conekta: { customer_info: { ...ana, phone: '5512345678' }, payment_method: { type: 'card', last4: '4242', brand: 'visa' } } },
    })
    const failed = requested(ids.failed, 'conekta', first.id, 200, { name: 'Beto Ruiz', email: 'beto@correo.mx' })
    await startDonation(command, failed, [failedEvent(failed, { message: 'Esta tarjeta fue declinada.' })])
    const pending = requested(ids.oxxoPending, 'oxxo', second.id, 300, { name: 'Carla Gómez', email: 'carla@correo.mx' })
    await startDonation(command, pending, [
      newEvent(cashVoucherIssued, { donationId: ids.oxxoPending, campaignId: second.id, providerOrderId: pending.providerOrderId ?? '', reference: '123456', barcodeUrl: 'https://example.com/b.png', expiresAt: new Date(Date.now() + 86_400_000).toISOString() }),
      detailsEvent(ids.oxxoPending, { providerOrderId: pending.providerOrderId ?? '', conekta: { customer_info: { name: 'Carla Gómez', email: 'carla@correo.mx', phone: '5512345678' } } }),
    ])
    await recordPaidOrder(command, requested(ids.oxxoPaid, 'oxxo', second.id, 400, { name: 'Ana López', email: 'ANA@correo.mx' }), { fee: 18.1 })
    await recordPaidOrder(command, requested(ids.paypal, 'paypal', first.id, 250, { name: 'Dora Paz', email: 'dora@correo.mx' }), {
      fee: 12.3,
      details: { providerOrderId: 'PAYPAL1', paypal: { data: { orderID: 'PAYPAL1' }, details: { id: 'PAYPAL1', status: 'COMPLETED', purchase_units: [{ amount: { currency_code: 'MXN', value: '250.00' }, payee: { email_address: 'fundacion@example.com' } }] } } },
    })
  }, 180_000)
  afterAll(() => donation.site.stop())

  it('lists every donation with the summary of approved ones', async () => {
    const { status, body } = await get('/api/donations/', donation.adminToken)
    expect(status).toBe(200)
    const list = body as ListBody
    // Ana gave twice (the e-mail matches whatever its case): two donors.
    expect(list).toMatchObject({ totalDocs: 5, page: 1, limit: 10, total: 800, donors: 2 })
    expect(list.docs.map((doc) => doc._id).sort()).toEqual(Object.values(ids).sort())
  })

  it('answers one donation with every field of the spec, campaign title and thumbnail included', async () => {
    const doc = await eventually(async () => {
      const { body } = await get(`/api/donations/${ids.card}`, donation.adminToken)
      expect((body as { campaign: { title: string } }).campaign.title).toBe('Agua limpia')
      return body as Record<string, unknown>
    })
    expect(doc).toMatchObject({
      _id: ids.card,
      amount: 150,
      currency: 'MXN',
      fee: 7.5,
      type: 'conekta',
      approved: true,
      createdBy: null,
      campaign: { _id: first.id, title: 'Agua limpia', thumbnail: { path: expect.stringMatching(/^\/api\/files\//) } },
      conekta: { orderId: `ord_${ids.card.slice(0, 8)}`, customer_info: { name: 'Ana López', email: 'ana@correo.mx', phone: '5512345678' } },
    })
    expect(doc.localDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(doc.createdAt).toEqual(expect.any(String))
    const failed = (await get(`/api/donations/${ids.failed}`, donation.adminToken)).body
    expect(failed).toMatchObject({ type: 'failed', approved: false, error: { message: 'Esta tarjeta fue declinada.' } })
    expect((await get('/api/donations/no-existe', donation.adminToken)).status).toBe(404)
  })

  it('lists each channel with its own summary and type filter', async () => {
    const card = (await get('/api/donations/conekta/card', donation.adminToken)).body as ListBody
    expect(card).toMatchObject({ totalDocs: 2, total: 150, donors: 1 })
    const failedOnly = (await get('/api/donations/conekta/card?type=failed', donation.adminToken)).body as ListBody
    expect(failedOnly.docs.map((doc) => doc._id)).toEqual([ids.failed])
    const oxxo = (await get('/api/donations/conekta/oxxo?type=all', donation.adminToken)).body as ListBody
    expect(oxxo).toMatchObject({ totalDocs: 2, total: 400, donors: 1 })
    expect(oxxo.docs.find((doc) => doc._id === ids.oxxoPending)).toMatchObject({ approved: false, type: 'oxxo', status: 'pending' })
    const paypal = (await get('/api/donations/paypal?page=1', donation.adminToken)).body as ListBody
    expect(paypal).toMatchObject({ totalDocs: 1, total: 250, donors: 1 })
  })

  it('filters by campaign, name, e-mail, amount, search and dates, and pages', async () => {
    const ofList = async (query: string) => ((await get(`/api/donations/?${query}`, donation.adminToken)).body as ListBody).docs.map((doc) => doc._id).sort()
    expect(await ofList(`campaign=${second.id}`)).toEqual([ids.oxxoPending, ids.oxxoPaid].sort())
    expect(await ofList('name=ana')).toEqual([ids.card, ids.oxxoPaid].sort())
    expect(await ofList('email=dora')).toEqual([ids.paypal])
    expect(await ofList('amount=300')).toEqual([ids.oxxoPending])
    await eventually(async () => expect(await ofList('search=escolares')).toEqual([ids.oxxoPending, ids.oxxoPaid].sort()))
    // Case and accents do not matter, in the search and in the name filter.
    expect(await ofList('search=utiles')).toEqual([ids.oxxoPending, ids.oxxoPaid].sort())
    expect(await ofList(`search=${encodeURIComponent('ÚTILES')}`)).toEqual([ids.oxxoPending, ids.oxxoPaid].sort())
    expect(await ofList('search=gomez')).toEqual([ids.oxxoPending])
    expect(await ofList('name=LOPEZ')).toEqual([ids.card, ids.oxxoPaid].sort())
    expect(await ofList(`name=${encodeURIComponent('lópez')}`)).toEqual([ids.card, ids.oxxoPaid].sort())
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date())
    expect(await ofList(`startDate=${today}&endDate=${today}`)).toHaveLength(5)
    expect(await ofList('endDate=2020-01-01')).toEqual([])
    const page2 = (await get('/api/donations/?page=2', donation.adminToken)).body as ListBody
    expect(page2).toMatchObject({ page: 2, totalDocs: 5, docs: [] })
    expect((await get('/api/donations/?page=0', donation.adminToken)).status).toBe(422)
  })

  it('answers counters and the approved-per-day chart of each channel', async () => {
    expect((await get('/api/donations/paypal/counters/info', donation.adminToken)).body).toEqual({ total: 250, donors: 1 })
    expect((await get('/api/donations/conekta/card/counters/info', donation.adminToken)).body).toEqual({ total: 150, donors: 1 })
    expect((await get('/api/donations/conekta/oxxo/counters/info', donation.adminToken)).body).toEqual({ total: 400, donors: 1 })
    const graph = (await get('/api/donations/conekta/oxxo/graph', donation.adminToken)).body as Array<{ date: string; total: number; count: number }>
    expect(graph).toHaveLength(1)
    expect(graph[0]).toMatchObject({ total: 400, count: 1 })
  })

  it("sums in the summary boxes only the approved donations the list's filters select (type, search and the others)", async () => {
    const summary = async (path: string) => (await get(path, donation.adminToken)).body
    const hub = (query: string) => summary(`/api/donations/counters/info?${query}`)
    await eventually(async () => expect(await hub('search=escolares')).toEqual({ total: 400, donors: 1 }))
    expect(await hub('')).toEqual({ total: 800, donors: 2 })
    expect(await hub('type=all')).toEqual({ total: 800, donors: 2 })
    expect(await hub('type=oxxo')).toEqual({ total: 400, donors: 1 })
    expect(await hub('type=conekta')).toEqual({ total: 150, donors: 1 })
    expect(await hub('type=paypal')).toEqual({ total: 250, donors: 1 })
    // A failed donation was never charged: the failed ones sum nothing.
    expect(await hub('type=failed')).toEqual({ total: 0, donors: 0 })
    expect(await hub('type=oxxo&search=agua')).toEqual({ total: 0, donors: 0 })
    expect(await hub(`campaign=${first.id}`)).toEqual({ total: 400, donors: 2 })
    expect(await hub('name=dora')).toEqual({ total: 250, donors: 1 })
    expect(await hub('email=ana')).toEqual({ total: 550, donors: 1 })
    expect(await hub('amount=150')).toEqual({ total: 150, donors: 1 })
    expect(await hub('endDate=2020-01-01')).toEqual({ total: 0, donors: 0 })
    // A channel's boxes follow its list's filters the same way.
    expect(await summary('/api/donations/conekta/card/counters/info?type=failed')).toEqual({ total: 0, donors: 0 })
    expect(await summary('/api/donations/conekta/oxxo/counters/info?search=carla')).toEqual({ total: 0, donors: 0 })
    expect(await summary('/api/donations/conekta/oxxo/counters/info?search=ana')).toEqual({ total: 400, donors: 1 })
    // The list answers the same totals for the same filters.
    expect((await get('/api/donations/?type=oxxo', donation.adminToken)).body).toMatchObject({ totalDocs: 2, total: 400, donors: 1 })
    expect((await get('/api/donations/?type=failed', donation.adminToken)).body).toMatchObject({ totalDocs: 1, total: 0, donors: 0 })
    const refused = await get('/api/donations/counters/info?type=cheque', donation.adminToken)
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ message: 'Datos inválidos', errors: [{ path: 'type' }] })
  })

  it('answers the PayPal detail only for PayPal donations', async () => {
    const { status, body } = await get(`/api/donations/paypal/${ids.paypal}`, donation.adminToken)
    expect(status).toBe(200)
    expect(body).toMatchObject({ type: 'paypal', fee: 12.3, paypal: { data: { orderID: 'PAYPAL1' }, details: { status: 'COMPLETED' } } })
    expect((await get(`/api/donations/paypal/${ids.card}`, donation.adminToken)).status).toBe(404)
  })

  it('exports the selection, or everything, as a real spreadsheet with Spanish headers', async () => {
    const response = await donation.site.api('/api/donations/export', { method: 'POST', token: tokens.reader, json: { selection: [ids.card, ids.failed] } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('spreadsheetml')
    const bytes = Buffer.from(await response.arrayBuffer())
    const rows = await readXlsx(bytes)
    expect(rows[0]).toEqual(['Fecha', 'Método', 'Estado', 'Campaña', 'Nombre', 'Correo electrónico', 'Teléfono', 'Monto (MXN)', 'Comisión (MXN)', 'Problema'])
    expect(rows).toHaveLength(3)
    // 'Fecha' is a real date-time cell: when the donation was made, on Mexico City's clock.
    const cells = await readXlsxCells(bytes)
    for (const id of [ids.card, ids.failed]) {
      const { createdAt } = (await get(`/api/donations/${id}`, donation.adminToken)).body as { createdAt: string }
      const row = cells.find((candidate) => candidate[4]?.value === (id === ids.card ? 'Ana López' : 'Beto Ruiz'))
      expectMexicoCityDateTime(row?.[0], createdAt)
    }
    expect(rows.some((row) => row.includes('Fallida') && row.includes('Esta tarjeta fue declinada.'))).toBe(true)
    const all = await donation.site.api('/api/donations/export', { method: 'POST', token: donation.adminToken, json: { selection: [] } })
    expect(await readXlsx(Buffer.from(await all.arrayBuffer()))).toHaveLength(6)
    expect((await donation.site.api('/api/donations/export', { method: 'POST', token: tokens.otherModule, json: { selection: [] } })).status).toBe(403)
    expect((await donation.site.api('/api/donations/export', { method: 'POST', json: { selection: [] } })).status).toBe(401)
  })

  it('lets only role 0 and role 1 with donation read permission read, not campaign readers (401/403 otherwise)', async () => {
    for (const path of readEndpoints(ids)) {
      expect({ path, status: (await get(path)).status }).toEqual({ path, status: 401 })
      expect({ path, status: (await get(path, tokens.user)).status }).toEqual({ path, status: 403 })
      expect({ path, status: (await get(path, tokens.otherModule)).status }).toEqual({ path, status: 403 })
      expect({ path, status: (await get(path, tokens.reader)).status }).toEqual({ path, status: 200 })
      expect({ path, status: (await get(path, donation.adminToken)).status }).toEqual({ path, status: 200 })
    }
  })

  it('feeds campaign totals and the counters with approved donations only', async () => {
    await eventually(async () => {
      const campaign = (await get(`/api/public/campaigns/${first.slug}`)).body as { donations: Array<{ amount: number }> }
      expect(campaign.donations.map((entry) => entry.amount).sort()).toEqual([150, 250])
    })
    await eventually(async () => {
      const campaign = (await get(`/api/public/campaigns/${second.slug}`)).body as { donations: Array<{ amount: number }> }
      expect(campaign.donations.map((entry) => entry.amount)).toEqual([400])
    })
    await eventually(async () => expect((await get('/api/counters/donations')).body).toEqual({ total: 3 }))
  })

  it('never answers a provider secret (and the internal payments settings are not reachable through the gateway)', async () => {
    const internal = await donation.site.api('/internal/configuration/payments', { token: donation.adminToken })
    // The gateway never routes /internal: the path falls through to the front end.
    expect(internal.headers.get('content-type')).toContain('text/html')
    expect(await internal.text()).not.toContain('key_conekta_privada_987')
    const everything = bodies.join('\n')
    expect(everything.length).toBeGreaterThan(1000)
    for (const secret of secretsOf(undefined)) expect(everything).not.toContain(secret)
  })
})
