import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import ExcelJS from 'exceljs'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { keyScreen, openPage, type OpenPageOptions } from './support/pages.ts'
import { createCampaignThroughApi, signInWithToken } from './journeys/campaign.ts'

const APPROVED_CARD = '4242424242424242'
const DECLINED_CARD = '4000000000000002'
const CAMPAIGN_TITLE = 'Útiles para todos'

const money = (amount: number) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(amount)

interface ServerDonation {
  _id: string
  type: string
  approved: boolean
  amount: number
  status?: string
  error?: { message: string }
  conekta?: { orderId?: string; customer_info: { name: string; email: string; phone: string } }
  paypal?: {
    details: {
      status?: string
      payer?: { name?: { given_name?: string; surname?: string } }
      purchase_units?: Array<{ payee?: { email_address?: string }; payments?: { captures?: Array<{ seller_receivable_breakdown?: { paypal_fee?: { value: string } } }> } }>
    }
  }
}
interface Summary { total: number; donors: number }

/** Donation screens of the dashboard (spec §2.5 'Donation lists') against the payment simulator. */
describe('Panel: donaciones', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string
  let campaignId: string
  const ids: Record<'ana' | 'beto' | 'carla' | 'diego' | 'eva', string> = { ana: '', beto: '', carla: '', diego: '', eva: '' }
  let declineMessage = ''

  const read = async <T,>(path: string): Promise<T> => {
    const response = await site.api(path, { token: adminToken })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }

  const cardToken = async (number: string): Promise<string> => {
    const response = await fetch(`${site.sim.conekta.baseUrl}/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.sim.conekta.publicKey}`, accept: 'application/vnd.conekta-v2.2.0+json', 'content-type': 'application/json' },
      body: JSON.stringify({ card: { number, name: 'Titular', exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 2), cvc: '123' } }),
    })
    if (!response.ok) throw new Error(`Token no creado: ${response.status}`)
    return ((await response.json()) as { id: string }).id
  }

  const donateByCard = async (number: string, name: string, email: string, amount: number) => {
    const response = await site.api('/api/donations/conekta', {
      method: 'POST',
      json: { token: await cardToken(number), name, amount, campaign: campaignId, email, phone: '5511112222', user: null },
    })
    return { status: response.status, body: (await response.json()) as ServerDonation & { message?: string } }
  }

  const eventually = async <T,>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> => {
    const started = Date.now()
    for (;;) {
      try {
        return await check()
      } catch (error) {
        if (Date.now() - started > timeoutMs) throw error
        await new Promise((resolve) => setTimeout(resolve, 150))
      }
    }
  }

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    adminToken = await site.configure()
    campaignId = (await createCampaignThroughApi(site, adminToken))._id

    // Card: two approved (100 and 250) and one declined.
    const ana = await donateByCard(APPROVED_CARD, 'Ana Tarjeta', 'ana@correo.mx', 100)
    const beto = await donateByCard(APPROVED_CARD, 'Beto Tarjeta', 'beto@correo.mx', 250)
    const carla = await donateByCard(DECLINED_CARD, 'Carla Rechazo', 'carla@correo.mx', 150)
    expect([ana.status, beto.status, carla.status]).toEqual([200, 200, 402])
    ids.ana = ana.body._id
    ids.beto = beto.body._id
    const failed = await read<{ docs: ServerDonation[] }>('/api/donations/conekta/card?type=failed')
    expect(failed.docs).toHaveLength(1)
    ids.carla = failed.docs[0]?._id ?? ''
    // 'Problema' shows the provider's own reason, kept with the failed donation (the donor reads our sentence).
    declineMessage = failed.docs[0]?.error?.message ?? ''
    expect(declineMessage).not.toBe('')

    // OXXO: a voucher paid through the simulator.
    const voucher = await site.api('/api/donations/oxxopay/request', {
      method: 'POST',
      json: { name: 'Diego', lastName: 'Efectivo', email: 'diego@correo.mx', phone: '5533334444', campaign: campaignId, amount: 300, user: null },
    })
    expect(voucher.status).toBe(200)
    ids.diego = ((await voucher.json()) as { _id: string })._id
    const pending = await read<ServerDonation>(`/api/donations/${ids.diego}`)
    await site.sim.payOxxo(pending.conekta?.orderId ?? '')
    await eventually(async () => expect((await read<ServerDonation>(`/api/donations/${ids.diego}`)).approved).toBe(true))

    // PayPal: order, buyer approval in the simulator, capture.
    const order = await site.api('/api/donations/paypal/order', { method: 'POST', json: { campaign: campaignId, amount: 500, user: null } })
    expect(order.status).toBe(200)
    const { orderID } = (await order.json()) as { orderID: string }
    await site.sim.approvePaypal(orderID, { name: 'Eva Torres', email: 'eva@correo.mx' })
    const captured = await site.api('/api/donations/paypal', { method: 'POST', json: { campaign: campaignId, orderID, user: null } })
    expect(captured.status).toBe(200)
    ids.eva = ((await captured.json()) as { _id: string })._id
  })

  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  const open = async (label: string, path: string, options: OpenPageOptions = {}) => {
    const { page, consoleErrors } = await openPage(browser, label, options)
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}${path}`)
    return { page, consoleErrors }
  }

  const box = (page: Page, label: string) =>
    page.getByRole('list', { name: 'Resumen de donaciones aprobadas' }).getByRole('listitem').filter({ hasText: label })

  const expectBoxes = async (page: Page, summary: Summary) => {
    await box(page, 'Total').getByText(money(summary.total), { exact: true }).waitFor()
    await box(page, 'Numero de donadores').getByText(String(summary.donors), { exact: true }).waitFor()
  }

  const table = (page: Page, name = 'Lista') => page.getByRole('table', { name })
  const dataRows = (page: Page, name = 'Lista') => table(page, name).locator('tbody tr.donation-table__row')

  it('lista de tarjeta: totales del servidor, filas, búsqueda y detalle de una donación fallida', async () => {
    const summary = await read<Summary>('/api/donations/conekta/card/counters/info')
    expect(summary).toEqual({ total: 350, donors: 2 })

    const { page, consoleErrors } = await open('donaciones-tarjeta', '/dashboard/donation/card/list')
    await page.getByRole('heading', { level: 1, name: 'Donaciones con tarjeta' }).waitFor()
    await expectBoxes(page, summary)
    await table(page).getByText('Beto Tarjeta').waitFor()
    expect(await dataRows(page).count()).toBe(3)
    const failedRow = dataRows(page).filter({ hasText: 'Carla Rechazo' })
    await failedRow.getByText('Fallida', { exact: true }).first().waitFor()
    await dataRows(page).filter({ hasText: 'Ana Tarjeta' }).getByText('Conekta', { exact: true }).waitFor()
    await dataRows(page).filter({ hasText: 'Ana Tarjeta' }).getByText(money(100)).waitFor()
    await page.getByText(/^Página 1 de 1/).waitFor()
    await keyScreen(page, 'donaciones-tarjeta')

    // The search reloads from the server and narrows the list.
    const searched = page.waitForResponse((response) => response.url().includes('/api/donations/conekta/card?') && response.url().includes('search=beto'))
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('beto')
    await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter')
    await searched
    await page.waitForFunction(() => document.querySelectorAll('tbody tr.donation-table__row').length === 1)
    await dataRows(page).filter({ hasText: 'Beto Tarjeta' }).waitFor()
    expect(await dataRows(page).count()).toBe(1)
    const serverSearch = await read<{ docs: ServerDonation[] }>('/api/donations/conekta/card?search=beto')
    expect(serverSearch.docs.map((doc) => doc._id)).toEqual([ids.beto])
    // The boxes follow the search: Beto's approved donation only.
    await expectBoxes(page, { total: 250, donors: 1 })

    // Nothing matches: empty state.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('nadie-coincide')
    await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter')
    await table(page).getByText('Sin datos disponibles').waitFor()
    await expectBoxes(page, { total: 0, donors: 0 })

    // Back to everything, then the failed one opens its detail with 'Problema'.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('')
    await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter')
    await dataRows(page).filter({ hasText: 'Carla Rechazo' }).click()
    await page.waitForURL(`**/dashboard/donation/card/view/${ids.carla}`)
    await page.getByRole('heading', { level: 1, name: 'Donación - Información del registro' }).waitFor()
    await page.getByRole('heading', { name: 'Problema' }).waitFor()
    await page.getByText(declineMessage).waitFor()
    await page.getByText('carla@correo.mx').waitFor()
    expect(consoleErrors).toEqual([])
  })

  it('detalle de una donación con tarjeta: se abre con Enter y muestra los datos del donador', async () => {
    const server = await read<ServerDonation>(`/api/donations/${ids.ana}`)
    expect(server.conekta?.customer_info).toMatchObject({ name: 'Ana Tarjeta', email: 'ana@correo.mx', phone: '5511112222' })
    const { page } = await open('donacion-tarjeta-detalle', '/dashboard/donation/card/list')
    const row = dataRows(page).filter({ hasText: 'Ana Tarjeta' })
    await row.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/dashboard/donation/card/view/${ids.ana}`)
    const fields = page.getByRole('region', { name: 'Información de la donación' })
    await fields.getByText('Ana Tarjeta', { exact: true }).waitFor()
    await fields.getByText('ana@correo.mx', { exact: true }).waitFor()
    await fields.getByText('5511112222', { exact: true }).waitFor()
    await fields.getByText(`${money(100)} MXN`, { exact: true }).waitFor()
    await fields.getByText(CAMPAIGN_TITLE, { exact: true }).waitFor()
    await fields.getByText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM|a\. ?m\.|p\. ?m\.)$/i).waitFor()
    expect(await page.getByRole('heading', { name: 'Problema' }).count()).toBe(0)
  })

  it('descarga la selección y todo el canal como hoja de cálculo', async () => {
    const { page } = await open('donaciones-descarga', '/dashboard/donation/card/list')
    const sheetNames = async (button: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()])
      expect(download.suggestedFilename()).toBe('donaciones.xlsx')
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.readFile((await download.path()) ?? '')
      const sheet = workbook.worksheets[0]
      const names: string[] = []
      sheet?.eachRow((row, index) => {
        if (index > 1) names.push(String(row.getCell(5).value))
      })
      return names.sort()
    }
    await page.getByRole('button', { name: 'Descargar todo' }).waitFor()
    await page.getByRole('checkbox', { name: 'Seleccionar donación de Beto Tarjeta' }).check()
    expect(page.url()).toContain('/dashboard/donation/card/list')
    expect(await sheetNames('Descargar selección')).toEqual(['Beto Tarjeta'])
    await page.getByRole('checkbox', { name: 'Seleccionar donación de Beto Tarjeta' }).uncheck()
    expect(await sheetNames('Descargar todo')).toEqual(['Ana Tarjeta', 'Beto Tarjeta', 'Carla Rechazo'])
  })

  it('lista de OXXO Pay y su detalle', async () => {
    const summary = await read<Summary>('/api/donations/conekta/oxxo/counters/info')
    expect(summary).toEqual({ total: 300, donors: 1 })
    const { page } = await open('donaciones-oxxo', '/dashboard/donation/oxxo/list')
    await page.getByRole('heading', { level: 1, name: 'Donaciones con OXXO Pay' }).waitFor()
    await expectBoxes(page, summary)
    const row = dataRows(page).filter({ hasText: 'Diego Efectivo' })
    await row.getByText('OXXO Pay', { exact: true }).waitFor()
    expect(await dataRows(page).count()).toBe(1)
    await row.click()
    await page.waitForURL(`**/dashboard/donation/oxxo/view/${ids.diego}`)
    const fields = page.getByRole('region', { name: 'Información de la donación' })
    await fields.getByText('diego@correo.mx', { exact: true }).waitFor()
    await fields.getByText('5533334444', { exact: true }).waitFor()
    await fields.getByText(`${money(300)} MXN`, { exact: true }).waitFor()
    await fields.getByText('Aprobada', { exact: true }).waitFor()
  })

  it('lista de PayPal y el detalle de la cartera', async () => {
    const summary = await read<Summary>('/api/donations/paypal/counters/info')
    expect(summary).toEqual({ total: 500, donors: 1 })
    const server = await read<ServerDonation>(`/api/donations/paypal/${ids.eva}`)
    const fee = server.paypal?.details.purchase_units?.[0]?.payments?.captures?.[0]?.seller_receivable_breakdown?.paypal_fee?.value
    const payee = server.paypal?.details.purchase_units?.[0]?.payee?.email_address
    expect(fee).toBeTruthy()
    expect(payee).toBeTruthy()

    const { page } = await open('donaciones-paypal', '/dashboard/donation/paypal/list', { expectedConsoleErrors: [/status of 404 .*\/api\/donations\/paypal\//] })
    await page.getByRole('heading', { level: 1, name: 'Donaciones con PayPal' }).waitFor()
    await expectBoxes(page, summary)
    await dataRows(page).filter({ hasText: 'Eva Torres' }).getByText('PayPal', { exact: true }).waitFor()
    await dataRows(page).filter({ hasText: 'Eva Torres' }).click()
    await page.waitForURL(`**/dashboard/donation/paypal/view/${ids.eva}`)
    const wallet = page.getByRole('region', { name: 'Detalle de PayPal' })
    await wallet.getByText('COMPLETED', { exact: true }).first().waitFor()
    await wallet.getByText('Eva Torres', { exact: true }).waitFor()
    await wallet.getByText(payee ?? 'sin beneficiario', { exact: true }).first().waitFor()
    await wallet.getByText('500.00', { exact: true }).waitFor()
    await wallet.getByText('MXN', { exact: true }).waitFor()
    await wallet.getByRole('table', { name: 'Cobros' }).getByText(`${money(Number(fee))} MXN`, { exact: true }).waitFor()
    await keyScreen(page, 'donacion-paypal-detalle')

    // A card donation is not a wallet donation: typed by hand, its address shows the Spanish not-found state.
    await page.goto(`${site.url}/dashboard/donation/paypal/view/${ids.ana}`)
    await page.getByRole('heading', { name: 'Donación no encontrada' }).waitFor()
    expect((await site.api(`/api/donations/paypal/${ids.ana}`, { token: adminToken })).status).toBe(404)
  })

  it('centro de donaciones: enlaces, histórico con puntos y filtro por tipo', async () => {
    const graph = await read<Array<{ date: string; total: number }>>('/api/donations/graph')
    expect(graph.reduce((sum, point) => sum + point.total, 0)).toBe(100 + 250 + 300 + 500)
    const all = await read<Summary>('/api/donations/counters/info')
    expect(all).toEqual({ total: 1150, donors: 4 })

    const { page } = await open('donaciones-centro', '/dashboard/donation/list')
    await page.getByRole('heading', { level: 1, name: 'Donaciones' }).waitFor()
    for (const name of ['Donaciones con PayPal', 'Donaciones con tarjeta', 'Donaciones con OXXO Pay']) {
      await page.getByRole('link', { name, exact: true }).waitFor()
    }
    await expectBoxes(page, all)
    await page.getByRole('heading', { name: 'Histórico de Donaciones' }).waitFor()
    const points = page.getByRole('table', { name: 'Datos del histórico de donaciones' })
    await points.waitFor({ state: 'attached' })
    expect(await points.locator('tbody tr').count()).toBe(graph.length)
    const last = graph[graph.length - 1]
    await points.getByText(money(last?.total ?? -1), { exact: true }).waitFor({ state: 'attached' })
    const canvasLabel = await page.getByRole('img', { name: /Histórico de Donaciones/ }).getAttribute('aria-label')
    expect(canvasLabel).toContain(money(last?.total ?? -1))
    await keyScreen(page, 'donaciones-centro')

    const combined = 'Todas las donaciones'
    await table(page, combined).getByText('Eva Torres').waitFor()
    expect(await dataRows(page, combined).count()).toBe(5)
    const scope = page.locator('.donation-summary__scope')
    expect(await scope.innerText()).toBe('Donaciones aprobadas.')
    // The boxes follow the type filter and the search of the list, summed by the server.
    await page.getByLabel('Tipo de donación').selectOption({ label: 'Fallida' })
    await page.waitForFunction(() => document.querySelectorAll('tbody tr.donation-table__row').length === 1)
    await dataRows(page, combined).filter({ hasText: 'Carla Rechazo' }).waitFor()
    expect(await read<Summary>('/api/donations/counters/info?type=failed')).toEqual({ total: 0, donors: 0 })
    await expectBoxes(page, { total: 0, donors: 0 })
    await scope.getByText('Las donaciones fallidas no se cobraron: no suman al total.').waitFor()
    await page.getByLabel('Tipo de donación').selectOption({ label: 'OXXO Pay' })
    await dataRows(page, combined).filter({ hasText: 'Diego Efectivo' }).waitFor()
    expect(await dataRows(page, combined).count()).toBe(1)
    expect(await read<Summary>('/api/donations/counters/info?type=oxxo')).toEqual({ total: 300, donors: 1 })
    await expectBoxes(page, { total: 300, donors: 1 })
    await scope.getByText('Donaciones aprobadas de OXXO Pay.').waitFor()
    await keyScreen(page, 'donaciones-centro-oxxo')
    await page.getByLabel('Tipo de donación').selectOption({ label: 'Todas' })
    await page.waitForFunction(() => document.querySelectorAll('tbody tr.donation-table__row').length === 5)
    await expectBoxes(page, all)
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('beto')
    await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter')
    await page.waitForFunction(() => document.querySelectorAll('tbody tr.donation-table__row').length === 1)
    expect(await read<Summary>('/api/donations/counters/info?search=beto')).toEqual({ total: 250, donors: 1 })
    await expectBoxes(page, { total: 250, donors: 1 })
    await scope.getByText('Donaciones aprobadas que coinciden con «beto».').waitFor()
    await page.getByLabel('Tipo de donación').selectOption({ label: 'PayPal' })
    await table(page, combined).getByText('Sin datos disponibles').waitFor()
    await expectBoxes(page, { total: 0, donors: 0 })
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('')
    await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter')
    await dataRows(page, combined).filter({ hasText: 'Eva Torres' }).waitFor()
    await expectBoxes(page, { total: 500, donors: 1 })
    await page.getByLabel('Tipo de donación').selectOption({ label: 'Todas' })
    await page.waitForFunction(() => document.querySelectorAll('tbody tr.donation-table__row').length === 5)
    await expectBoxes(page, all)

    await page.getByRole('link', { name: 'Donaciones con OXXO Pay', exact: true }).click()
    await page.waitForURL('**/dashboard/donation/oxxo/list')
    await page.getByRole('heading', { level: 1, name: 'Donaciones con OXXO Pay' }).waitFor()
  })

  it('centro de donaciones a 390 px: el filtro por tipo cambia las cajas y nada se sale de la pantalla', async () => {
    const { page, consoleErrors } = await open('donaciones-centro-390', '/dashboard/donation/list', { viewport: { width: 390, height: 844 } })
    await page.getByRole('heading', { level: 1, name: 'Donaciones' }).waitFor()
    await expectBoxes(page, { total: 1150, donors: 4 })
    await page.getByLabel('Tipo de donación').selectOption({ label: 'Conekta' })
    await expectBoxes(page, { total: 350, donors: 2 })
    await page.locator('.donation-summary__scope').getByText('Donaciones aprobadas de Conekta.').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.getByRole('list', { name: 'Resumen de donaciones aprobadas' }).scrollIntoViewIfNeeded()
    await keyScreen(page, 'donaciones-centro-390')
    expect(consoleErrors).toEqual([])
  })
})
