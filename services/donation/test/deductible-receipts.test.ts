import { afterAll, beforeAll, expect, it } from 'vitest'
import type { HistoricalEvent, ReceiptRequestRow } from '@donaciones/contracts'
import { readXlsx, readXlsxCells } from '@donaciones/xlsx'
import { expectCalendarDay, expectMexicoCityDateTime } from '../../../tests/support/xlsx-dates.ts'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { stampedCfdiXml, stampedReceiptPdf } from '../../../tests/support/cfdi.ts'
import { PAYMENT_SETTINGS_TTL_MS } from '../src/providers/payment-settings.ts'
import { cardToken, createCampaign, enableDonataria, eventually, forEachEngine, json, pointAtProviders, startDonationSite, type DonationSite } from './support.ts'

const APPROVED = '4242424242424242'
const RFC = 'PEGA800101AB8'
const receipt = { rfc: 'pega-800101-ab8', name: 'Ana  Pérez García', taxRegime: '605', postalCode: '06600', email: 'facturas.ana@correo.mx' }

forEachEngine('deductible receipts: the donor asks as they give, an administrator uploads the stamped CFDI (through the gateway)', (engine) => {
  let sim: ProviderSim
  let donation: DonationSite
  let campaign: { id: string; slug: string; title: string }

  const donate = async (body: Record<string, unknown>) => {
    const response = await donation.site.api('/api/donations/conekta', {
      method: 'POST',
      json: { token: await cardToken(sim, APPROVED), name: 'Ana Pérez', amount: 750.5, campaign: campaign.id, email: 'ana@correo.mx', phone: '5511112222', user: null, ...body },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
    return { status: response.status, text: await response.text() }
  }
  const receipts = async (status: 'pending' | 'issued') => json<ReceiptRequestRow[]>(await donation.site.api(`/api/receipts?status=${status}`, { token: donation.adminToken }))
  const upload = (donationId: string, xml: string | Buffer, pdf: Buffer = stampedReceiptPdf, token = donation.adminToken, secondXml?: string) => {
    const form = new FormData()
    form.append('xml', new Blob([new Uint8Array(Buffer.from(xml))], { type: 'application/xml' }), 'recibo.xml')
    form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'recibo.pdf')
    if (secondXml !== undefined) form.append('xml', new Blob([new Uint8Array(Buffer.from(secondXml))], { type: 'application/xml' }), 'otro.xml')
    return donation.site.api(`/api/receipts/${donationId}/stamped`, { method: 'POST', token, body: form })
  }

  beforeAll(async () => {
    sim = await startProviderSim()
    pointAtProviders(sim)
    donation = await startDonationSite(sim, engine)
    campaign = await createCampaign(donation, { title: 'Becas escolares' })
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
  })

  it("refuses a receipt request (422, Spanish) while 'Donataria autorizada' is off, and charges nothing", async () => {
    const orders = sim.conektaOrders().length
    const refused = await donate({ receipt })
    expect(refused.status).toBe(422)
    expect(JSON.parse(refused.text)).toMatchObject({ errors: [{ path: 'receipt', message: 'La institución no emite recibos deducibles' }] })
    expect(sim.conektaOrders().length).toBe(orders)
  })

  it('refuses an invalid RFC with its Spanish message, whatever else is right, and charges nothing', async () => {
    await enableDonataria(donation, sim)
    await new Promise((resolve) => setTimeout(resolve, PAYMENT_SETTINGS_TTL_MS + 100))
    const orders = sim.conektaOrders().length
    const wrongDigit = await donate({ receipt: { ...receipt, rfc: 'PEGA800101AB9' } })
    expect(wrongDigit.status).toBe(422)
    expect(JSON.parse(wrongDigit.text)).toMatchObject({ errors: [{ path: 'receipt.rfc', message: 'El dígito verificador del RFC no coincide; cópielo de la Constancia de Situación Fiscal' }] })
    const tooShort = await donate({ receipt: { ...receipt, rfc: 'PEGA8001' } })
    expect(tooShort.status).toBe(422)
    expect(tooShort.text).toContain('El RFC tiene 12 caracteres (persona moral) o 13 (persona física)')
    const moralRegime = await donate({ receipt: { ...receipt, taxRegime: '601' } })
    expect(moralRegime.status).toBe(422)
    expect(moralRegime.text).toContain('Este régimen fiscal no es de personas físicas')
    expect(sim.conektaOrders().length).toBe(orders)
  })

  it('keeps a valid request out of every public answer, in the provider order, and lists it pending with its folio', async () => {
    const given = await donate({ receipt })
    expect(given.status).toBe(200)
    const answer = JSON.parse(given.text) as { _id: string; folio?: string }
    for (const secret of [RFC, 'Pérez García', 'facturas.ana@correo.mx', '06600']) expect(given.text).not.toContain(secret)
    expect((sim.conektaOrders().at(-1) as { metadata?: Record<string, unknown> }).metadata).toMatchObject({ receiptRfc: RFC, receiptTaxRegime: '605' })

    const pending = await eventually(async () => {
      const rows = await receipts('pending')
      expect(rows).toHaveLength(1)
      return rows
    })
    expect(pending[0]).toMatchObject({
      donationId: answer._id,
      folio: answer.folio,
      amount: 750.5,
      method: 'conekta',
      campaign: { _id: campaign.id, title: 'Becas escolares' },
      rfc: RFC,
      name: 'Ana Pérez García',
      taxRegime: '605',
      postalCode: '06600',
      email: 'facturas.ana@correo.mx',
      status: 'pending',
      issuedAt: null,
    })
    for (const path of [`/api/public/campaigns/${campaign.slug}`, '/api/init', '/api/public/campaigns/']) {
      const text = await (await donation.site.api(path)).text()
      for (const secret of [RFC, 'Pérez García', 'facturas.ana@correo.mx']) expect(text, path).not.toContain(secret)
    }
  })

  it('exports the pending requests for the stamping service: one row each, with what the CFDI and its donatarias complement need', async () => {
    const response = await donation.site.api('/api/receipts/export', { token: donation.adminToken })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('spreadsheetml')
    const bytes = await response.arrayBuffer()
    const [header, ...rows] = await readXlsx(bytes)
    expect(header).toEqual([
      'Folio', 'Fecha', 'RFC del donador', 'Nombre o razón social', 'Régimen fiscal', 'Código postal', 'Correo electrónico', 'Uso CFDI',
      'Monto (MXN)', 'Método de pago', 'Campaña', 'RFC de la donataria', 'Número de autorización', 'Fecha de autorización', 'ID de donación',
    ])
    const [pending] = await receipts('pending')
    expect(rows).toEqual([[
      pending?.folio, expect.any(Date), RFC, 'Ana Pérez García', '605', '06600', 'facturas.ana@correo.mx', 'D04',
      750.5, 'Conekta', 'Becas escolares', 'FCA970701NN8', '600-04-02-2024-1234', new Date('2024-01-15T00:00:00.000Z'), pending?.donationId,
    ]])
    // Real date cells: the approval on Mexico City's clock, the authorisation's calendar day.
    const cells = await readXlsxCells(bytes)
    expectMexicoCityDateTime(cells[1]?.[1], pending?.approvedAt ?? '')
    expectCalendarDay(cells[1]?.[13], '2024-01-15')
  })

  it('refuses a stamped XML whose total or RFC does not match, one that is no XML, and a PDF that is none; the request stays pending', async () => {
    const [pending] = await receipts('pending')
    const id = pending?.donationId ?? ''
    const wrongTotal = await upload(id, stampedCfdiXml({ receiverRfc: RFC, receiverName: 'ANA PEREZ GARCIA', total: 750 }))
    expect(wrongTotal.status).toBe(422)
    expect(await wrongTotal.json()).toMatchObject({ description: 'El total del XML no coincide con el monto de la donación', errors: [{ path: 'xml' }] })
    // Off by less than half a cent is still not the amount: the Total is compared as written, never rounded.
    for (const total of ['750.504', '750.501', '750.4999']) {
      const almost = await upload(id, stampedCfdiXml({ receiverRfc: RFC, receiverName: 'ANA PEREZ GARCIA', total }))
      expect(almost.status, total).toBe(422)
      expect(await almost.json()).toMatchObject({ description: 'El total del XML no coincide con el monto de la donación', errors: [{ path: 'xml' }] })
    }
    // Two XML files in one form: which one is the receipt cannot be told, even when the first one matches.
    const matching = stampedCfdiXml({ receiverRfc: RFC, receiverName: 'ANA PEREZ GARCIA', total: '750.5' })
    const twoXml = await upload(id, matching, stampedReceiptPdf, donation.adminToken, stampedCfdiXml({ receiverRfc: RFC, receiverName: 'ANA PEREZ GARCIA', total: 1 }))
    expect(twoXml.status).toBe(422)
    expect(await twoXml.json()).toMatchObject({ description: 'Envíe un solo archivo en este campo', errors: [{ path: 'xml', message: 'Envíe un solo archivo en este campo' }] })
    const wrongRfc = await upload(id, stampedCfdiXml({ receiverRfc: 'LOMA850615H13', receiverName: 'ANA PEREZ GARCIA', total: 750.5 }))
    expect(wrongRfc.status).toBe(422)
    expect(((await wrongRfc.json()) as { description: string }).description).toBe('El RFC del XML no coincide con el de la solicitud')
    const broken = await upload(id, '<cfdi:Comprobante Total="750.50"><cfdi:Receptor Rfc="x"></cfdi:Comprobante>')
    expect(broken.status).toBe(422)
    expect(((await broken.json()) as { description: string }).description).toBe('El archivo XML no se puede leer')
    const notCfdi = await upload(id, '<?xml version="1.0"?><factura total="750.50"/>')
    expect(((await notCfdi.json()) as { description: string }).description).toBe('El XML no es un CFDI (falta cfdi:Comprobante)')
    const notPdf = await upload(id, stampedCfdiXml({ receiverRfc: RFC, receiverName: 'ANA PEREZ GARCIA', total: 750.5 }), Buffer.from('no soy un pdf'))
    expect(notPdf.status).toBe(422)
    expect(await notPdf.json()).toMatchObject({ errors: [{ path: 'pdf', message: 'El archivo no es un PDF' }] })
    const missing = await donation.site.api(`/api/receipts/${id}/stamped`, { method: 'POST', token: donation.adminToken, body: new FormData() })
    expect(missing.status).toBe(422)
    expect(await missing.text()).toContain('Campo requerido')
    expect(await receipts('issued')).toEqual([])
    expect((await receipts('pending'))[0]?.status).toBe('pending')
  })

  it('takes the matching stamped XML and PDF: mailed to the receipt e-mail with both files, issued, in the history; a second upload is 409', async () => {
    const [pending] = await receipts('pending')
    const id = pending?.donationId ?? ''
    // '750.5' is the amount to the cent as written.
    const xml = stampedCfdiXml({ receiverRfc: RFC, receiverName: 'ANA PEREZ GARCIA', total: '750.5' })
    const issued = await upload(id, xml)
    expect(issued.status, await issued.clone().text()).toBe(200)
    expect(await issued.json()).toMatchObject({ donationId: id, status: 'issued', uuid: '6F1A2B3C-4D5E-4F60-8172-93A4B5C6D7E8' })

    const mail = await donation.site.mail.waitFor('facturas.ana@correo.mx')
    expect(mail.text).toContain(`con el folio ${pending?.folio}`)
    expect(mail.attachments.map((file) => [file.filename, file.contentType.split(';')[0]])).toEqual([
      [`recibo-${pending?.folio}.xml`, 'application/xml'],
      [`recibo-${pending?.folio}.pdf`, 'application/pdf'],
    ])
    expect(mail.attachments[0]?.content.toString('utf8')).toBe(xml)
    expect(mail.attachments[1]?.content.equals(stampedReceiptPdf)).toBe(true)

    expect(await receipts('pending')).toEqual([])
    expect((await receipts('issued')).map((row) => [row.donationId, row.status])).toEqual([[id, 'issued']])

    const again = await upload(id, xml)
    expect(again.status).toBe(409)
    expect(((await again.json()) as { message: string }).message).toBe('Recibo ya emitido')

    const history = await eventually(async () => {
      const entries = await json<HistoricalEvent[]>(await donation.site.api(`/api/historical/?module=donation&document=${id}`, { token: donation.adminToken }))
      expect(entries).toHaveLength(1)
      return entries
    })
    expect(history[0]).toMatchObject({ cause: 'Recibo emitido' })
  })

  it('gives every paid month of a monthly donation with a receipt request a pending receipt of its own', async () => {
    const response = await donation.site.api('/api/donations/monthly', {
      method: 'POST',
      json: { token: await cardToken(sim, APPROVED), name: 'Ana Pérez', amount: 300, campaign: campaign.id, email: 'ana.mensual@correo.mx', phone: '5511112222', user: null, receipt: { ...receipt, email: 'mensual.facturas@correo.mx' } },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
    expect(response.status).toBe(200)
    const subscription = sim.conektaSubscriptions().at(-1)
    if (!subscription) throw new Error('Sin suscripción')
    await sim.advanceSubscription(subscription.id)
    const months = await eventually(async () => {
      const pending = (await receipts('pending')).filter((row) => row.email === 'mensual.facturas@correo.mx')
      expect(pending).toHaveLength(2)
      return pending
    })
    expect(months.map((row) => row.amount)).toEqual([300, 300])
    expect(new Set(months.map((row) => row.folio)).size).toBe(2)
  })

  it('keeps the request of a cash voucher until it is paid, then lists it pending', async () => {
    const response = await donation.site.api('/api/donations/oxxopay/request', {
      method: 'POST',
      json: { name: 'Ana', lastName: 'Pérez', email: 'ana.oxxo@correo.mx', phone: '5511112222', campaign: campaign.id, amount: 410, user: null, receipt: { ...receipt, email: 'oxxo.facturas@correo.mx' } },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
    expect(response.status).toBe(200)
    const ofVoucher = async () => (await receipts('pending')).filter((row) => row.email === 'oxxo.facturas@correo.mx')
    expect(await ofVoucher()).toHaveLength(0)
    const order = sim.conektaOrders().at(-1) as { id: string }
    await sim.payOxxo(order.id)
    const [pending] = await eventually(async () => {
      const rows = await ofVoucher()
      expect(rows).toHaveLength(1)
      return rows
    })
    expect(pending).toMatchObject({ amount: 410, method: 'oxxo', rfc: RFC })
  })

  it('answers 404 for a donation without an approved receipt request', async () => {
    const plain = JSON.parse((await donate({})).text) as { _id: string }
    const response = await upload(plain._id, stampedCfdiXml({ receiverRfc: RFC, receiverName: 'X', total: 750.5 }))
    expect(response.status).toBe(404)
    expect(((await response.json()) as { message: string }).message).toBe('Solicitud no encontrada')
  })
})
