import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'
import { createCampaignThroughApi } from './journeys/campaign.ts'
import { openCampaignFromGallery } from './journeys/public-site.ts'

/** What a page's head says: its title, canonical link and the meta tags the gateway fills in. */
interface Head {
  title: string
  canonical: string | null
  meta: [string, string][]
}

/**
 * The head of the document now shown in `page`, or of `html` (a document as the server sent it),
 * read by the browser's own parser.
 */
function readHead(page: Page, html: string | null = null): Promise<Head> {
  return page.evaluate((source) => {
    const doc = source === null ? document : new DOMParser().parseFromString(source, 'text/html')
    const meta = Array.from(doc.head.querySelectorAll('meta[name], meta[property]'))
      .map((element): [string, string] => [element.getAttribute('name') ?? element.getAttribute('property') ?? '', element.getAttribute('content') ?? ''])
      .filter(([key]) => key === 'description' || key === 'robots' || key.startsWith('og:') || key.startsWith('twitter:'))
      .sort(([a], [b]) => a.localeCompare(b))
    return { title: doc.title, canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null, meta }
  }, html)
}

/**
 * Issue 20: a navigation inside the site (a click, no reload) leaves the document's head as a
 * direct load of the same URL gets it from the gateway: title, description, canonical link and
 * the Open Graph and Twitter card tags.
 */
describe('la cabecera del documento al navegar con clics', () => {
  let site: BrowserSite
  let browser: Browser
  let first: { slug: string }
  let second: { slug: string }

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    const adminToken = await site.configure()
    first = await createCampaignThroughApi(site, adminToken)
    second = await createCampaignThroughApi(site, adminToken, { title: 'Cobijas para la sierra', description: 'Cobijas térmicas para las familias de la sierra en invierno.' })
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('del inicio a una campaña, a la galería, a otra campaña, a Nosotros y a Iniciar sesión, la cabecera es la de una carga directa', async () => {
    const { page } = await openPage(browser, 'cabecera-navegacion')
    /** What the gateway answers for a direct load of `path`, as the browser parses it. */
    const served = async (path: string) => {
      const response = await fetch(`${site.url}${path}`)
      expect(response.status, path).toBe(200)
      return readHead(page, await response.text())
    }
    const expectHeadOf = async (path: string) => {
      const expected = await served(path)
      expect(expected.title, `${path}: la carga directa tiene título`).not.toBe('')
      await expect.poll(() => readHead(page), { message: `cabecera de ${path}` }).toEqual(expected)
    }

    await page.goto(site.url)
    await page.getByRole('region', { name: 'Nuestra misión' }).waitFor()
    await expectHeadOf('/')

    // From the home page's banner to a campaign.
    await page.getByRole('link', { name: 'Ver campaña: Útiles para todos' }).first().click()
    await page.getByRole('heading', { level: 1, name: 'Útiles para todos' }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/campaigns/${first.slug}`)
    await expectHeadOf(`/campaigns/${first.slug}`)
    const campaignHead = await readHead(page)
    expect(campaignHead.title).toBe('Útiles para todos')
    expect(campaignHead.meta).toContainEqual(['description', 'Mochilas y útiles escolares para cien niñas y niños.'])
    expect(campaignHead.canonical).toBe(`${site.url}/campaigns/${first.slug}`)

    // The gallery, and from it the other campaign.
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Campañas' }).click()
    await page.waitForURL(/\/campaigns$/)
    await expectHeadOf('/campaigns')
    await openCampaignFromGallery(page, 'Cobijas para la sierra')
    await page.getByRole('heading', { level: 1, name: 'Cobijas para la sierra' }).waitFor()
    await expectHeadOf(`/campaigns/${second.slug}`)

    // A page of the site, and a screen without canonical link or sharing tags.
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Nosotros' }).click()
    await page.waitForURL(/\/about$/)
    await expectHeadOf('/about')
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Iniciar sesión' }).click()
    await page.waitForURL(/\/login$/)
    await expectHeadOf('/login')
    expect((await readHead(page)).canonical).toBeNull()

    // Back in the history to the campaign: its head again.
    await page.goBack()
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: 'Cobijas para la sierra' }).waitFor()
    await expectHeadOf(`/campaigns/${second.slug}`)
  })
})
