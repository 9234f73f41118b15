import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { adminCredentials, startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'
import { createCampaignThroughApi } from './journeys/campaign.ts'
import { sideMenu } from './journeys/dashboard.ts'

/**
 * A person moving between the public site and the dashboard only by clicking: one page load at
 * the start, then links, menus and the browser's back and forward buttons. Each step waits for
 * what the new screen shows, so a changed address over a stale screen fails.
 */
describe('moving between the public site and the dashboard by clicking', () => {
  let site: BrowserSite
  let browser: Browser
  let slug: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    const token = await site.configure()
    ;({ slug } = await createCampaignThroughApi(site, token, { title: 'Agua limpia' }))
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor()

  async function openAccountMenu(page: Page) {
    await page.getByRole('button', { name: /menú de la cuenta/ }).click()
    return page.getByRole('menu', { name: 'Cuenta' })
  }

  it('public → sign in → Dashboard → every menu entry → Mi perfil → Ir al sitio → a campaign → back and forward', async () => {
    const { page } = await openPage(browser, 'navegacion')
    await page.goto(site.url)
    await page.getByRole('navigation').getByRole('link', { name: 'Iniciar sesión' }).click()
    await page.getByLabel('Correo electrónico').fill(adminCredentials.email)
    await page.getByLabel('Contraseña', { exact: true }).fill(adminCredentials.password)
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click()
    await page.waitForURL(`${site.url}/`)

    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Dashboard' }).click()
    await heading(page, /Bienvenido/)
    expect(new URL(page.url()).pathname).toBe('/dashboard')

    const entries: [string, string | RegExp][] = [
      ['Campañas', 'Campañas'],
      ['Administradores', 'Administradores'],
      ['Usuarios', 'Usuarios'],
      ['Instituciones', 'Instituciones'],
      ['Categorías', 'Categorías'],
      ['Páginas', 'Páginas'],
      ['Configuración', 'Configuración'],
      ['Histórico', 'Histórico de eventos'],
    ]
    for (const [label, title] of entries) {
      await sideMenu(page).getByRole('link', { name: label, exact: true }).click()
      await heading(page, title)
      if (label === 'Usuarios') {
        // No role 2 user exists yet: the empty-list dialog of spec §2.2 opens; the person closes it.
        const empty = page.getByRole('dialog', { name: 'Sin registros' })
        await empty.getByRole('button', { name: 'Cerrar' }).click()
        await empty.waitFor({ state: 'hidden' })
      }
    }
    await sideMenu(page).getByRole('link', { name: 'Inicio', exact: true }).click()
    await page.getByRole('main').getByRole('link', { name: /Donaciones/ }).click()
    await heading(page, 'Donaciones')

    await page.getByRole('banner').getByRole('link', { name: 'Mi perfil' }).click()
    await heading(page, /perfil/i)

    await page.getByRole('link', { name: 'Ir al sitio' }).click()
    await page.waitForURL(`${site.url}/`)
    await expect.poll(() => sideMenu(page).count()).toBe(0)
    await page.getByRole('navigation').getByRole('link', { name: 'Campañas', exact: true }).click()
    await page.getByRole('list', { name: 'Lista de campañas' }).getByRole('link', { name: 'Agua limpia', exact: true }).click()
    await heading(page, 'Agua limpia')
    expect(new URL(page.url()).pathname).toBe(`/campaigns/${slug}`)

    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Mi perfil' }).click()
    await heading(page, /perfil/i)
    await expect.poll(() => sideMenu(page).count()).toBe(1)

    // The browser's buttons move between areas as well.
    await page.goBack()
    await heading(page, 'Agua limpia')
    await expect.poll(() => sideMenu(page).count()).toBe(0)
    await page.goBack()
    await page.getByRole('list', { name: 'Lista de campañas' }).waitFor()
    await page.goForward()
    await heading(page, 'Agua limpia')
    await page.goForward()
    await heading(page, /perfil/i)
    await expect.poll(() => sideMenu(page).count()).toBe(1)
    await page.context().close()
  })
})
