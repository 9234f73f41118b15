import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'
import { createCampaignThroughApi, signInWithToken } from './journeys/campaign.ts'
import {
  answerJustification,
  createRestrictedAdminToken,
  downloadSheet,
  openFromMenu,
  recordOnServer,
  tableRow,
  waitForToast,
} from './journeys/dashboard.ts'

interface AdminCampaign {
  _id: string
  slug: string
  title: string
  active: boolean
  goal: number | null
}

const TITLE = 'Cobijas para la sierra'
const NEW_TITLE = 'Cobijas para la sierra 2026'
const DEACTIVATE = 'Se pausa la colecta por inventario'
const ACTIVATE = 'Se reanuda la colecta'
const UPDATE = 'Se precisa el año en el título'

const today = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())

async function expectHistory(scope: ReturnType<Page['locator']>, title: string): Promise<void> {
  for (const text of [DEACTIVATE, ACTIVATE, UPDATE]) await scope.getByText(text).first().waitFor()
  for (const cause of ['Desactivación', 'Activación', 'Actualización']) {
    expect(await scope.getByText(cause, { exact: true }).count(), `${title}: ${cause}`).toBeGreaterThan(0)
  }
}

describe('dashboard: campaign list and view', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string
  let campaign: { _id: string; slug: string }

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    adminToken = await site.configure()
    campaign = await createCampaignThroughApi(site, adminToken, { title: TITLE, goal: 12_500 })
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('lists, views, deactivates, reactivates, edits, shows the history and exports a campaign', async () => {
    const { page, context } = await openPage(browser, 'dashboard-campanas')
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard/campaign/list`)
    await page.getByRole('heading', { level: 1, name: 'Campañas' }).waitFor()
    const row = tableRow(page, TITLE).first()
    await row.waitFor()
    await row.getByText('$12,500.00').waitFor()
    expect(await row.getByText(/^\d{2}\/\d{2}\/\d{4}$/).count()).toBe(1)
    expect(await row.locator('.active-mark--on').count()).toBe(1)
    expect(await page.getByRole('link', { name: 'Agregar', exact: true }).getAttribute('href')).toBe('/dashboard/campaign/create')

    // The row opens the view.
    await row.getByText(TITLE, { exact: true }).click()
    await page.waitForURL(`${site.url}/dashboard/campaign/view/${campaign._id}`)
    await page.getByText('Campaña - Información del registro').waitFor()
    await page.getByText('Regreso a clases').waitFor()
    await page.getByText('N/A', { exact: true }).waitFor()
    await page.getByText('30 días').waitFor()
    expect(await page.getByRole('link', { name: 'Ver en el sitio' }).getAttribute('href')).toBe(`/campaigns/${campaign.slug}`)
    await page.getByRole('img', { name: `Imagen de la campaña ${TITLE}` }).waitFor()
    await page.getByRole('heading', { name: 'Historial de cambios' }).waitFor()

    // Deactivate with a justification: red cross, inactive on the server, gone from the public site.
    await page.getByRole('button', { name: 'Desactivar', exact: true }).click()
    await answerJustification(page, DEACTIVATE)
    await waitForToast(page, 'Registro desactivado')
    await page.getByRole('button', { name: 'Activar', exact: true }).waitFor()
    expect(await page.locator('.record-view .active-mark--off').count()).toBe(1)
    expect((await recordOnServer<AdminCampaign>(site, adminToken, `/api/campaigns/${campaign._id}`)).active).toBe(false)
    expect((await site.api(`/api/public/campaigns/${campaign.slug}`)).status).toBe(404)
    const visitor = await context.newPage()
    await visitor.goto(`${site.url}/campaigns/${campaign.slug}`)
    await visitor.getByRole('heading', { level: 1, name: 'Campaña no encontrada' }).waitFor()
    expect(await visitor.getByText(TITLE).count()).toBe(0)
    await visitor.close()

    // Reactivate.
    await page.getByRole('button', { name: 'Activar', exact: true }).click()
    await answerJustification(page, ACTIVATE)
    await waitForToast(page, 'Registro activado')
    await page.getByRole('button', { name: 'Desactivar', exact: true }).waitFor()
    expect(await page.locator('.record-view .active-mark--on').count()).toBe(1)
    expect((await recordOnServer<AdminCampaign>(site, adminToken, `/api/campaigns/${campaign._id}`)).active).toBe(true)
    expect((await site.api(`/api/public/campaigns/${campaign.slug}`)).status).toBe(200)

    // Edit the title through 'Editar' with a justification.
    await page.getByRole('link', { name: 'Editar' }).click()
    await page.waitForURL(`${site.url}/dashboard/campaign/edit/${campaign._id}`)
    const titleField = page.getByLabel('Título', { exact: true })
    await expect.poll(() => titleField.inputValue()).toBe(TITLE)
    await titleField.fill(NEW_TITLE)
    const update = page.getByRole('button', { name: 'Actualizar', exact: true })
    await expect.poll(() => update.isEnabled()).toBe(true)
    await update.click()
    await answerJustification(page, UPDATE)
    await waitForToast(page, 'Registro actualizado')
    await page.waitForURL(`${site.url}/dashboard/campaign/view/${campaign._id}`)
    await page.getByText(NEW_TITLE, { exact: true }).first().waitFor()
    expect((await recordOnServer<AdminCampaign>(site, adminToken, `/api/campaigns/${campaign._id}`)).title).toBe(NEW_TITLE)

    // The view's history shows the three changes with their justifications.
    await expectHistory(page.locator('.campaign-view__history'), 'vista')

    // The list's row expansion too.
    await page.getByRole('link', { name: 'Regresar' }).click()
    await page.waitForURL(`${site.url}/dashboard/campaign/list`)
    const toggle = page.getByRole('button', { name: `Ver cambios: ${NEW_TITLE}` })
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await expectHistory(page.locator('.data-table__detail'), 'fila')

    // Export the selected row.
    await page.getByRole('checkbox', { name: `Seleccionar ${NEW_TITLE}` }).check()
    const { download, rows } = await downloadSheet(page, () => page.getByRole('button', { name: 'Descargar selección' }).click())
    expect(download.suggestedFilename()).toBe('campaigns.xlsx')
    expect(rows).toHaveLength(2)
    expect(rows[1]?.[0]).toBe(NEW_TITLE)

    // Today's history on the server and on /dashboard/historical/list.
    const events = (await recordOnServer<{ document: string; cause: string; description: string }[]>(site, adminToken, `/api/historical/?date=${today()}`))
      .filter((event) => event.document === campaign._id)
    for (const [cause, description] of [['Desactivación', DEACTIVATE], ['Activación', ACTIVATE], ['Actualización', UPDATE]]) {
      expect(events.some((event) => event.cause === cause && event.description === description)).toBe(true)
    }
    await openFromMenu(page, 'Histórico')
    await page.getByRole('heading', { level: 1, name: 'Histórico de eventos' }).waitFor()
    const timeline = page.getByRole('region', { name: /^Línea de tiempo del/ })
    for (const [cause, description] of [['Desactivación', DEACTIVATE], ['Activación', ACTIVATE], ['Actualización', UPDATE]] as const) {
      const entry = timeline.getByRole('listitem').filter({ hasText: description })
      await entry.first().waitFor()
      expect(await entry.first().getByText(cause, { exact: true }).count()).toBeGreaterThan(0)
    }
    await context.close()
  })

  it('shows an unknown or malformed campaign id as not found, on the record and on its edit form', async () => {
    const { page, context } = await openPage(browser, 'dashboard-campana-inexistente', { expectedConsoleErrors: [/status of 404 .*\/api\/campaigns\//] })
    await signInWithToken(page, adminToken)
    for (const id of ['000000000000000000000000', '7d2f1c9e-0b4a-4e8f-9c3d-2a1b0c9d8e7f']) {
      for (const screen of ['view', 'edit']) {
        await page.goto(`${site.url}/dashboard/campaign/${screen}/${id}`)
        await page.getByRole('heading', { name: 'Campaña no encontrada' }).waitFor()
        expect(await page.getByRole('button', { name: 'Reintentar' }).count()).toBe(0)
      }
    }
    await context.close()
  })

  it('gives a campaign reader with create permission "Agregar" but no edit or toggle', async () => {
    const token = await createRestrictedAdminToken(site, adminToken, 'campanas@fundacion.mx', [
      { module: 'campaign', read: true, create: true, update: false },
    ])
    const { page, context } = await openPage(browser, 'dashboard-campanas-restringido')
    await signInWithToken(page, token)
    await page.goto(`${site.url}/dashboard/campaign/list`)
    const row = tableRow(page, NEW_TITLE).first()
    await row.waitFor()
    await page.getByRole('link', { name: 'Agregar', exact: true }).waitFor()
    await row.getByText(NEW_TITLE, { exact: true }).click()
    await page.waitForURL(`${site.url}/dashboard/campaign/view/${campaign._id}`)
    await page.getByText('Campaña - Información del registro').waitFor()
    expect(await page.getByRole('link', { name: 'Editar' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /^(Desactivar|Activar)$/ }).count()).toBe(0)

    // Typed by hand: the route guard refuses the edit form.
    await page.goto(`${site.url}/dashboard/campaign/edit/${campaign._id}`)
    await page.waitForURL(`${site.url}/dashboard`)
    expect(await page.getByRole('button', { name: 'Actualizar' }).count()).toBe(0)
    await context.close()
  })

  it('shows a campaign with a future publication date as "Programada", and the public gallery leaves it out (also at 390×844)', async () => {
    const inDays = (days: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000))
    const scheduledTitle = 'Posadas navideñas'
    await createCampaignThroughApi(site, adminToken, { title: scheduledTitle, date: inDays(5) })
    for (const phone of [false, true]) {
      const { page, context } = await openPage(browser, phone ? 'campana-programada-telefono' : 'campana-programada', phone ? { viewport: { width: 390, height: 844 }, mobile: true } : {})
      await signInWithToken(page, adminToken)
      await page.goto(`${site.url}/dashboard`)
      if (phone) await page.getByRole('main').getByRole('link', { name: /^Campañas/ }).click()
      else await openFromMenu(page, 'Campañas')
      await page.getByRole('heading', { level: 1, name: 'Campañas' }).waitFor()
      const row = tableRow(page, scheduledTitle).first()
      await row.waitFor()
      expect(await row.textContent()).toContain('Programada')
      expect(await tableRow(page, TITLE).first().textContent()).not.toContain('Programada')
      if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

      // The public gallery, reached by clicking, shows the published campaign only.
      if (!phone) {
        await page.getByRole('link', { name: 'Ir al sitio' }).click()
        await page.waitForURL(`${site.url}/`)
        await page.getByRole('navigation').getByRole('link', { name: 'Campañas', exact: true }).click()
        const gallery = page.getByRole('list', { name: 'Lista de campañas' })
        await gallery.getByRole('link', { name: NEW_TITLE, exact: true }).or(gallery.getByRole('link', { name: TITLE, exact: true })).first().waitFor()
        expect(await gallery.getByRole('link', { name: scheduledTitle }).count()).toBe(0)
      }
      await context.close()
    }
  })
})
