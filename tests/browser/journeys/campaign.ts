import type { Download, Locator, Page } from 'playwright-core'
import type { BrowserSite } from '../support/browser-site.ts'
import { createActiveAccountToken } from '../support/accounts.ts'

/**
 * Reusable steps of the campaign page and its donation card, for any journey. Each takes a
 * Playwright page already on /campaigns/{slug} (except the API helpers) and goes through the
 * interface by role, label and Spanish text.
 */

export interface CardData {
  number: string
  name: string
  expiry: string
  cvc: string
  email: string
  phone: string
}

export interface VoucherData {
  name: string
  lastName: string
  email: string
  phone: string
}

/** The console error of a declined card: the donation answers 402 (spec §8). */
export const declinedCard = /status of 402 .*\/api\/donations\/conekta\)/

export const approvedCard: Omit<CardData, 'number'> = {
  name: 'Juan Pérez',
  expiry: '12/30',
  cvc: '123',
  email: 'juan@example.com',
  phone: '5512345678',
}

const thankYou = (name: string) => `¡Gracias ${name}! Tu apoyo es vital para este proyecto`

/** A campaign through the admin API (payload as tools/demo/main.ts sends it); returns its id and slug. */
export async function createCampaignThroughApi(
  site: BrowserSite,
  adminToken: string,
  overrides: Record<string, unknown> = {},
): Promise<{ _id: string; slug: string }> {
  const categories = (await (await site.api('/api/options/categories', { token: adminToken })).json()) as { value: string }[]
  const today = new Date(Date.now() - 6 * 3600 * 1000).toISOString().slice(0, 10)
  const response = await site.api('/api/campaigns', {
    method: 'POST',
    token: adminToken,
    json: {
      title: 'Útiles para todos',
      subtitle: 'Regreso a clases',
      description: 'Mochilas y útiles escolares para cien niñas y niños.',
      goal: 10_000,
      duration: 30,
      date: today,
      thumbnail: await site.upload(adminToken),
      categories: categories.slice(0, 1).map((category) => category.value),
      institution: null,
      content: '<p>Con tu ayuda compraremos <strong>útiles escolares</strong>.</p>',
      gratitude: '¡Gracias por sumarte!',
      visibility: { counter: true, countdown: true, comments: true },
      ...overrides,
    },
  })
  if (response.status !== 201 && response.status !== 200) throw new Error(`Campaña no creada: ${response.status} ${await response.text()}`)
  return (await response.json()) as { _id: string; slug: string }
}

/** The public campaign as the server has it now. */
export async function campaignOnServer(site: BrowserSite, slug: string) {
  const response = await site.api(`/api/public/campaigns/${slug}`)
  if (!response.ok) throw new Error(`Campaña no leída: ${response.status}`)
  const campaign = (await response.json()) as { visits: number; likes: number; comments: { comment: string }[]; donations: { amount: number; type: string }[] }
  return { ...campaign, raised: campaign.donations.reduce((sum, donation) => sum + donation.amount, 0) }
}

/** A role 2 user (created by the admin, provisional password by mail, replaced through the API); returns its token. */
export function createMemberToken(site: BrowserSite, adminToken: string, email: string, newPassword = 'Nueva#Clave2026'): Promise<string> {
  return createActiveAccountToken(site, adminToken, { name: 'Lucía', lastName: 'Ramírez', email, role: 2, permissions: [] }, newPassword)
}

/**
 * Stores the token as the site does after sign-in (key auth_token) before the page's first script
 * runs, once per tab: setting it after a load would race the anonymous start-up, which clears it.
 */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('journey-token-set')) return
    localStorage.setItem('auth_token', value)
    sessionStorage.setItem('journey-token-set', '1')
  }, token)
}

/** From the home page, as a visitor does: the campaign card's "Ver campaña" link, then waits for the campaign's heading. */
export async function openCampaignFromHome(page: Page, url: string, title: string): Promise<void> {
  await page.goto(url)
  await page.getByRole('link', { name: `Ver campaña: ${title}` }).first().click()
  await page.getByRole('heading', { level: 1, name: title }).waitFor()
}

/**
 * Opens /campaigns/{slug}: as the first page of a journey by its address (a shared link), later by
 * clicking 'Campañas' in the navbar and then the campaign's card, as a person does.
 */
export async function openCampaign(page: Page, baseUrl: string, slug: string): Promise<void> {
  if (!page.url().startsWith(baseUrl)) {
    await page.goto(`${baseUrl}/campaigns/${slug}`)
  } else {
    await page.getByRole('banner').getByRole('link', { name: 'Campañas', exact: true }).click()
    await page.getByRole('list', { name: 'Lista de campañas' }).locator(`a[href="/campaigns/${slug}"]`).first().click()
    await page.waitForURL(`${baseUrl}/campaigns/${slug}`)
  }
  await page.getByRole('heading', { level: 1 }).waitFor()
}

export function likeButton(page: Page) {
  return page.getByRole('button', { name: 'Me gusta' })
}

export async function likeCampaign(page: Page): Promise<void> {
  await likeButton(page).click()
  await page.locator('.campaign-like__button[aria-pressed="true"]').waitFor()
}

export function commentBox(page: Page) {
  return page.getByLabel('Escribe un comentario')
}

/** Posts a comment as the signed-in role 2 user and waits for the toast and the comment in the list. */
export async function commentAs(page: Page, text: string): Promise<void> {
  await commentBox(page).fill(text)
  await page.getByRole('button', { name: 'Publicar comentario' }).click()
  await page.getByText('Comentario publicado').first().waitFor()
  await page.getByRole('list', { name: 'Lista de comentarios' }).getByText(text).waitFor()
}

export function privacyCheckbox(page: Page) {
  return page.getByRole('checkbox', { name: /aviso de privacidad/ })
}

export async function acceptPrivacy(page: Page): Promise<void> {
  const box = privacyCheckbox(page)
  if (!(await box.isChecked())) await box.check()
}

export async function setDonationAmount(page: Page, amount: number): Promise<void> {
  await page.getByLabel('Cantidad a donar (MXN)').fill(String(amount))
}

/** Current percentage of the goal bar. */
export async function goalPercent(page: Page): Promise<number> {
  return Number(await page.getByRole('progressbar', { name: 'Meta de la campaña' }).getAttribute('aria-valuenow'))
}

/** Opens the card modal, fills it and sends it (the outcome is left to the caller). */
export async function submitCard(page: Page, card: CardData): Promise<void> {
  await acceptPrivacy(page)
  await page.getByRole('button', { name: 'Pagar con tarjeta' }).click()
  await fillCardModal(page.getByRole('dialog', { name: 'Donar con tarjeta' }), card, 'Donar')
}

/** Fills the open card modal (one-off or monthly) and presses its submit button. */
export async function fillCardModal(modal: Locator, card: CardData, submit: string): Promise<void> {
  await modal.getByLabel('Número de tarjeta').fill(card.number)
  await modal.getByLabel('Nombre del titular').fill(card.name)
  await modal.getByLabel('Vencimiento (MM/AA)').fill(card.expiry)
  await modal.getByLabel('CVC').fill(card.cvc)
  await modal.getByLabel('Correo electrónico').fill(card.email)
  await modal.getByLabel('Teléfono').fill(card.phone)
  await modal.getByRole('button', { name: submit, exact: true }).click()
}

/** Closes the kit's alert dialog with the given title. */
export async function acceptDialog(page: Page, title: string | RegExp): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title })
  await dialog.waitFor()
  await dialog.getByRole('button', { name: 'Aceptar' }).click()
  await dialog.waitFor({ state: 'detached' })
}

/** An approved card donation: waits for the thank-you dialog and closes it. */
export async function donateByCard(page: Page, card: CardData): Promise<void> {
  await submitCard(page, card)
  await acceptDialog(page, thankYou(card.name))
}

/** Requests a cash voucher; returns the reference shown on it. */
export async function requestOxxoVoucher(page: Page, data: VoucherData): Promise<string> {
  await acceptPrivacy(page)
  await page.getByRole('button', { name: 'Pagar en efectivo (OXXO)' }).click()
  const modal = page.getByRole('dialog', { name: 'Donar en efectivo' })
  await modal.getByLabel('Nombre').fill(data.name)
  await modal.getByLabel('Apellidos').fill(data.lastName)
  await modal.getByLabel('Correo electrónico').fill(data.email)
  await modal.getByLabel('Teléfono (10 dígitos)').fill(data.phone)
  await modal.getByRole('button', { name: 'Generar ficha de pago' }).click()
  const voucher = page.getByRole('dialog', { name: 'Ficha de pago OXXO' })
  await voucher.getByTestId('referencia').waitFor()
  return (await voucher.getByTestId('referencia').innerText()).trim()
}

/** Clicks 'Descargar PDF' on the open voucher and returns the download. */
export async function downloadVoucherPdf(page: Page): Promise<Download> {
  const voucher = page.getByRole('dialog', { name: 'Ficha de pago OXXO' })
  const [download] = await Promise.all([page.waitForEvent('download'), voucher.getByRole('button', { name: 'Descargar PDF' }).click()])
  return download
}

/** Pays with the wallet: approves in the simulator's popup, then waits for the thank-you dialog of the payer. */
export async function donateByPaypal(page: Page, payerName = 'Comprador Prueba'): Promise<void> {
  await acceptPrivacy(page)
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Pagar con PayPal' }).click()])
  await popup.getByRole('button', { name: 'Aprobar' }).click()
  await acceptDialog(page, thankYou(payerName))
}
