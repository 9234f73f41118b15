import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'
import { createCampaignThroughApi, signInWithToken } from './journeys/campaign.ts'
import { openFromMenu, recordOnServer, tableRow } from './journeys/dashboard.ts'

interface HistoryEntry {
  document: string
  cause: string
  createdAt: string
}

/**
 * 'DD/MM/YYYY, hh:mm AM' on Mexico City's clock, computed here without the site's formatter:
 * Mexico City keeps UTC−6 all year (no daylight saving since 2022).
 */
function mexicoCityTime(iso: string): { dateTime: string; time: string } {
  const local = new Date(Date.parse(iso) - 6 * 3600_000)
  const pad = (value: number) => String(value).padStart(2, '0')
  const hours = local.getUTCHours()
  const time = `${pad(hours % 12 === 0 ? 12 : hours % 12)}:${pad(local.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`
  return { dateTime: `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}, ${time}`, time }
}

describe('times read on the Mexico City clock wherever the browser is', () => {
  let site: BrowserSite
  let browser: Browser

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('a record, its row expansion and Histórico show one change at the same Mexico City time from a browser in Tokyo', async () => {
    const token = await site.configure()
    const campaign = await createCampaignThroughApi(site, token, { title: 'Reloj de la sierra' })
    const mexicoDay = new Date(Date.now() - 6 * 3600_000).toISOString().slice(0, 10)
    const events = await recordOnServer<HistoryEntry[]>(site, token, `/api/historical/?date=${mexicoDay}`)
    const created = events.find((event) => event.document === campaign._id)
    if (!created) throw new Error('Sin evento de creación')
    const expected = mexicoCityTime(created.createdAt)

    const { page } = await openPage(browser, 'horas-tokio', { timezoneId: 'Asia/Tokyo' })
    await signInWithToken(page, token)
    await page.goto(`${site.url}/dashboard`)
    await openFromMenu(page, 'Campañas')
    await tableRow(page, 'Reloj de la sierra').first().getByText('Reloj de la sierra', { exact: true }).click()
    const viewHistory = page.locator('.campaign-view__history .history-rows__date')
    await viewHistory.first().waitFor()
    expect(await viewHistory.allTextContents()).toEqual([expected.dateTime])

    await page.getByRole('link', { name: 'Regresar' }).click()
    await page.getByRole('button', { name: 'Ver cambios: Reloj de la sierra' }).click()
    const rowHistory = page.locator('.data-table__detail .history-rows__date')
    await rowHistory.first().waitFor()
    expect(await rowHistory.allTextContents()).toEqual([expected.dateTime])

    await openFromMenu(page, 'Histórico')
    const entry = page.getByTestId('history-entry').filter({ hasText: 'Reloj de la sierra' })
    await entry.first().waitFor()
    expect(await entry.locator('.history-time').allTextContents()).toEqual([expected.time])
    await page.context().close()
  })
})
