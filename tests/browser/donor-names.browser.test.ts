import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { keyScreen, openPage } from './support/pages.ts'
import { acceptPrivacy, createCampaignThroughApi, openCampaign } from './journeys/campaign.ts'

const BAD_NAME = "Escriba solo letras, espacios y los signos . ' -"

/** The donation forms show the name rule before anything is sent (and a phone keeps the form usable). */
describe('nombres de donantes en los formularios', () => {
  let site: BrowserSite
  let browser: Browser
  let slug: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    const adminToken = await site.configure()
    slug = (await createCampaignThroughApi(site, adminToken)).slug
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('la ficha OXXO rechaza una dirección web como nombre y acepta un nombre con acentos, apóstrofo y guion', async () => {
    const { page } = await openPage(browser, 'oxxo-nombre', { viewport: { width: 390, height: 844 } })
    await openCampaign(page, site.url, slug)
    await acceptPrivacy(page)
    await page.getByRole('button', { name: 'Pagar en efectivo (OXXO)' }).click()
    const modal = page.getByRole('dialog', { name: 'Donar en efectivo' })
    await modal.getByLabel('Nombre').fill('Visita estafa.com')
    await modal.getByLabel('Apellidos').fill("O'Neil-Ruíz")
    await modal.getByLabel('Correo electrónico').fill('maria@correo.mx')
    await modal.getByLabel('Teléfono (10 dígitos)').fill('5512345678')
    await modal.getByRole('button', { name: 'Generar ficha de pago' }).click()
    await modal.getByText(BAD_NAME).waitFor()
    expect(await modal.getByText(BAD_NAME).count()).toBe(1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await keyScreen(page, 'oxxo-nombre-invalido-390')

    await modal.getByLabel('Nombre').fill('María José')
    await modal.getByRole('button', { name: 'Generar ficha de pago' }).click()
    await page.getByRole('dialog', { name: 'Ficha de pago OXXO' }).getByTestId('referencia').waitFor()
  })
})
