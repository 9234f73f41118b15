import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { keyScreen, openPage, watchProblems } from './support/pages.ts'
import { createCampaigns } from './journeys/public-site.ts'

let site: BrowserSite
let browser: Browser

/** An anonymous visitor's page loads are clean: no console error, no failed request (the social-session check included). */
describe('consola limpia para un visitante anónimo', () => {
  beforeAll(async () => {
    site = await startBrowserSite()
    const token = await site.configure()
    await createCampaigns(site, token, 'Campaña Silenciosa', 2)
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  for (const [path, ready] of [
    ['/', 'Nuestra misión es ayudar.'],
    ['/campaigns', 'Campaña Silenciosa 1'],
  ] as const) {
    it(`cargar ${path} no registra errores ni peticiones fallidas`, async () => {
      const { page, context, consoleErrors } = await openPage(browser, `consola${path.replaceAll('/', '-')}`)
      const problems = watchProblems(page)
      const answers: string[] = []
      page.on('response', (response) => {
        if (response.url().includes('/api/oauth/login/check')) answers.push(`${response.status()}`)
      })
      await page.goto(`${site.url}${path}`)
      await page.getByText(ready).first().waitFor()
      await page.getByRole('link', { name: 'Iniciar sesión' }).first().waitFor()
      await page.waitForLoadState('networkidle')
      expect(answers).toEqual(['200'])
      expect(problems).toEqual([])
      expect(consoleErrors).toEqual([])
      await context.close()
    })
  }

  it('los enlaces de / y /campaigns se pueden rastrear y dicen a dónde llevan', async () => {
    // Lighthouse's list of Spanish link texts that say nothing about their destination.
    const vague = new Set(['click aquí', 'click aqui', 'clicka aquí', 'clicka aqui', 'pincha aquí', 'pincha aqui', 'aquí', 'aqui', 'más', 'mas', 'más información', 'más informacion', 'mas información', 'mas informacion', 'este', 'enlace', 'este enlace', 'empezar'])
    const { page, context } = await openPage(browser, 'enlaces')
    for (const [path, ready] of [['/', 'Nuestra misión es ayudar.'], ['/campaigns', 'Campaña Silenciosa 1']] as const) {
      await page.goto(`${site.url}${path}`)
      await page.getByText(ready).first().waitFor()
      const links = await page.locator('a').evaluateAll((anchors) => anchors.map((anchor) => ({ href: anchor.getAttribute('href') ?? '', text: (anchor as HTMLElement).innerText.trim() })))
      expect(links.length).toBeGreaterThan(3)
      for (const link of links) {
        expect(link.href, link.text).toMatch(/^(\/|https?:|mailto:|tel:|#\w)/)
        expect(vague.has(link.text.toLowerCase()), `${path}: «${link.text}»`).toBe(false)
      }
    }
    await context.close()
  })

  it('una campaña inexistente responde 404 y la página muestra «Campaña no encontrada»', async () => {
    // The document and the campaign's API answer 404 on purpose; nothing else may reach the console.
    const { page, context } = await openPage(browser, 'campana-inexistente', { expectedConsoleErrors: [/status of 404 .*\/no-existe(\/visit)?\)/] })
    const response = await page.goto(`${site.url}/campaigns/no-existe`)
    expect(response?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Campaña no encontrada' }).waitFor()
    await keyScreen(page, 'campana-inexistente')
    await context.close()
  })
})
