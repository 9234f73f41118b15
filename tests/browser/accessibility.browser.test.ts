import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'
import { accessibilityViolations, describeViolations } from './support/axe.ts'
import { createCampaignThroughApi } from './journeys/campaign.ts'

/** WCAG 2.1 A/AA (axe-core) on every public screen and on the wizard's first step: labels, names, contrast. */
describe('accessibility of the public site and the wizard', () => {
  let site: BrowserSite
  let browser: Browser
  let slug: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('the setup wizard has no WCAG A/AA violations', async () => {
    const { page } = await openPage(browser, 'a11y-asistente')
    await page.goto(`${site.url}/configure`)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    expect(describeViolations(await accessibilityViolations(page))).toEqual([])
  })

  it.each(['/', '/campaigns', '/campaign', '/about', '/login', '/forgot-password', '/register', '/verify-email'])('%s has no WCAG A/AA violations', async (route) => {
    if (!slug) {
      const token = await site.configure()
      slug = (await createCampaignThroughApi(site, token)).slug
    }
    const path = route === '/campaign' ? `/campaigns/${slug}` : route
    const { page } = await openPage(browser, `a11y${path.replaceAll('/', '-')}`)
    await page.goto(`${site.url}${path}`)
    await page.locator('main h1').first().waitFor()
    await page.waitForLoadState('networkidle')
    expect(describeViolations(await accessibilityViolations(page))).toEqual([])
  })
})
