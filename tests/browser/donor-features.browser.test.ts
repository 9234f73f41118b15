import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { keyScreen, openPage } from './support/pages.ts'
import { answerJustification } from './journeys/dashboard.ts'
import { approvedCard, createCampaignThroughApi, donateByCard, openCampaignFromHome, signInWithToken } from './journeys/campaign.ts'

const TITLE = 'Útiles para todos'
const PHONE = { width: 390, height: 844 }

/** A longer story, so on a phone the donation card starts below the first screen. */
const LONG_CONTENT = Array.from({ length: 8 }, (_, index) => `<p>Párrafo ${index + 1}: con tu ayuda compraremos mochilas, cuadernos y lápices para cien niñas y niños de la comunidad.</p>`).join('')

async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

/** The progress block of a card. */
function progressIn(scope: Locator) {
  return scope.getByTestId('campaign-progress')
}

/** The campaign's card in the /campaigns gallery. */
function galleryCardOf(page: Page) {
  return page.getByRole('list', { name: 'Lista de campañas' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: TITLE }) })
}

describe('lo que ayuda a donar: avance en las tarjetas, montos sugeridos, máximo, botón Donar fijo en teléfonos y métodos aceptados', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    adminToken = await site.configure()
    await createCampaignThroughApi(site, adminToken, { content: LONG_CONTENT })
  })

  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('desde el inicio: los montos sugeridos llenan la cantidad, se dona y las tarjetas muestran recaudado, meta, barra y donadores', async () => {
    const { page, consoleErrors } = await openPage(browser, 'donar-tarjetas')
    await openCampaignFromHome(page, site.url, TITLE)

    // Suggested amounts besides the free amount (default 100).
    const amount = page.getByLabel('Cantidad a donar (MXN)')
    expect(await amount.inputValue()).toBe('100')
    const suggested = page.getByRole('group', { name: 'Montos sugeridos' })
    expect(await suggested.getByRole('button').allInnerTexts()).toEqual(['$100', '$200', '$500', '$1,000'])
    expect(await suggested.getByRole('button', { name: '$100' }).getAttribute('aria-pressed')).toBe('true')
    await suggested.getByRole('button', { name: '$500' }).click()
    expect(await amount.inputValue()).toBe('500')
    expect(await suggested.getByRole('button', { name: '$500' }).getAttribute('aria-pressed')).toBe('true')
    expect(await suggested.getByRole('button', { name: '$100' }).getAttribute('aria-pressed')).toBe('false')
    await suggested.getByRole('button', { name: '$1,000' }).click()
    expect(await amount.inputValue()).toBe('1000')
    await suggested.getByRole('button', { name: '$500' }).click()

    // Accepted methods and the secure-payment note near the buttons; no third-party image.
    const methods = page.getByRole('list', { name: 'Métodos de pago aceptados' })
    expect(await methods.getByRole('listitem').allInnerTexts()).toEqual(['Visa', 'Mastercard', 'American Express', 'OXXO', 'PayPal'])
    await page.getByText(/^Pago seguro:/).waitFor()
    expect(await page.locator('.donation-card img').count()).toBe(0)

    // The donation card comes before the comments.
    const cardFirst = await page.evaluate(() => {
      const card = document.getElementById('donar')
      const comments = Array.from(document.querySelectorAll('h2')).find((heading) => heading.textContent?.trim() === 'Comentarios')
      return Boolean(card && comments && card.compareDocumentPosition(comments) & Node.DOCUMENT_POSITION_FOLLOWING)
    })
    expect(cardFirst).toBe(true)
    await keyScreen(page, 'tarjeta-donacion')

    await donateByCard(page, { ...approvedCard, number: '4242424242424242' })

    // To the gallery by the navbar: the card shows what was raised, the goal, the bar and the donors.
    await page.getByRole('navigation').getByRole('link', { name: 'Campañas', exact: true }).first().click()
    const galleryCard = galleryCardOf(page)
    const progress = progressIn(galleryCard)
    await expect.poll(() => progress.getByTestId('card-raised').innerText()).toBe('$500.00')
    expect(await progress.getByTestId('card-goal').innerText()).toBe('$10,000.00')
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5')
    expect(await progress.getByTestId('card-donors').innerText()).toBe('1')
    expect(await progress.innerText()).toContain('1 donador')
    // Images keep their box: width and height are set, so nothing shifts when they load.
    expect(await galleryCard.locator('img').getAttribute('width')).toBe('640')
    await keyScreen(page, 'galeria-avance')

    // Back home: the hero banner and the slider above the footer show the same numbers.
    await page.getByRole('navigation').getByRole('link', { name: 'Inicio', exact: true }).first().click()
    const banner = page.getByRole('region', { name: 'Campañas destacadas' })
    await expect.poll(() => progressIn(banner).first().getByTestId('card-raised').innerText()).toBe('$500.00')
    await page.getByRole('heading', { name: 'Más campañas' }).scrollIntoViewIfNeeded()
    const slider = page.locator('.public-slider')
    await expect.poll(() => progressIn(slider).first().getByTestId('card-donors').innerText()).toBe('1')
    expect(await progressIn(slider).first().getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5')
    expect(consoleErrors).toEqual([])
  })

  it('una cantidad sobre el máximo muestra el mensaje en español y no abre el pago; el máximo cambia desde Configuración', async () => {
    const { page } = await openPage(browser, 'donar-maximo')
    await openCampaignFromHome(page, site.url, TITLE)
    await page.getByText('Máximo por donación: $100,000.00 MXN').waitFor()
    const amount = page.getByLabel('Cantidad a donar (MXN)')
    await amount.fill('100000.01')
    await amount.blur()
    await page.getByRole('alert').getByText('La cantidad máxima por donación es de $100,000.00 MXN').waitFor()
    await page.getByRole('checkbox', { name: /aviso de privacidad/ }).check()
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click()
    expect(await page.getByRole('dialog', { name: 'Donar con tarjeta' }).count()).toBe(0)
    await amount.fill('100.129')
    await amount.blur()
    await page.getByRole('alert').getByText('La cantidad admite como máximo dos decimales').waitFor()
    // A suggested amount clears the message.
    await page.getByRole('group', { name: 'Montos sugeridos' }).getByRole('button', { name: '$200' }).click()
    expect(await page.getByRole('alert').count()).toBe(0)

    // The administrator lowers the maximum in Configuración > Donaciones.
    const admin = (await openPage(browser, 'donar-maximo-configuracion')).page
    await signInWithToken(admin, adminToken)
    await admin.goto(`${site.url}/dashboard/configuration/edit`)
    await admin.getByRole('heading', { level: 1, name: 'Configuración' }).waitFor()
    await admin.getByRole('button', { name: 'Donaciones', exact: true }).click()
    const max = admin.getByLabel('Cantidad máxima por donación (MXN)')
    expect(await max.inputValue()).toBe('100000')
    await max.fill('0')
    await max.blur()
    await admin.getByText('La cantidad mínima de donación es 1 peso').waitFor()
    await max.fill('150')
    await admin.getByRole('button', { name: 'Guardar cambios' }).click()
    await answerJustification(admin, 'Límite por donación')
    await admin.getByText('Registro actualizado').first().waitFor()
    await keyScreen(admin, 'configuracion-maximo')
    const init = (await (await site.api('/api/init')).json()) as { donations: { maxAmount: number } }
    expect(init.donations.maxAmount).toBe(150)

    // The public site follows: only suggested amounts up to the maximum, and 200 is refused.
    const visitor = (await openPage(browser, 'donar-maximo-nuevo')).page
    await openCampaignFromHome(visitor, site.url, TITLE)
    await visitor.getByText('Máximo por donación: $150.00 MXN').waitFor()
    expect(await visitor.getByRole('group', { name: 'Montos sugeridos' }).getByRole('button').allInnerTexts()).toEqual(['$100'])
    await visitor.getByLabel('Cantidad a donar (MXN)').fill('200')
    await visitor.getByLabel('Cantidad a donar (MXN)').blur()
    await visitor.getByRole('alert').getByText('La cantidad máxima por donación es de $150.00 MXN').waitFor()

    // Back to the default for the other journeys.
    await max.fill('100000')
    await admin.getByRole('button', { name: 'Guardar cambios' }).click()
    await answerJustification(admin, 'Límite por defecto')
    await expect.poll(async () => ((await (await site.api('/api/init')).json()) as { donations: { maxAmount: number } }).donations.maxAmount).toBe(100_000)
  })

  it('en un teléfono (390x844) el botón fijo Donar lleva a la tarjeta de donación y le da el foco; sin desplazamiento horizontal', async () => {
    const { page, consoleErrors } = await openPage(browser, 'donar-telefono', { viewport: PHONE })
    await page.goto(site.url)
    await page.getByRole('link', { name: `Ver campaña: ${TITLE}` }).first().waitFor()
    await noHorizontalScroll(page)
    await keyScreen(page, 'inicio-telefono')

    // Gallery at 390 px: cards with their progress, no horizontal scroll.
    await page.getByRole('button', { name: 'Menú' }).click()
    await page.getByRole('link', { name: 'Campañas', exact: true }).first().click()
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await progressIn(galleryCardOf(page)).waitFor()
    await noHorizontalScroll(page)
    await keyScreen(page, 'galeria-telefono')

    await galleryCardOf(page).getByRole('link', { name: TITLE }).click()
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor()
    await page.getByRole('heading', { name: 'Haz tu donación' }).waitFor()
    await noHorizontalScroll(page)

    const card = page.locator('#donar')
    const inView = () => card.evaluate((element) => {
      const box = element.getBoundingClientRect()
      return box.top >= -1 && box.top < window.innerHeight
    })
    expect(await inView()).toBe(false)
    const donar = page.getByRole('link', { name: 'Donar', exact: true })
    await donar.waitFor()
    const bar = await donar.boundingBox()
    expect(bar && bar.y + bar.height).toBeGreaterThan(PHONE.height - 80)
    await keyScreen(page, 'campana-telefono')

    await donar.click()
    // The card settles at the top of the screen, below the fixed navbar (not hidden under it).
    const settled = () => card.evaluate((element) => {
      const navbar = document.querySelector('.public-navbar')?.getBoundingClientRect().bottom ?? 0
      const top = element.getBoundingClientRect().top
      return top >= navbar && top < navbar + 40
    })
    await expect.poll(settled).toBe(true)
    expect(await inView()).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('donar')
    // With the card on screen the fixed button steps aside.
    await donar.waitFor({ state: 'hidden' })
    await noHorizontalScroll(page)
    await keyScreen(page, 'campana-telefono-tarjeta')

    // On a phone too the donation card comes before the comments.
    const cardTop = await card.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)
    const commentsTop = await page.getByRole('heading', { name: 'Comentarios' }).evaluate((element) => element.getBoundingClientRect().top + window.scrollY)
    expect(cardTop).toBeLessThan(commentsTop)
    expect(consoleErrors).toEqual([])
  })
})
