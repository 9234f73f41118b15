import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { MONTHLY_THANK_YOU } from '@donaciones/contracts'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { keyScreen, openPage, unexpectedConsoleErrors } from './support/pages.ts'
import { acceptDialog, acceptPrivacy, approvedCard, createCampaignThroughApi, fillCardModal, openCampaignFromHome, signInWithToken } from './journeys/campaign.ts'
import { openFromMenu } from './journeys/dashboard.ts'

const TITLE = 'Útiles para todos'
const PHONE = { width: 390, height: 844 }

/** The page a monthly e-mail's link opens, from the last mail to `email` whose text matches. */
async function linkIn(site: BrowserSite, email: string, text: RegExp): Promise<string> {
  await expect.poll(() => site.mail.mails.some((mail) => mail.to.includes(email) && text.test(mail.text))).toBe(true)
  const mail = site.mail.mails.filter((candidate) => candidate.to.includes(email) && text.test(candidate.text)).at(-1)
  const link = /(http\S+\/donacion-mensual\?token=\S+)/.exec(mail?.text ?? '')?.[1]
  if (!link) throw new Error(`Sin enlace en el correo: ${mail?.text}`)
  return link
}

/** Chooses "Donar cada mes", the amount, and gives the card in the monthly modal. */
async function donateMonthly(page: Page, card: { name: string; email: string; number: string }, amount: string): Promise<void> {
  await page.getByRole('button', { name: 'Donar cada mes', exact: true }).click()
  await page.getByRole('group', { name: 'Montos sugeridos' }).getByRole('button', { name: amount }).click()
  await acceptPrivacy(page)
  // Cash and the wallet cannot repeat monthly: only the card is offered.
  expect(await page.getByRole('button', { name: 'Pagar en efectivo (OXXO)' }).count()).toBe(0)
  await page.getByRole('button', { name: 'Donar cada mes con tarjeta' }).click()
  const modal = page.getByRole('dialog', { name: 'Donar cada mes con tarjeta' })
  expect(await modal.innerText()).toContain(`Monto mensual: ${amount}.00`)
  await fillCardModal(modal, { ...approvedCard, ...card }, 'Donar cada mes')
}

describe('donar cada mes con tarjeta: el agradecimiento, el enlace para cancelar, la tarjeta nueva y los donadores mensuales en el panel', () => {
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

  it('en un teléfono: elige "Donar cada mes", dona con tarjeta y el agradecimiento dice que se repetirá', async () => {
    const { page, consoleErrors } = await openPage(browser, 'mensual-donar', { viewport: PHONE })
    await openCampaignFromHome(page, site.url, TITLE)
    await keyScreen(page, 'mensual-eleccion')
    await donateMonthly(page, { name: 'Laura Gómez', email: 'laura@example.com', number: '4242424242424242' }, '$500')
    const thanks = page.getByRole('dialog', { name: '¡Gracias Laura Gómez! Tu apoyo es vital para este proyecto' })
    await thanks.waitFor()
    expect(await thanks.innerText()).toContain(MONTHLY_THANK_YOU)
    await keyScreen(page, 'mensual-gracias')
    await thanks.getByRole('button', { name: 'Aceptar' }).click()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    // "Donar una vez" brings the other methods back.
    await page.getByRole('button', { name: 'Donar una vez' }).click()
    await page.getByRole('button', { name: 'Pagar en efectivo (OXXO)' }).waitFor()
    expect(consoleErrors).toEqual([])
  })

  it('en un teléfono: el enlace del correo muestra la donación y la cancela con un clic; abrirlo otra vez dice que ya está cancelada', async () => {
    const link = await linkIn(site, 'laura@example.com', /Recibimos tu donación/)
    const { page, consoleErrors } = await openPage(browser, 'mensual-cancelar', { viewport: PHONE })
    await page.goto(link)
    await page.getByRole('heading', { level: 1, name: 'Su donación mensual' }).waitFor()
    const card = page.getByRole('region', { name: 'Su donación mensual' })
    await card.getByText('$500.00').waitFor()
    expect(await card.innerText()).toContain('terminada en 4242')
    expect(await card.innerText()).toContain(TITLE)
    await keyScreen(page, 'mensual-enlace')
    await page.getByRole('button', { name: 'Cancelar mi donación mensual' }).click()
    await page.getByText('Cancelamos su donación mensual. No haremos más cargos a su tarjeta.').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await keyScreen(page, 'mensual-cancelada')

    await page.reload()
    await page.getByText('Esta donación mensual ya está cancelada.').waitFor()
    expect(await page.getByRole('button', { name: 'Cancelar mi donación mensual' }).count()).toBe(0)
    expect(consoleErrors).toEqual([])
  })

  it('en escritorio y a 390 px: tras tres meses rechazados, el correo lleva a registrar otra tarjeta; una rechazada la deja pausada, otra aceptada la reanuda', async () => {
    const { page, consoleErrors } = await openPage(browser, 'mensual-tarjeta', { expectedConsoleErrors: [/status of 402/] })
    await openCampaignFromHome(page, site.url, TITLE)
    await donateMonthly(page, { name: 'Mario Ruiz', email: 'mario@example.com', number: '4242424242424242' }, '$200')
    const thanks = page.getByRole('dialog', { name: /^¡Gracias Mario Ruiz!/ })
    await thanks.getByRole('button', { name: 'Aceptar' }).click()

    const subscription = site.sim.conektaSubscriptions().at(-1)
    if (!subscription) throw new Error('Sin suscripción')
    await site.sim.advanceSubscription(subscription.id, { outcome: 'declined' })
    await site.sim.advanceSubscription(subscription.id)
    await site.sim.advanceSubscription(subscription.id)

    await page.goto(await linkIn(site, 'mario@example.com', /Para registrar otra tarjeta/))
    await page.getByText('Pausada: no pudimos cobrarla con su tarjeta.').waitFor()
    // The card link changes the card only: cancelling is the other link's job.
    expect(await page.getByRole('button', { name: 'Cancelar mi donación mensual' }).count()).toBe(0)
    await page.getByText('Para cancelar su donación mensual, use el enlace de cancelación del mismo correo.').waitFor()
    const form = page.getByRole('region', { name: 'Registrar otra tarjeta' })
    const giveCard = async (number: string) => {
      await form.getByLabel('Número de tarjeta').fill(number)
      await form.getByLabel('Nombre del titular').fill('Mario Ruiz')
      await form.getByLabel('Vencimiento (MM/AA)').fill('11/31')
      await form.getByLabel('CVC').fill('321')
      await form.getByRole('button', { name: 'Registrar tarjeta y reanudar' }).click()
    }

    // A declined card: the bank's reason, the donation still paused, the form still there for another card.
    await giveCard('4000000000000002')
    const declined = page.getByRole('dialog', { name: 'Pago rechazado' })
    await declined.waitFor()
    expect(await declined.innerText()).toContain('Su banco rechazó la tarjeta; verifique los datos o registre otra tarjeta. Su donación mensual sigue pausada y este enlace sigue sirviendo.')
    await keyScreen(page, 'mensual-tarjeta-rechazada')
    await acceptDialog(page, 'Pago rechazado')
    const card = page.getByRole('region', { name: 'Su donación mensual' })
    expect(await card.innerText()).toContain('Pausada: no pudimos cobrarla con su tarjeta.')
    expect(await card.innerText()).toContain('terminada en 4242')
    await page.setViewportSize(PHONE)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await keyScreen(page, 'mensual-tarjeta-rechazada-390')
    await page.setViewportSize({ width: 1280, height: 900 })

    await giveCard('5555555555554444')
    await keyScreen(page, 'mensual-tarjeta-nueva')
    await page.getByText('Registramos su nueva tarjeta y reanudamos su donación mensual.').waitFor()
    expect(await card.innerText()).toContain('terminada en 4444')
    expect(await card.innerText()).toContain('Activa: se cobra cada mes.')
    expect(unexpectedConsoleErrors(consoleErrors, [/status of 402/])).toEqual([])
  })

  it('en el panel, a 390 px y en escritorio: Donaciones → Donadores mensuales muestra los activos, el monto mensual y cada suscripción', async () => {
    for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
      const { page, consoleErrors } = await openPage(browser, `mensual-panel-${viewport.width}`, { viewport })
      await signInWithToken(page, adminToken)
      await page.goto(`${site.url}/dashboard`)
      await page.getByRole('heading', { level: 1, name: /^Bienvenido/ }).waitFor()
      await openFromMenu(page, 'Donaciones')
      await page.getByRole('link', { name: 'Donadores mensuales' }).click()
      await page.getByRole('heading', { level: 1, name: 'Donadores mensuales' }).waitFor()
      const boxes = page.getByRole('list', { name: 'Resumen de donaciones mensuales' })
      await expect.poll(() => boxes.innerText()).toContain('$200.00')
      expect(await boxes.innerText()).toMatch(/Donadores mensuales activos\s+1/)
      const table = page.getByRole('table', { name: 'Suscripciones' })
      await table.getByText('Mario Ruiz').waitFor()
      const rows = await table.getByRole('row').allInnerTexts()
      expect(rows.find((row) => row.includes('Laura Gómez'))).toContain('Cancelada')
      expect(rows.find((row) => row.includes('Mario Ruiz'))).toContain('Activa')

      await page.getByLabel('Estado').selectOption('cancelled')
      await expect.poll(() => table.getByText('Mario Ruiz').count()).toBe(0)
      await table.getByText('Laura Gómez').waitFor()
      expect(await table.getByRole('row').count()).toBe(2)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      await keyScreen(page, `mensual-panel-${viewport.width}`)
      expect(consoleErrors).toEqual([])
      await page.context().close()
    }
  })
})
