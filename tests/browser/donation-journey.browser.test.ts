import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { keyScreen, openPage } from './support/pages.ts'
import {
  acceptDialog,
  approvedCard,
  declinedCard,
  campaignOnServer,
  commentAs,
  commentBox,
  createCampaignThroughApi,
  createMemberToken,
  donateByCard,
  donateByPaypal,
  downloadVoucherPdf,
  goalPercent,
  likeButton,
  likeCampaign,
  openCampaign,
  privacyCheckbox,
  requestOxxoVoucher,
  signInWithToken,
  submitCard,
} from './journeys/campaign.ts'

/** Campaign page and donation card in the browser, against the payment simulator. */
describe('Página de campaña y donaciones', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string
  let slug: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    adminToken = await site.configure()
    slug = (await createCampaignThroughApi(site, adminToken)).slug
  })

  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  const waitForText = async (page: Page, text: string | RegExp) => {
    await page.getByText(text).first().waitFor()
  }

  it('cuenta una visita por dirección en media hora (recargar no suma), un me gusta por vista, y sin sesión no hay formulario de comentarios', async () => {
    const { page } = await openPage(browser, 'campana-visitante')
    const before = await campaignOnServer(site, slug)

    await openCampaign(page, site.url, slug)
    await waitForText(page, new RegExp(`^${before.visits + 1} visitas?$`))
    expect((await campaignOnServer(site, slug)).visits).toBe(before.visits + 1)
    expect(await page.title()).toBe('Útiles para todos')
    await page.getByRole('heading', { name: 'Meta de la campaña' }).waitFor()
    await waitForText(page, /^Quedan \d+ días$/)
    await page.getByRole('list', { name: 'Categorías' }).getByText('Salud').waitFor()
    await page.getByRole('button', { name: 'Copiar enlace' }).waitFor()
    expect(await page.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toContain(encodeURIComponent(`/campaigns/${slug}`))

    const repeatVisit = page.waitForResponse((response) => response.url().endsWith(`/campaigns/${slug}/visit`) && response.request().method() === 'POST')
    await page.reload()
    expect((await repeatVisit).status()).toBe(200)
    await waitForText(page, new RegExp(`^${before.visits + 1} visitas?$`))
    expect((await campaignOnServer(site, slug)).visits).toBe(before.visits + 1)

    expect(await likeButton(page).isDisabled()).toBe(false)
    await likeCampaign(page)
    expect(await likeButton(page).isDisabled()).toBe(true)
    await waitForText(page, `${before.likes + 1} me gusta`)
    expect((await campaignOnServer(site, slug)).likes).toBe(before.likes + 1)

    expect(await commentBox(page).count()).toBe(0)
    await page.getByRole('link', { name: 'Inicia sesión' }).waitFor()
    await keyScreen(page, 'campana')
  })

  it('un usuario (rol 2) comenta; el texto se corta en 280 caracteres', async () => {
    const token = await createMemberToken(site, adminToken, 'lucia@example.com')
    const { page } = await openPage(browser, 'campana-comentario')
    await signInWithToken(page, token)
    await openCampaign(page, site.url, slug)

    await commentBox(page).fill('a'.repeat(300))
    expect((await commentBox(page).inputValue()).length).toBe(280)
    await waitForText(page, '280/280')

    await commentAs(page, 'Mucho éxito con la campaña')
    expect((await campaignOnServer(site, slug)).comments.map((comment) => comment.comment)).toContain('Mucho éxito con la campaña')
    expect(await commentBox(page).inputValue()).toBe('')

    // An administrator (update on campaign) deletes it; the member sees no delete button.
    expect(await page.getByRole('button', { name: /^Eliminar comentario/ }).count()).toBe(0)
    const admin = (await openPage(browser, 'campana-admin-comentario')).page
    await signInWithToken(admin, adminToken)
    await openCampaign(admin, site.url, slug)
    expect(await commentBox(admin).count()).toBe(0)
    await admin.getByRole('button', { name: 'Eliminar comentario de Lucía' }).click()
    await admin.getByRole('dialog', { name: 'Eliminar comentario', exact: true }).getByRole('button', { name: 'Eliminar' }).click()
    await waitForText(admin, 'Comentario eliminado')
    await admin.getByText('Mucho éxito con la campaña').waitFor({ state: 'detached' })
    expect((await campaignOnServer(site, slug)).comments.map((comment) => comment.comment)).not.toContain('Mucho éxito con la campaña')
  })

  it('dona con tarjeta, la rechazada falla a la vista, la ficha OXXO se descarga y PayPal agradece', async () => {
    const { page } = await openPage(browser, 'campana-donaciones', { expectedConsoleErrors: [declinedCard] })
    await openCampaign(page, site.url, slug)
    expect(await goalPercent(page)).toBe(0)

    // The privacy notice gates the buttons.
    expect(await page.getByRole('button', { name: 'Pagar con tarjeta' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Pagar en efectivo (OXXO)' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Pagar con PayPal' }).isDisabled()).toBe(true)
    await privacyCheckbox(page).check()
    expect(await page.getByRole('button', { name: 'Pagar con tarjeta' }).isDisabled()).toBe(false)

    // Below 1 peso the amount's message shows and no payment form opens.
    await page.getByLabel('Cantidad a donar (MXN)').fill('0.5')
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click()
    await waitForText(page, 'La cantidad mínima de donación es 1 peso')
    expect(await page.getByRole('dialog', { name: 'Donar con tarjeta' }).count()).toBe(0)
    await page.getByLabel('Cantidad a donar (MXN)').fill('100')

    // Approved card: thank-you dialog, the goal bar and the server's totals move.
    await donateByCard(page, { ...approvedCard, number: '4242424242424242' })
    await expect.poll(() => goalPercent(page)).toBe(1)
    await waitForText(page, /\$100\.00/)
    expect((await campaignOnServer(site, slug)).raised).toBe(100)
    expect(await page.getByRole('dialog', { name: 'Donar con tarjeta' }).count()).toBe(0)

    // Declined card: an error dialog with one sentence in usted, nothing approved.
    await submitCard(page, { ...approvedCard, name: 'Rita Rechazo', number: '4000000000000002' })
    const declined = page.getByRole('dialog', { name: 'Pago rechazado' })
    await declined.waitFor()
    expect(await declined.locator('p').allInnerTexts()).toEqual(['Su banco rechazó la tarjeta; verifique los datos o intente con otro método de pago.'])
    await keyScreen(page, 'tarjeta-rechazada')
    await acceptDialog(page, 'Pago rechazado')
    await page.getByRole('dialog', { name: 'Donar con tarjeta' }).getByRole('button', { name: 'Cerrar' }).click()
    expect((await campaignOnServer(site, slug)).raised).toBe(100)
    expect(await goalPercent(page)).toBe(1)

    // Cash voucher: reference and barcode, and a real PDF.
    const reference = await requestOxxoVoucher(page, { name: 'Olga', lastName: 'Ortiz', email: 'olga@example.com', phone: '5598765432' })
    expect(reference).toMatch(/\d{6,}/)
    const barcode = page.getByRole('img', { name: `Código de barras de la referencia ${reference}` })
    await barcode.waitFor()
    expect(await barcode.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    await waitForText(page, /comisión adicional/)
    const download = await downloadVoucherPdf(page)
    expect(download.suggestedFilename()).toBe('ficha-oxxo.pdf')
    const stream = await download.createReadStream()
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    const pdf = Buffer.concat(chunks)
    expect(pdf.length).toBeGreaterThan(1000)
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF')
    await page.getByRole('dialog', { name: 'Ficha de pago OXXO' }).getByRole('button', { name: 'Cerrar' }).click()
    expect((await campaignOnServer(site, slug)).raised).toBe(100)

    // Wallet: the simulator's popup approves; thank-you dialog with the payer's name.
    await page.getByLabel('Cantidad a donar (MXN)').fill('250')
    await donateByPaypal(page)
    await expect.poll(() => goalPercent(page)).toBe(3.5)
    expect((await campaignOnServer(site, slug)).raised).toBe(350)
  })

  it('una campaña terminada no recibe donaciones y una sin meta no muestra la tarjeta', async () => {
    const past = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10)
    const ended = await createCampaignThroughApi(site, adminToken, { title: 'Campaña terminada', date: past, duration: 2 })
    const noGoal = await createCampaignThroughApi(site, adminToken, { title: 'Campaña sin meta', goal: 0 })
    const { page } = await openPage(browser, 'campana-terminada')
    await openCampaign(page, site.url, ended.slug)
    await waitForText(page, 'Esta campaña ha finalizado.')
    expect(await page.getByRole('button', { name: 'Pagar con tarjeta' }).count()).toBe(0)
    expect(await page.getByText(/^Quedan/).count()).toBe(0)

    await openCampaign(page, site.url, noGoal.slug)
    await page.getByRole('heading', { name: 'Comentarios' }).waitFor()
    expect(await page.getByRole('progressbar', { name: 'Meta de la campaña' }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Haz tu donación' }).count()).toBe(0)
  })

  it('una campaña inexistente muestra el aviso en español con enlace a las campañas', async () => {
    const { page } = await openPage(browser, 'campana-inexistente', { expectedConsoleErrors: [/status of 404 .*\/no-existe/] })
    await page.goto(`${site.url}/campaigns/no-existe`)
    await page.getByRole('heading', { name: 'Campaña no encontrada' }).waitFor()
    expect(await page.getByRole('link', { name: 'Ver todas las campañas' }).getAttribute('href')).toBe('/campaigns')
  })
})
