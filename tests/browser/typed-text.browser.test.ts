import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DONOR_MESSAGE_CONTROL_CHARACTERS, DONOR_MESSAGE_LINE_BREAK } from '@donaciones/contracts'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { keyScreen, openPage } from './support/pages.ts'
import {
  acceptPrivacy,
  approvedCard,
  commentAs,
  createCampaignThroughApi,
  createMemberToken,
  donateByCard,
  openCampaignFromHome,
  requestOxxoVoucher,
  signInWithToken,
} from './journeys/campaign.ts'

const TITLE = 'Textos tal como se escriben'
const PHONE = { width: 390, height: 844 }
const TYPED_COMMENT = 'Tom & Jerry <b>negritas</b>'

function messageField(page: Page) {
  return page.getByLabel('Mensaje para el muro (opcional)')
}

/** The body of the next card donation the page sends. */
function nextCardDonation(page: Page): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((request) => request.url().endsWith('/api/donations/conekta') && request.method() === 'POST')
    .then((request) => request.postDataJSON() as Record<string, unknown>)
}

describe('lo que una persona escribe se ve como lo escribió; el mensaje del muro es un solo párrafo; el correo da la hora de la pantalla', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    adminToken = await site.configure()
    await createCampaignThroughApi(site, adminToken, { title: TITLE })
  })

  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it(`un comentario con & y etiquetas se muestra literalmente, sin &amp; ni negritas, en escritorio y en un teléfono`, async () => {
    const member = await createMemberToken(site, adminToken, 'tom@example.com')
    const { page, consoleErrors } = await openPage(browser, 'comentario-literal')
    await signInWithToken(page, member)
    await openCampaignFromHome(page, site.url, TITLE)
    await commentAs(page, TYPED_COMMENT)
    const list = page.getByRole('list', { name: 'Lista de comentarios' })
    expect(await list.locator('.campaign-comment__text').allInnerTexts()).toEqual([TYPED_COMMENT])
    expect(await list.locator('b').count()).toBe(0)
    expect(await list.innerText()).not.toContain('&amp;')
    await keyScreen(page, 'comentario-literal-escritorio')
    expect(consoleErrors).toEqual([])

    const visitor = await openPage(browser, 'comentario-literal-telefono', { viewport: PHONE })
    await openCampaignFromHome(visitor.page, site.url, TITLE)
    const shown = visitor.page.getByRole('list', { name: 'Lista de comentarios' }).locator('.campaign-comment__text')
    await shown.first().waitFor()
    expect(await shown.allInnerTexts()).toEqual([TYPED_COMMENT])
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await shown.first().scrollIntoViewIfNeeded()
    await keyScreen(visitor.page, 'comentario-literal-telefono')
    expect(visitor.consoleErrors).toEqual([])
  })

  for (const [label, viewport] of [['escritorio', { width: 1280, height: 900 }], ['teléfono', PHONE]] as const) {
    it(`en ${label}: un salto de línea o un control de dirección en el mensaje se rechazan en español bajo el campo y no abren el pago`, async () => {
      const { page, consoleErrors } = await openPage(browser, `mensaje-muro-${label}`, { viewport })
      await openCampaignFromHome(page, site.url, TITLE)
      const field = messageField(page)
      await field.fill('Gracias\nde corazón')
      await field.blur()
      const error = page.getByRole('alert').filter({ hasText: DONOR_MESSAGE_LINE_BREAK })
      await error.waitFor()
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      await acceptPrivacy(page)
      await page.getByRole('button', { name: 'Pagar con tarjeta' }).click()
      // The payment does not open; the field with the problem takes the focus.
      await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true)
      expect(await page.getByRole('dialog', { name: 'Donar con tarjeta' }).count()).toBe(0)
      await field.scrollIntoViewIfNeeded()
      await keyScreen(page, `mensaje-muro-rechazado-${label}`)

      // While it is wrong, each change is checked again.
      await field.fill('Gracias \u202eed nóicanod')
      await page.getByRole('alert').filter({ hasText: DONOR_MESSAGE_CONTROL_CHARACTERS }).waitFor()
      await field.fill('Gracias de corazón')
      await page.getByRole('alert').filter({ hasText: /El mensaje/ }).waitFor({ state: 'detached' })
      expect(await field.getAttribute('aria-invalid')).toBe('false')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      expect(consoleErrors).toEqual([])
    })
  }

  it('la tarjeta envía siempre la elección explícita del donante: marcado, anónimo; sin marcar, con nombre', async () => {
    const { page, consoleErrors } = await openPage(browser, 'eleccion-explicita', { viewport: PHONE })
    await openCampaignFromHome(page, site.url, TITLE)
    await page.getByRole('checkbox', { name: 'Donar de forma anónima' }).check()
    await messageField(page).fill('Gracias de corazón')
    let sent = nextCardDonation(page)
    await donateByCard(page, { ...approvedCard, name: 'Ana Secreta', number: '4242424242424242' })
    expect(await sent).toMatchObject({ anonymous: true, message: 'Gracias de corazón' })

    sent = nextCardDonation(page)
    await donateByCard(page, { ...approvedCard, number: '4242424242424242' })
    expect(await sent).toMatchObject({ anonymous: false })
    expect(Object.keys(await sent)).not.toContain('message')
    const wall = page.getByRole('region', { name: 'Muro de donadores' })
    await wall.getByText('Juan P.').first().waitFor()
    expect(await wall.innerText()).not.toContain('Ana')
    expect(consoleErrors).toEqual([])
  })

  it('el correo de OXXO da la fecha límite como la muestra la ficha en pantalla', async () => {
    const { page, consoleErrors } = await openPage(browser, 'oxxo-fecha-correo')
    await openCampaignFromHome(page, site.url, TITLE)
    await requestOxxoVoucher(page, { name: 'Olga', lastName: 'Ortiz', email: 'olga.hora@example.com', phone: '5598765432' })
    const shown = (await page.getByTestId('fecha-limite').innerText()).trim()
    expect(shown).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)$/)
    const mail = await site.mail.waitFor('olga.hora@example.com', 30_000)
    expect(/^Vence: (.*)$/m.exec(mail.text)?.[1]?.trim()).toBe(shown)
    await keyScreen(page, 'oxxo-fecha-pantalla')
    expect(consoleErrors).toEqual([])
  })
})
