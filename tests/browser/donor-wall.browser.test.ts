import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { countDocumentLoads, keyScreen, openPage } from './support/pages.ts'
import { approvedCard, createCampaignThroughApi, donateByCard, openCampaignFromHome, signInWithToken } from './journeys/campaign.ts'
import { answerJustification, openFromMenu, tableRow, waitForToast } from './journeys/dashboard.ts'

const TITLE = 'Útiles para todos'
const PHONE = { width: 390, height: 844 }

/** The lines of one list of the wall ('Donaciones recientes' or 'Donaciones más grandes'). */
function wallList(page: Page, name: string) {
  return page.getByRole('region', { name: 'Muro de donadores' }).getByRole('list', { name })
}

describe('el muro de donadores: quien dona aparece con su nombre de pila e inicial, o como Anónimo, con su mensaje', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    adminToken = await site.configure()
    await createCampaignThroughApi(site, adminToken)
  })

  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('en un teléfono: el muro vacío invita a donar; una donación anónima con mensaje aparece sin nombre', async () => {
    const { page, consoleErrors } = await openPage(browser, 'muro-anonimo', { viewport: PHONE })
    await openCampaignFromHome(page, site.url, TITLE)
    await page.getByRole('region', { name: 'Muro de donadores' }).getByText('Aún no hay donaciones. ¡Sé la primera persona en donar!').waitFor()

    await page.getByRole('group', { name: 'Montos sugeridos' }).getByRole('button', { name: '$500' }).click()
    await page.getByRole('checkbox', { name: 'Donar de forma anónima' }).check()
    const message = page.getByLabel('Mensaje para el muro (opcional)')
    await message.fill('Con cariño para la escuela')
    await page.getByText('26/280 caracteres').waitFor()
    await keyScreen(page, 'muro-eleccion')
    await donateByCard(page, { ...approvedCard, name: 'Bruno Secreto', number: '4242424242424242' })

    const latest = wallList(page, 'Donaciones recientes')
    await expect.poll(() => latest.getByRole('listitem').count()).toBe(1)
    const entry = await latest.getByRole('listitem').first().innerText()
    expect(entry).toMatch(/^Anónimo donó \$500 · hace /)
    expect(entry).toContain('Con cariño para la escuela')
    expect(await page.getByRole('region', { name: 'Muro de donadores' }).innerText()).not.toContain('Bruno')
    // The next donation starts with a clean choice.
    expect(await message.inputValue()).toBe('')
    expect(await page.getByRole('checkbox', { name: 'Donar de forma anónima' }).isChecked()).toBe(false)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await keyScreen(page, 'muro-anonimo')
    expect(consoleErrors).toEqual([])
  })

  it('en escritorio: una donación con nombre aparece como "Juan P." arriba de la anónima, y la mayor encabeza las más grandes', async () => {
    const { page, consoleErrors } = await openPage(browser, 'muro-con-nombre')
    await openCampaignFromHome(page, site.url, TITLE)
    await page.getByRole('group', { name: 'Montos sugeridos' }).getByRole('button', { name: '$1,000' }).click()
    await page.getByLabel('Mensaje para el muro (opcional)').fill('¡Adelante!')
    await donateByCard(page, { ...approvedCard, number: '4242424242424242' })

    const latest = wallList(page, 'Donaciones recientes')
    await expect.poll(() => latest.getByRole('listitem').count()).toBe(2)
    const lines = await latest.getByRole('listitem').allInnerTexts()
    expect(lines[0]).toMatch(/^Juan P\. donó \$1,000 · hace /)
    expect(lines[0]).toContain('¡Adelante!')
    expect(lines[1]).toMatch(/^Anónimo donó \$500/)
    const largest = await wallList(page, 'Donaciones más grandes').getByRole('listitem').allInnerTexts()
    expect(largest.map((line) => line.split(' · ')[0])).toEqual(['Juan P. donó $1,000', 'Anónimo donó $500'])
    expect(await page.getByRole('region', { name: 'Muro de donadores' }).innerText()).not.toContain('Pérez')
    await keyScreen(page, 'muro-con-nombre')
    expect(consoleErrors).toEqual([])
  })
  it('en el panel, a 390 px: la campaña lista los mensajes; ocultar uno pide justificación y el sitio deja de mostrarlo', async () => {
    const { page, consoleErrors } = await openPage(browser, 'muro-moderacion', { viewport: PHONE })
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard`)
    await page.getByRole('heading', { level: 1, name: /^Bienvenido/ }).waitFor()
    await openFromMenu(page, 'Campañas')
    await tableRow(page, TITLE).first().getByText(TITLE, { exact: true }).click()
    const section = page.getByRole('region', { name: 'Mensajes del muro de donadores' })
    const item = section.getByRole('listitem').filter({ hasText: 'Con cariño para la escuela' })
    await item.waitFor()
    expect(await item.innerText()).toContain('Anónimo')
    await item.getByRole('button', { name: 'Ocultar mensaje' }).click()
    await answerJustification(page, 'Mensaje fuera de lugar')
    await waitForToast(page, 'Mensaje oculto del muro')
    await item.getByText('Oculto', { exact: true }).waitFor()
    await item.getByRole('button', { name: 'Mostrar mensaje' }).waitFor()
    await page.getByRole('heading', { name: 'Historial de cambios' }).scrollIntoViewIfNeeded()
    await page.getByText('Mensaje fuera de lugar').first().waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await keyScreen(page, 'muro-moderacion')

    // The public page, reached from the view's link without loading the site again, no longer shows the message.
    const documentLoads = countDocumentLoads(page)
    await page.getByRole('link', { name: 'Ver en el sitio' }).click()
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor()
    expect(documentLoads()).toBe(0)
    const wall = page.getByRole('region', { name: 'Muro de donadores' })
    await wall.getByText('Juan P.').first().waitFor()
    expect(await wall.innerText()).not.toContain('Con cariño para la escuela')
    expect(consoleErrors).toEqual([])
  })
})
