import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, tinyPng, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'
import { completeSetupWizard } from './journeys/setup-wizard.ts'
import { openCampaignFromGallery } from './journeys/public-site.ts'
import { openFromMenu } from './journeys/dashboard.ts'
import {
  acceptDialog,
  approvedCard,
  declinedCard,
  campaignOnServer,
  commentAs,
  createCampaignThroughApi,
  createMemberToken,
  donateByCard,
  donateByPaypal,
  downloadVoucherPdf,
  goalPercent,
  likeCampaign,
  openCampaign,
  requestOxxoVoucher,
  signInWithToken,
  submitCard,
} from './journeys/campaign.ts'

/**
 * The whole first day of a site, in one journey: a fresh install is set up through the 16-step
 * wizard, a campaign is published, a member comments and a visitor donates through every channel.
 */
describe('a newcomer sets the site up and the first donations arrive', () => {
  let site: BrowserSite
  let browser: Browser
  let filesDir: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite({}, { asNpmStart: true }), launchChromium()])
    filesDir = mkdtempSync(join(tmpdir(), 'recien-llegado-'))
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
    if (filesDir) rmSync(filesDir, { recursive: true, force: true })
  })

  it('runs from the empty site to a funded campaign', async () => {
    const logoPath = join(filesDir, 'logo.png')
    writeFileSync(logoPath, tinyPng)

    // A fresh site sends everyone to the wizard, which ends signed in on the campaign screen.
    const { page: admin } = await openPage(browser, 'recien-llegado-asistente')
    await admin.goto(`${site.url}/`)
    await admin.waitForURL(`${site.url}/configure`)
    await completeSetupWizard(admin, {
      logoPath,
      siteName: 'Fundación Agua Viva',
      admin: { name: 'Marta', lastName: 'Solís', email: 'marta@aguaviva.mx', password: 'Agua#Viva2026' },
      mail: { user: 'avisos', pass: 'smtp-secreto', host: '127.0.0.1', port: site.mail.port },
      conekta: { client: site.sim.conekta.publicKey, secret: site.sim.conekta.privateKey },
      paypal: { client: site.sim.paypal.clientId, secret: site.sim.paypal.secret },
      institution: { name: 'Comunidad de la Sierra', description: 'Aliada en la sierra norte' },
    })
    await admin.waitForURL(/\/dashboard\/campaign\/create$/)
    const welcome = admin.getByRole('dialog', { name: '¡Bienvenido!' })
    await welcome.getByRole('button', { name: 'Aceptar' }).click()
    await welcome.waitFor({ state: 'hidden' })
    const adminToken = await admin.evaluate(() => localStorage.getItem('auth_token'))
    expect(adminToken).toBeTruthy()

    // The uploaded logo is the one the site now serves.
    const config = (await (await site.api('/api/init')).json()) as { settings: { name: string; logo: { path: string } } }
    expect(config.settings.name).toBe('Fundación Agua Viva')
    const logo = Buffer.from(await (await site.api(config.settings.logo.path)).arrayBuffer())
    expect(logo.equals(readFileSync(logoPath))).toBe(true)

    // A campaign is published through the API and shows in the public gallery.
    const campaign = await createCampaignThroughApi(site, adminToken ?? '', { title: 'Agua limpia para la sierra', goal: 1000 })
    const { page: visitor } = await openPage(browser, 'recien-llegado-visitante', { expectedConsoleErrors: [declinedCard] })
    await visitor.goto(`${site.url}/campaigns`)
    await openCampaignFromGallery(visitor, 'Agua limpia para la sierra')
    await likeCampaign(visitor)
    await expect.poll(async () => (await campaignOnServer(site, campaign.slug)).likes).toBe(1)

    // A member (role 2) comments.
    const memberToken = await createMemberToken(site, adminToken ?? '', 'lucia@correo.mx')
    const { page: member } = await openPage(browser, 'recien-llegado-miembro')
    await signInWithToken(member, memberToken)
    await openCampaign(member, site.url, campaign.slug)
    await commentAs(member, 'Mucho éxito con la campaña')
    await expect.poll(async () => (await campaignOnServer(site, campaign.slug)).comments.map((entry) => entry.comment)).toEqual(['Mucho éxito con la campaña'])

    // The visitor donates: card approved, card declined, cash voucher, wallet.
    await donateByCard(visitor, { ...approvedCard, number: '4242424242424242' })
    await expect.poll(() => goalPercent(visitor)).toBe(10)

    await submitCard(visitor, { ...approvedCard, name: 'Rita Rechazo', number: '4000000000000002' })
    await acceptDialog(visitor, 'Pago rechazado')
    await visitor.getByRole('dialog', { name: 'Donar con tarjeta' }).getByRole('button', { name: 'Cerrar' }).click()

    const reference = await requestOxxoVoucher(visitor, { name: 'Olga', lastName: 'Ortiz', email: 'olga@example.com', phone: '5598765432' })
    expect(reference).toMatch(/^\d+$/)
    const pdf = await downloadVoucherPdf(visitor)
    const pdfPath = join(filesDir, 'ficha.pdf')
    await pdf.saveAs(pdfPath)
    expect(readFileSync(pdfPath).subarray(0, 4).toString()).toBe('%PDF')
    await visitor.getByRole('dialog', { name: 'Ficha de pago OXXO' }).getByRole('button', { name: 'Cerrar' }).click()

    await visitor.getByLabel('Cantidad a donar (MXN)').fill('150')
    await donateByPaypal(visitor)

    // Only approved donations count: 100 by card and 150 by wallet, a quarter of the goal.
    await expect.poll(() => goalPercent(visitor)).toBe(25)
    expect((await campaignOnServer(site, campaign.slug)).raised).toBe(250)
    expect(await (await site.api('/api/counters/donations')).json()).toEqual({ total: 2 })

    // The administrator finds those donations in the dashboard: totals, donors and the chart.
    const summary = (label: string) =>
      admin.getByRole('list', { name: 'Resumen de donaciones aprobadas' }).getByRole('listitem').filter({ hasText: label })
    // From the campaign wizard where the setup left them: Inicio → Donaciones → each channel and back.
    await openFromMenu(admin, 'Inicio')
    await admin.getByRole('main').getByRole('link', { name: /Donaciones/ }).click()
    await admin.getByRole('heading', { level: 1, name: 'Donaciones' }).waitFor()
    for (const [channel, total] of [['Donaciones con tarjeta', '$100.00'], ['Donaciones con PayPal', '$150.00'], ['Donaciones con OXXO Pay', '$0.00']] as const) {
      await admin.getByRole('navigation', { name: 'Listas de donaciones' }).getByRole('link', { name: channel, exact: true }).click()
      await admin.waitForURL(/\/dashboard\/donation\/\w+\/list$/)
      await summary('Total').getByText(total, { exact: true }).waitFor()
      await summary('Numero de donadores').getByText(channel === 'Donaciones con OXXO Pay' ? '0' : '1', { exact: true }).waitFor()
      await admin.getByRole('main').getByRole('link', { name: 'Donaciones', exact: true }).click()
      await admin.getByRole('heading', { level: 1, name: 'Donaciones' }).waitFor()
    }
    await summary('Total').getByText('$250.00', { exact: true }).waitFor()
    const points = admin.getByRole('table', { name: 'Datos del histórico de donaciones' })
    await points.waitFor({ state: 'attached' })
    await points.getByText('$250.00', { exact: true }).waitFor({ state: 'attached' })
  })
})
