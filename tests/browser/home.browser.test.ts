import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { createLogger } from '@donaciones/kit'
import { startEmbeddedPlatform, type EmbeddedPlatform } from '../../gateway/src/embedded-platform.ts'
import { launchChromium } from './chromium.ts'

describe('the site in a browser', () => {
  let platform: EmbeddedPlatform
  let browser: Browser

  beforeAll(async () => {
    platform = await startEmbeddedPlatform({ port: 0, logger: createLogger('browser-test', { level: 'silent' }) })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await platform?.stop()
  })

  it('shows the Spanish start page with the visit counter read from the API', async () => {
    await fetch(`${platform.url}/api/counters/visits`, { method: 'POST' })
    await fetch(`${platform.url}/api/counters/visits`, { method: 'POST' })
    const page = await browser.newPage()
    await page.goto(`${platform.url}/`)
    expect(await page.getAttribute('html', 'lang')).toBe('es')
    expect(await page.textContent('h1')).toBe('Plataforma de donaciones')
    await page.waitForFunction(() => document.getElementById('visitas')?.textContent === '2')
    expect(await page.textContent('#visitas')).toBe('2')
  })
})
