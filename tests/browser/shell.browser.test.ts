import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'

const REMOTE_PANEL = 'No se pudo cargar esta sección del sitio'

/** Which remotes' files a page fetched. */
function remotesRequested(page: Page): () => string[] {
  const seen = new Set<string>()
  page.on('request', (request) => {
    const match = /\/remotes\/([^/]+)\//.exec(new URL(request.url()).pathname)
    if (match?.[1]) seen.add(match[1])
  })
  return () => [...seen].sort()
}

describe('the shell: federation, first run and failing remotes', () => {
  let site: BrowserSite
  let browser: Browser

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('sends a first visit to /configure, where only the setup remote is fetched', async () => {
    const { page } = await openPage(browser, 'primera-visita')
    await page.goto(`${site.url}/campaigns`)
    await page.waitForURL(`${site.url}/configure`)
    expect(await page.getAttribute('html', 'lang')).toBe('es')
    const { page: direct } = await openPage(browser, 'configurar-directo')
    const remotes = remotesRequested(direct)
    await direct.goto(`${site.url}/configure`)
    await direct.getByRole('heading', { level: 1 }).first().waitFor()
    expect(remotes()).toEqual(['setup'])
    await page.context().close()
    await direct.context().close()
  })

  it('shows the Spanish error panel when the setup remote cannot be fetched, and recovers on retry', async () => {
    const { page } = await openPage(browser, 'remoto-caido', { expectedConsoleErrors: [/ERR_CONNECTION_REFUSED .*remoteEntry\.js/, /Federation Runtime/] })
    await page.route('**/remotes/setup/**', (route) => route.abort('connectionrefused'))
    await page.goto(`${site.url}/configure`)
    await expect.poll(() => page.getByRole('heading', { name: REMOTE_PANEL }).isVisible()).toBe(true)
    await expect.poll(() => page.getByText('Ocurrió un problema al descargar la aplicación').isVisible()).toBe(true)
    await page.unroute('**/remotes/setup/**')
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reintentar' }).click()])
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/remotes/setup/remoteEntry.js')))).toBe(true)
    await expect.poll(() => page.getByRole('heading', { name: REMOTE_PANEL }).count()).toBe(0)
    await page.context().close()
  })

  it('shows the panel when the setup remote serves broken code', async () => {
    const { page } = await openPage(browser, 'remoto-roto', { expectedConsoleErrors: [/Unexpected identifier/, /Federation Runtime/] })
    await page.route('**/remotes/setup/remoteEntry.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: 'this is not javascript {' }))
    await page.goto(`${site.url}/configure`)
    await expect.poll(() => page.getByRole('heading', { name: REMOTE_PANEL }).isVisible()).toBe(true)
    await page.context().close()
  })

  it('keeps the public site working without the setup remote, and fetches no setup or dashboard code on public routes', async () => {
    await site.configure()
    const { page, consoleErrors } = await openPage(browser, 'sitio-publico-sin-setup')
    await page.route('**/remotes/setup/**', (route) => route.abort('connectionrefused'))
    await page.route('**/remotes/dashboard/**', (route) => route.abort('connectionrefused'))
    const remotes = remotesRequested(page)
    for (const path of ['/', '/campaigns', '/about', '/login']) {
      await page.goto(`${site.url}${path}`)
      await expect.poll(() => page.locator('main').count()).toBeGreaterThan(0)
      expect(await page.getByRole('heading', { name: REMOTE_PANEL }).count()).toBe(0)
    }
    await page.goto(`${site.url}/configure`)
    await page.waitForURL(`${site.url}/`)
    expect(remotes()).toEqual(['public'])
    expect(consoleErrors).toEqual([])
    await page.context().close()
  })
})
