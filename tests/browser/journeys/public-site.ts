import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import type { BrowserSite } from '../support/browser-site.ts'

/** Reusable steps of the public site: what a visitor does, through labels and Spanish texts. */

/** Types a title in the navbar search box and submits it (on a phone, opening the header's menu first). */
export async function searchCampaign(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Buscar campañas por título' })
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Menú' })
  // The navbar first: on a phone the box is behind the menu button.
  await box.or(toggle).first().waitFor()
  if (!(await box.isVisible())) await toggle.click()
  await box.fill(text)
  await box.press('Enter')
}

/** Clicks a gallery card's title and waits for the campaign's route. */
export async function openCampaignFromGallery(page: Page, title: string): Promise<void> {
  await page.getByRole('list', { name: 'Lista de campañas' }).getByRole('link', { name: title, exact: true }).click()
  await page.waitForURL(/\/campaigns\/[^/?]+$/)
}

/**
 * Signs in through /login with e-mail and password, reached by clicking 'Iniciar sesión' in the
 * navbar (the journey's first page is the home page when the tab is still empty).
 */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  if (!page.url().startsWith(baseUrl)) await page.goto(baseUrl)
  if (new URL(page.url()).pathname !== '/login') {
    await page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }).click()
    await page.waitForURL(`${baseUrl}/login`)
  }
  // The router keeps the previous screen until the sign-in screen's code arrives.
  await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor()
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña', { exact: true }).fill(password)
  await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click()
}

/** Closes the kit's alert dialog after checking its title and text. */
export async function acceptAlert(page: Page, title: string, text: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title })
  await dialog.getByText(text).waitFor()
  await dialog.getByRole('button', { name: 'Aceptar' }).click()
  await dialog.waitFor({ state: 'hidden' })
}

/** Publishes `count` campaigns through the API as the administrator, titled `${prefix} N`. */
export async function createCampaigns(site: BrowserSite, adminToken: string, prefix: string, count: number): Promise<string[]> {
  const options = await site.api('/api/options/categories', { token: adminToken })
  const [category] = (await options.json()) as { value: string }[]
  // The publication date is today in Mexico City (UTC−6), as the demo does.
  const today = new Date(Date.now() - 6 * 3600 * 1000).toISOString().slice(0, 10)
  const slugs: string[] = []
  for (let index = 1; index <= count; index += 1) {
    const response = await site.api('/api/campaigns', {
      method: 'POST',
      token: adminToken,
      json: {
        title: `${prefix} ${index}`,
        subtitle: `Subtítulo ${index}`,
        description: `Descripción de ${prefix} ${index}`,
        goal: 5000,
        duration: 30,
        date: today,
        thumbnail: await site.upload(adminToken),
        categories: [category?.value],
        institution: null,
        content: `<p>Contenido de ${prefix} ${index}</p>`,
        gratitude: '¡Gracias por sumarte!',
        visibility: { counter: true, countdown: true, comments: true },
      },
    })
    expect(response.status, await response.clone().text()).toBe(201)
    slugs.push(((await response.json()) as { slug: string }).slug)
  }
  return slugs
}

/** An administrator creates an account; its provisional password arrives by e-mail. */
export async function createAccount(site: BrowserSite, adminToken: string, email: string, role: 0 | 1 | 2 = 2): Promise<string> {
  const response = await site.api('/api/users/', {
    method: 'POST',
    token: adminToken,
    json: { name: 'Prueba', lastName: 'Cuenta', email, role, permissions: [] },
  })
  expect(response.status, await response.clone().text()).toBe(201)
  const mail = await site.mail.waitFor(email)
  const provisional = /Contraseña provisional: (\S+)/.exec(mail.text)?.[1]
  if (!provisional) throw new Error(`Correo sin contraseña provisional:\n${mail.text}`)
  return provisional
}

/** Waits for an e-mail to `to` whose text contains `marker` and returns its text. */
export async function waitForMailContaining(site: BrowserSite, to: string, marker: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mail = site.mail.mails.find((candidate) => candidate.to.includes(to) && candidate.text.includes(marker))
    if (mail) return mail.text
    if (Date.now() > deadline) throw new Error(`No llegó a ${to} un correo con ${marker}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A JWT the browser can decode (the signature is never checked there) with the given payload. */
export function unsignedToken(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(payload)}.firma-falsa`
}
