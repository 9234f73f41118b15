import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { apiOperations, moduleHasAction } from '@donaciones/contracts'
import { launchChromium } from './chromium.ts'
import { signInWithToken } from './journeys/campaign.ts'
import { createRestrictedAdminToken, openFromMenu } from './journeys/dashboard.ts'
import { accessibilityViolations, describeViolations } from './support/axe.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'

const TITLE = 'Descripción de la API'

/** From Configuración (already open), the link to the API description, until its routes are listed. */
async function openApiDescription(page: Page): Promise<void> {
  await page.getByRole('link', { name: TITLE }).click()
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor()
}

const routeCount = (page: Page) => page.getByText(/^\d+( de \d+)? rutas$/)

/** An operation's line: method, path and summary, which opens it. */
const operation = (page: Page, method: string, path: string) => page.locator('summary').filter({ hasText: `${method}${path}` })

/**
 * Issue 19: the API description is a dashboard screen for the full administrator, reached from
 * Configuración. It loads the gateway's /api/openapi.json with the session's token, says so when
 * it cannot, lists every route by group, opens one to its access, fields and answers, searches,
 * downloads the document, and fits a phone. Others never reach it.
 */
describe('dashboard: the API description', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    adminToken = await site.configure()
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('opens from Configuración, retries after a failure, lists and opens the routes, searches and downloads the document', async () => {
    const { page, context } = await openPage(browser, 'descripcion-api', { expectedConsoleErrors: [/status of 503/] })
    await signInWithToken(page, adminToken)
    // The first load fails: the screen says so and offers to try again.
    let failures = 1
    await page.route('**/api/openapi.json', async (route) => {
      if (failures-- > 0) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Servicio no disponible', description: 'Intente de nuevo más tarde' }) })
      else await route.continue()
    })
    await page.goto(`${site.url}/dashboard`)
    await openFromMenu(page, 'Configuración')
    await page.getByRole('heading', { level: 1, name: 'Configuración' }).waitFor()
    await openApiDescription(page)
    const failure = page.getByRole('alert').filter({ hasText: 'No se pudo cargar la descripción de la API' })
    await failure.waitFor()
    await failure.getByRole('button', { name: 'Reintentar' }).click()
    await routeCount(page).waitFor()
    expect(await routeCount(page).textContent()).toBe(`${apiOperations.length} rutas`)

    for (const group of ['Sesión', 'Usuarios', 'Donaciones', 'Operación']) await page.getByRole('heading', { level: 2, name: group, exact: true }).waitFor()
    const pageUpdate = operation(page, 'PUT', '/api/pages/{id}')
    await pageUpdate.click()
    const opened = page.locator('details[open]')
    await opened.getByText('Administrador total, o administrador restringido con el permiso Actualizar en Páginas.').waitFor()
    await opened.getByText('Forma 2').waitFor()
    await opened.getByText('historical.description', { exact: true }).first().waitFor()
    expect(await opened.getByText(/^(401|403|422)$/).count()).toBe(3)
    expect(describeViolations(await accessibilityViolations(page))).toEqual([])

    await page.getByLabel('Buscar ruta').fill('cerrar sesion')
    expect(await routeCount(page).textContent()).toBe(`1 de ${apiOperations.length} rutas`)
    await operation(page, 'PUT', '/api/auth/logout/{id}').waitFor()
    await page.getByLabel('Buscar ruta').fill('ninguna-ruta-así')
    await page.getByText('Ninguna ruta coincide con la búsqueda').waitFor()
    await page.getByLabel('Buscar ruta').fill('')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar OpenAPI' }).click()])
    expect(download.suggestedFilename()).toBe('openapi.json')
    const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as { openapi: string; paths: Record<string, unknown> }
    expect(saved.openapi).toBe('3.1.0')
    expect(Object.keys(saved.paths)).toContain('/api/openapi.json')

    await page.getByRole('link', { name: 'Configuración', exact: true }).last().click()
    await page.getByRole('heading', { level: 1, name: 'Configuración' }).waitFor()
    await context.close()
  })

  it('fits a phone, reached from the welcome screen', async () => {
    const { page, context } = await openPage(browser, 'descripcion-api-telefono', { viewport: { width: 390, height: 844 }, mobile: true })
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard`)
    await page.getByRole('main').getByRole('link', { name: /^Configuración/ }).click()
    await page.getByRole('heading', { level: 1, name: 'Configuración' }).waitFor()
    await openApiDescription(page)
    await routeCount(page).waitFor()
    await operation(page, 'POST', '/api/receipts/{donationId}/stamped').click()
    await page.locator('details[open]').getByText('multipart/form-data', { exact: false }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await context.close()
  })

  it('is not for a restricted administrator, even one with every permission', async () => {
    const everything = (['campaign', 'admin', 'user', 'institution', 'category', 'pages', 'historical'] as const).map((module) => ({
      module,
      read: true,
      create: moduleHasAction(module, 'create'),
      update: moduleHasAction(module, 'update'),
    }))
    const token = await createRestrictedAdminToken(site, adminToken, 'todo@fundacion.mx', everything)
    const { page, context } = await openPage(browser, 'descripcion-api-restringido')
    await signInWithToken(page, token)
    await page.goto(`${site.url}/dashboard/configuration/api`)
    await page.waitForURL(`${site.url}/dashboard`)
    expect(await page.getByRole('heading', { level: 1, name: TITLE }).count()).toBe(0)
    expect((await site.api('/api/openapi.json', { token })).status).toBe(403)
    await context.close()
  })
})
