import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'
import { createCampaignThroughApi, signInWithToken } from './journeys/campaign.ts'
import { openFromMenu, tableRow } from './journeys/dashboard.ts'

const NOTICE = 'Sin meta: no recibe donaciones'

describe('campaigns without a goal are pointed out in the dashboard', () => {
  let site: BrowserSite
  let browser: Browser

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('the list and the record say it takes no donations, and Configuración warns how many active ones there are', async () => {
    const token = await site.configure()
    await createCampaignThroughApi(site, token, { title: 'Sin meta todavía', goal: 0 })
    await createCampaignThroughApi(site, token, { title: 'Con meta', goal: 5000 })

    const { page } = await openPage(browser, 'campanas-sin-meta')
    await signInWithToken(page, token)
    await page.goto(`${site.url}/dashboard`)
    await openFromMenu(page, 'Campañas')
    const withoutGoal = tableRow(page, 'Sin meta todavía').first()
    await withoutGoal.getByText(NOTICE, { exact: true }).waitFor()
    expect(await tableRow(page, 'Con meta').first().getByText(NOTICE).count()).toBe(0)
    await tableRow(page, 'Con meta').first().getByText('$5,000.00').waitFor()

    await withoutGoal.getByText('Sin meta todavía', { exact: true }).click()
    await page.getByText('Campaña - Información del registro').waitFor()
    await page.getByRole('main').getByText(NOTICE, { exact: true }).waitFor()

    await openFromMenu(page, 'Configuración')
    const warning = page.getByRole('status').filter({ hasText: 'Hay 1 campaña activa sin meta: no recibe donaciones.' })
    await warning.waitFor()
    await warning.getByRole('link', { name: 'Ver campañas' }).click()
    await page.getByRole('heading', { level: 1, name: 'Campañas' }).waitFor()
    await page.context().close()
  })
})
