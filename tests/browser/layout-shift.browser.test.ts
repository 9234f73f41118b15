import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'
import { createCampaigns } from './journeys/public-site.ts'

/** Cumulative Layout Shift allowed on every public route (Lighthouse's "good" is 0.1). */
const CLS_LIMIT = 0.05
/** How long a route is watched after its main content shows: late data, images, the slider. */
const SETTLE_MS = 2500

let site: BrowserSite
let browser: Browser

interface Shift {
  value: number
  sources: string[]
}

/**
 * Collects every layout shift not caused by recent input (as CLS counts them) from the start of
 * the document, with the elements that moved; `__shifts` is emptied between routes.
 */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store = window as unknown as { __shifts: Shift[] }
    store.__shifts = []
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?'
      const classes = typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).join('.')}` : ''
      return `${node.tagName.toLowerCase()}${classes}`
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] })[]) {
        if (!entry.hadRecentInput) store.__shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => describe(source.node)) })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** Waits for the route to settle, then returns its shifts (and forgets them for the next route). */
async function shiftsOf(page: Page): Promise<{ cls: number; shifts: Shift[] }> {
  await page.waitForTimeout(SETTLE_MS)
  const shifts = await page.evaluate(() => {
    const store = window as unknown as { __shifts: Shift[] }
    const taken = store.__shifts
    store.__shifts = []
    return taken
  })
  return { cls: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts }
}

const viewports = [
  { name: 'escritorio', viewport: { width: 1280, height: 900 } },
  { name: 'móvil', viewport: { width: 390, height: 844 } },
]

describe('estabilidad visual del sitio público', () => {
  beforeAll(async () => {
    site = await startBrowserSite()
    const adminToken = await site.configure()
    await createCampaigns(site, adminToken, 'Campaña Estable', 5)
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  for (const { name, viewport } of viewports) {
    it(`inicio, campañas y una campaña no se desplazan al cargar (${name})`, async () => {
      const { page, context, consoleErrors } = await openPage(browser, `desplazamiento-${name}`, { viewport })
      await watchShifts(page)
      // A slower CPU, as on a phone: late content has more time to push what is already shown.
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })

      await page.goto(site.url)
      await page.getByRole('region', { name: 'Nuestra misión' }).waitFor()
      const home = await shiftsOf(page)

      // A slow network from here on: the next screen's code arrives well after the tap, when a
      // shift no longer counts as caused by it (CLS forgives 0.5 s after an input).
      await page.route(/\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800))
        await route.continue()
      })
      const menu = page.getByRole('button', { name: 'Menú' })
      if (await menu.isVisible()) await menu.click()
      await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Campañas' }).click()
      const cards = page.getByRole('list', { name: 'Lista de campañas' })
      await cards.getByRole('listitem').first().waitFor()
      const gallery = await shiftsOf(page)

      await cards.getByRole('link', { name: 'Campaña Estable 3', exact: true }).click()
      await page.waitForURL(/\/campaigns\/[^/?]+$/)
      await page.getByRole('heading', { level: 1, name: 'Campaña Estable 3' }).waitFor()
      const campaign = await shiftsOf(page)

      const measured = { '/': home, '/campaigns': gallery, '/campaigns/{slug}': campaign }
      const report = Object.entries(measured).map(([route, { cls, shifts }]) => `${route}: ${cls.toFixed(3)} ${JSON.stringify(shifts)}`).join('\n')
      for (const { cls } of Object.values(measured)) expect(cls, report).toBeLessThan(CLS_LIMIT)
      expect(consoleErrors).toEqual([])
      await context.close()
    })
  }
})
