import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { onTestFailed, onTestFinished } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { BROWSER_WAIT_MS } from './wait.ts'

export const screenshotDir = resolve(import.meta.dirname, '../../../.test-reports/screenshots')
/** One text file per failed journey: what its page showed and what went wrong in it (printed by CI's summary). */
export const failureNotesDir = resolve(import.meta.dirname, '../../../.test-reports/browser-failures')

export interface OpenPageOptions {
  viewport?: { width: number; height: number }
  mobile?: boolean
  /** The browser's clock zone (Mexico City unless a test needs a visitor from elsewhere). */
  timezoneId?: string
  /**
   * Console errors this journey causes on purpose (a declined card answers 402, a remote is cut
   * off...). Any other console error or uncaught page error fails the test when it ends.
   */
  expectedConsoleErrors?: RegExp[]
}

/**
 * A new page in its own context; when the running test fails, a full-page screenshot of it is
 * saved under .test-reports/screenshots/<label>-<time>.png and what the page showed (its address,
 * open dialogs and alerts, failed requests and answers of 400 or more, console errors) under
 * .test-reports/browser-failures/<label>-<time>.txt. Console errors and uncaught page errors
 * are collected, and a test that passes with one nobody expected fails when it ends: a normal
 * journey leaves the console quiet. A Content-Security-Policy violation is reported as such an error.
 * `mobile` emulates a phone (with a phone-sized `viewport`).
 */
export async function openPage(browser: Browser, label: string, options: OpenPageOptions = {}): Promise<{ page: Page; context: BrowserContext; consoleErrors: string[] }> {
  const context = await browser.newContext({
    locale: 'es-MX',
    timezoneId: options.timezoneId ?? 'America/Mexico_City',
    viewport: options.viewport ?? { width: 1280, height: 900 },
    acceptDownloads: true,
    // A phone: meta viewport honoured, touch events, a 2x screen.
    ...(options.mobile && { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
  })
  // Every Content-Security-Policy violation becomes a console error, which fails the journey below.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Violación de la política de seguridad de contenido (CSP): ${event.effectiveDirective} bloqueó ${event.blockedURI || 'un recurso en línea'} en ${event.sourceFile || event.documentURI}`)
    })
  })
  const page = await context.newPage()
  page.setDefaultTimeout(BROWSER_WAIT_MS)
  const consoleErrors: string[] = []
  const problems = watchProblems(page)
  page.on('pageerror', (error) => consoleErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`)
  })
  let failed = false
  onTestFailed(async ({ task }) => {
    failed = true
    const time = Date.now()
    mkdirSync(screenshotDir, { recursive: true })
    await page.screenshot({ path: join(screenshotDir, `${label}-${time}.png`), fullPage: true }).catch(() => undefined)
    mkdirSync(failureNotesDir, { recursive: true })
    writeFileSync(join(failureNotesDir, `${label}-${time}.txt`), `${task.name}\n${(await pageFailureNote(page, problems)).join('\n')}\n`)
  })
  onTestFinished(() => {
    if (failed) return
    const unexpected = unexpectedConsoleErrors(consoleErrors, options.expectedConsoleErrors ?? [])
    if (unexpected.length > 0) throw new Error(`Errores en la consola del navegador (${label}):\n${unexpected.join('\n')}`)
  })
  return { page, context, consoleErrors }
}

/** What a failed journey's page showed: its address, the text of its open dialogs and alerts, then `problems`. */
async function pageFailureNote(page: Page, problems: readonly string[]): Promise<string[]> {
  const shown = await page
    .locator('dialog[open], [role=dialog], [role=alertdialog], [role=alert], [role=status]')
    .evaluateAll((elements) => elements.map((element) => `${element.getAttribute('role') ?? 'dialog'}: ${(element as HTMLElement).innerText.replace(/\s+/g, ' ').trim().slice(0, 300)}`).filter((line) => !line.endsWith(': ')))
    .catch((error: unknown) => [`sin acceso a la página: ${String(error)}`])
  return [`dirección: ${page.url()}`, ...shown, ...problems.slice(-10)]
}

/** The collected console errors that none of the expected patterns explains. */
export function unexpectedConsoleErrors(errors: readonly string[], expected: readonly RegExp[]): string[] {
  return errors.filter((error) => !expected.some((pattern) => pattern.test(error)))
}

/**
 * Counts the documents the page loads from now on (a reload or a navigation that is not the
 * router's adds one), so a journey can prove it moved between screens without a reload.
 */
export function countDocumentLoads(page: Page): () => number {
  let loads = 0
  page.on('load', () => {
    loads += 1
  })
  return () => loads
}

/** Saves a screenshot of a key screen now (kept with the failure screenshots when the test fails later). */
export async function keyScreen(page: Page, label: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true })
  await page.screenshot({ path: join(screenshotDir, `clave-${label}.png`) }).catch(() => undefined)
}

/**
 * What a visitor's browser reports as wrong from now on: console and uncaught errors, answers of 400 or more
 * and requests that failed. The returned list fills as the page works.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`consola: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`error de la página: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`)
  })
  page.on('requestfailed', (request) => problems.push(`fallida: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`))
  return problems
}
