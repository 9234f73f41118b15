import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { signInWithToken } from './journeys/campaign.ts'
import { createRestrictedAdminToken, sideMenu } from './journeys/dashboard.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { keyScreen, openPage } from './support/pages.ts'

/** The welcome screen's module cards (links inside the main area). */
function cards(page: Page) {
  return page.getByRole('main').getByRole('link')
}

/**
 * Donations are a module of their own (`donation`, read only): a restricted administrator who may
 * read campaigns but not donations sees no 'Donaciones' card or menu entry and is sent back to
 * /dashboard when he types the hub's address; one with donation read opens the hub.
 */
describe('dashboard: donations need the donation read permission', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string
  let campaignsOnly: string
  let donationReader: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    adminToken = await site.configure()
    campaignsOnly = await createRestrictedAdminToken(site, adminToken, 'solo-campanas@fundacion.mx', [{ module: 'campaign', read: true, create: false, update: false }])
    donationReader = await createRestrictedAdminToken(site, adminToken, 'lee-donaciones@fundacion.mx', [{ module: 'donation', read: true, create: false, update: false }])
  }, 240_000)
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('a campaign reader sees no Donaciones and is sent to /dashboard from /dashboard/donation/list', async () => {
    expect((await site.api('/api/donations', { token: campaignsOnly })).status).toBe(403)
    const { page, context } = await openPage(browser, 'donaciones-sin-permiso')
    await signInWithToken(page, campaignsOnly)
    await page.goto(`${site.url}/dashboard`)
    await page.getByRole('heading', { level: 1, name: /Bienvenido/ }).waitFor()
    await cards(page).filter({ hasText: 'Campañas' }).first().waitFor()
    expect(await cards(page).filter({ hasText: 'Donaciones' }).count()).toBe(0)
    expect(await sideMenu(page).getByRole('link', { name: 'Donaciones', exact: true }).count()).toBe(0)
    await keyScreen(page, 'donaciones-sin-permiso-menu')

    // Typing the hub's address in the address bar: the route guard sends him back to the menu.
    await page.goto(`${site.url}/dashboard/donation/list`)
    await page.waitForURL(`${site.url}/dashboard`)
    await page.getByRole('heading', { level: 1, name: /Bienvenido/ }).waitFor()
    expect(await page.getByRole('heading', { level: 1, name: 'Donaciones' }).count()).toBe(0)
    await context.close()
  })

  it('a donation reader opens the hub from the menu card and a channel list (menu also at 390 px)', async () => {
    for (const viewport of [undefined, { width: 390, height: 844 }]) {
      const { page, context } = await openPage(browser, `donaciones-con-permiso-${viewport?.width ?? 1280}`, viewport ? { viewport } : {})
      await signInWithToken(page, donationReader)
      await page.goto(`${site.url}/dashboard`)
      await page.getByRole('heading', { level: 1, name: /Bienvenido/ }).waitFor()
      expect(await cards(page).allTextContents()).toEqual([expect.stringContaining('Donaciones')])
      // The menu fits a phone (the hub's own list table is wider than 390 px today, unchanged here).
      if (viewport) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await cards(page).filter({ hasText: 'Donaciones' }).click()
      await page.waitForURL(`${site.url}/dashboard/donation/list`)
      await page.getByRole('heading', { level: 1, name: 'Donaciones' }).waitFor()
      await page.getByRole('heading', { name: 'Histórico de Donaciones' }).waitFor()
      await keyScreen(page, `donaciones-con-permiso-hub-${viewport?.width ?? 1280}`)
      await page.getByRole('link', { name: 'Donaciones con tarjeta', exact: true }).first().click()
      await page.getByRole('heading', { level: 1, name: 'Donaciones con tarjeta' }).waitFor()
      await context.close()
    }
  })

  it('the side menu shows Donaciones to the donation reader', async () => {
    const { page, context } = await openPage(browser, 'donaciones-menu-lateral')
    await signInWithToken(page, donationReader)
    await page.goto(`${site.url}/dashboard`)
    await sideMenu(page).getByRole('link', { name: 'Donaciones', exact: true }).waitFor()
    await sideMenu(page).getByRole('link', { name: 'Donaciones', exact: true }).click()
    await page.waitForURL(`${site.url}/dashboard/donation/list`)
    await page.getByRole('heading', { level: 1, name: 'Donaciones' }).waitFor()
    await context.close()
  })

  it('the permission matrix offers only Leer for Donaciones', async () => {
    const { page, context } = await openPage(browser, 'donaciones-matriz')
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard`)
    await sideMenu(page).getByRole('link', { name: 'Administradores', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Administradores' }).waitFor()
    await page.getByRole('link', { name: 'Agregar', exact: true }).click()
    await page.waitForURL(/\/dashboard\/user\/create/)
    await page.getByLabel('Rol', { exact: true }).selectOption({ label: 'Administrador restringido' })
    const matrix = page.getByRole('table', { name: 'Permisos' })
    await matrix.waitFor()
    const row = matrix.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Donaciones' }) })
    expect(await row.getByRole('checkbox').count()).toBe(1)
    const read = page.getByRole('checkbox', { name: 'Leer Donaciones' })
    expect(await read.isChecked()).toBe(false)
    await read.check()
    expect(await read.isChecked()).toBe(true)
    expect(await row.getByText('No aplica').count()).toBe(2)
    expect(await page.getByRole('checkbox', { name: 'Crear Donaciones' }).count()).toBe(0)
    await row.scrollIntoViewIfNeeded()
    await keyScreen(page, 'donaciones-matriz')
    await context.close()
  })
})
