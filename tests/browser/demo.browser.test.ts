import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { freePort, runScript, waitUntil, type RunningProcess } from '../support/processes.ts'
import { launchChromium } from './chromium.ts'
import { keyScreen, openPage, watchProblems } from './support/pages.ts'

/** `npm run demo` (its entry point, as npm runs it) seen by a visitor in Chromium: the real site, not the placeholder. */
describe('la demostración en el navegador', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'donaciones-demo-navegador-'))
  let demo: RunningProcess
  let browser: Browser
  let url = ''

  beforeAll(async () => {
    const port = await freePort()
    demo = runScript('tools/demo/main.ts', [], { PORT: String(port), PROVIDER_SIM_PORT: String(await freePort()), DEMO_DATA_DIR: dataDir, DATABASE_URL: '', NATS_URL: '' })
    await waitUntil(async () => {
      if (demo.child.exitCode !== null) throw new Error(demo.output())
      return demo.output().includes('Demostración lista')
    }, 150_000, 'la demostración')
    url = `http://localhost:${port}`
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await demo?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('muestra el nombre del sitio y, tras pulsar «Campañas», las tarjetas de las campañas de ejemplo, sin errores', async () => {
    const { page, consoleErrors } = await openPage(browser, 'demo')
    const problems = watchProblems(page)
    await page.goto(url)
    const brand = page.getByRole('banner').getByRole('link', { name: /Fundación Demostración/ })
    await brand.waitFor()
    expect(await page.getByText('La interfaz web todavía no se ha construido').count()).toBe(0)
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Campañas' }).click()
    const cards = page.getByRole('list', { name: 'Lista de campañas' }).getByRole('listitem')
    await cards.filter({ hasText: 'Despensas navideñas' }).waitFor()
    expect(await cards.count()).toBeGreaterThanOrEqual(4)
    await keyScreen(page, 'demo-campanas')
    expect(problems).toEqual([])
    expect(consoleErrors).toEqual([])
    await page.context().close()
  })
})
