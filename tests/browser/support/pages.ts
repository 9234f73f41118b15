import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { onTestFailed } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'

export const screenshotDir = resolve(import.meta.dirname, '../../../.test-reports/screenshots')

/**
 * A new page in its own context; when the running test fails, a full-page screenshot of it is
 * saved under .test-reports/screenshots/<label>-<time>.png. Console errors are collected.
 */
export async function openPage(browser: Browser, label: string, options: { viewport?: { width: number; height: number } } = {}): Promise<{ page: Page; context: BrowserContext; consoleErrors: string[] }> {
  const context = await browser.newContext({ locale: 'es-MX', timezoneId: 'America/Mexico_City', viewport: options.viewport ?? { width: 1280, height: 900 }, acceptDownloads: true })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  const consoleErrors: string[] = []
  page.on('pageerror', (error) => consoleErrors.push(error.message))
  onTestFailed(async () => {
    mkdirSync(screenshotDir, { recursive: true })
    await page.screenshot({ path: join(screenshotDir, `${label}-${Date.now()}.png`), fullPage: true }).catch(() => undefined)
  })
  return { page, context, consoleErrors }
}

/** Saves a screenshot of a key screen now (kept with the failure screenshots when the test fails later). */
export async function keyScreen(page: Page, label: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true })
  await page.screenshot({ path: join(screenshotDir, `clave-${label}.png`) }).catch(() => undefined)
}

/**
 * What a visitor's browser reports as wrong from now on: console errors, answers of 400 or more
 * and requests that failed. The returned list fills as the page works.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`consola: ${message.text()}`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`)
  })
  page.on('requestfailed', (request) => problems.push(`fallida: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`))
  return problems
}
