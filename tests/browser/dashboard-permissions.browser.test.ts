import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { keyScreen, openPage } from './support/pages.ts'
import { textContrast } from './support/contrast.ts'
import { createCampaignThroughApi, signInWithToken } from './journeys/campaign.ts'
import { createRestrictedAdminToken, openFromMenu, recordOnServer, tableRow } from './journeys/dashboard.ts'

const SCREENS = [
  { label: 'ancha', viewport: { width: 1280, height: 900 }, mobile: false },
  { label: 'telefono', viewport: { width: 390, height: 844 }, mobile: true },
] as const

interface ServerUser {
  email: string
  permissions: { module: { name: string }; read: boolean; create: boolean; update: boolean }[]
}

/** Each row of the permission matrix: the module and the actions it offers a checkbox for. */
const offeredActions = (page: Page) =>
  page.getByRole('table', { name: 'Permisos' }).evaluate((table) =>
    Array.from(table.querySelectorAll('tbody tr')).map((row) => ({
      module: row.querySelector('th')?.textContent?.trim() ?? '',
      actions: Array.from(row.querySelectorAll('input[type="checkbox"]')).map((box) => box.getAttribute('aria-label')?.split(' ')[0] ?? ''),
    })),
  )

/**
 * The permission matrix offers only the actions each module has, a restricted administrator who
 * types the address of a section he may not open is told so, and the disabled page buttons of the
 * lists stay legible (issue 19).
 */
describe('permisos del panel', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    adminToken = await site.configure()
    const campaign = await createCampaignThroughApi(site, adminToken, { title: 'Útiles escolares' })
    // One donation, so the donation list has a row and a single page.
    const voucher = await site.api('/api/donations/oxxopay/request', {
      method: 'POST',
      json: { name: 'Diego', lastName: 'Efectivo', email: 'diego@correo.mx', phone: '5533334444', campaign: campaign._id, amount: 300, user: null },
    })
    expect(voucher.status).toBe(200)
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it.each(SCREENS)('la matriz de permisos solo ofrece las acciones que existen (pantalla $label)', async ({ label, viewport, mobile }) => {
    const email = `permisos.${label}@fundacion.mx`
    const { page } = await openPage(browser, `matriz-permisos-${label}`, { viewport, mobile })
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard`)
    await openFromMenu(page, 'Administradores')
    await page.getByRole('heading', { level: 1, name: 'Administradores' }).waitFor()
    await page.getByRole('link', { name: 'Agregar', exact: true }).click()
    await page.waitForURL(/\/dashboard\/user\/create/)
    await page.getByLabel('Nombre', { exact: true }).fill('Paula')
    await page.getByLabel('Apellido', { exact: true }).fill('Ríos')
    await page.getByLabel('Correo electrónico', { exact: true }).fill(email)
    await page.getByLabel('Rol', { exact: true }).selectOption({ label: 'Administrador restringido' })
    await page.getByRole('table', { name: 'Permisos' }).waitFor()

    expect(await offeredActions(page)).toEqual([
      { module: 'Campañas', actions: ['Leer', 'Crear', 'Actualizar'] },
      { module: 'Administradores', actions: ['Leer', 'Crear', 'Actualizar'] },
      { module: 'Usuarios', actions: ['Leer', 'Crear', 'Actualizar'] },
      { module: 'Instituciones', actions: ['Leer', 'Crear', 'Actualizar'] },
      { module: 'Categorías', actions: ['Leer', 'Crear', 'Actualizar'] },
      { module: 'Páginas', actions: ['Leer', 'Actualizar'] },
      { module: 'Histórico', actions: ['Leer'] },
      { module: 'Donaciones', actions: ['Leer'] },
    ])
    // The whole matrix fits the screen: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    const pages = page.getByRole('row', { name: /^Páginas/ })
    expect(await pages.getByText('No aplica', { exact: true }).count()).toBe(1)
    expect(await page.getByRole('row', { name: /^Histórico/ }).getByText('No aplica', { exact: true }).count()).toBe(2)

    // What it offers is granted as ticked.
    await page.getByRole('checkbox', { name: 'Actualizar Páginas' }).check()
    await page.getByRole('checkbox', { name: 'Leer Histórico' }).check()
    await page.getByRole('table', { name: 'Permisos' }).scrollIntoViewIfNeeded()
    await keyScreen(page, `matriz-permisos-${label}`)
    const save = page.getByRole('button', { name: 'Guardar', exact: true })
    await expect.poll(() => save.isEnabled()).toBe(true)
    await save.click()
    await page.getByRole('dialog', { name: 'Administrador creado' }).getByRole('button', { name: 'Aceptar' }).click()
    await page.waitForURL(`${site.url}/dashboard/user-admin/list`)
    await tableRow(page, email).first().waitFor()
    const created = (await recordOnServer<ServerUser[]>(site, adminToken, '/api/users/admin')).find((user) => user.email === email)
    expect(created?.permissions.map(({ module, read, create, update }) => ({ module: module.name, read, create, update }))).toEqual([
      { module: 'pages', read: true, create: false, update: true },
      { module: 'historical', read: true, create: false, update: false },
    ])
  })

  it.each(SCREENS)('un administrador restringido que escribe la dirección de una sección sin permiso lee por qué vuelve al inicio del panel (pantalla $label)', async ({ label, viewport, mobile }) => {
    const token = await createRestrictedAdminToken(site, adminToken, `restringida.${label}@fundacion.mx`, [{ module: 'campaign', read: true, create: false, update: false }])
    const { page } = await openPage(browser, `seccion-prohibida-${label}`, { viewport, mobile })
    await signInWithToken(page, token)
    // Typed in the address bar: the institutions, which he may not read.
    await page.goto(`${site.url}/dashboard/institution/list`)
    await page.waitForURL(`${site.url}/dashboard`)
    const notice = page.getByRole('alert').filter({ hasText: 'No tiene permiso para ver esa sección' })
    await notice.waitFor()
    await keyScreen(page, `seccion-prohibida-${label}`)

    // A section he may open says nothing of the kind.
    await notice.waitFor({ state: 'detached' })
    await openFromMenu(page, 'Campañas')
    await page.getByRole('heading', { level: 1, name: 'Campañas' }).waitFor()
    await tableRow(page, 'Útiles escolares').first().waitFor()
    expect(await page.getByText('No tiene permiso para ver esa sección').count()).toBe(0)
  })

  it.each(SCREENS)('los botones Anterior y Siguiente deshabilitados se leen: contraste de al menos 4.5:1 (pantalla $label)', async ({ label, viewport, mobile }) => {
    const { page } = await openPage(browser, `paginacion-${label}`, { viewport, mobile })
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard`)

    const check = async (list: string) => {
      const pager = page.getByRole('navigation', { name: 'Paginación' })
      for (const name of ['Anterior', 'Siguiente']) {
        const button = pager.getByRole('button', { name, exact: true })
        await expect.poll(() => button.isDisabled(), { message: `${list}: ${name} deshabilitado` }).toBe(true)
        const contrast = await textContrast(button)
        expect(contrast.ratio, `${list}: ${name} (${contrast.color} sobre ${contrast.background})`).toBeGreaterThanOrEqual(4.5)
      }
      await pager.scrollIntoViewIfNeeded()
      await keyScreen(page, `paginacion-${list}-${label}`)
    }

    // A list of the shared table (one page of campaigns).
    await openFromMenu(page, 'Campañas')
    await tableRow(page, 'Útiles escolares').first().waitFor()
    await check('campanas')

    // The donations' own pager (one donation).
    await openFromMenu(page, 'Donaciones')
    await page.getByRole('heading', { level: 1, name: 'Donaciones' }).waitFor()
    await page.getByText('(1 registro)').waitFor()
    await check('donaciones')
  })
})
