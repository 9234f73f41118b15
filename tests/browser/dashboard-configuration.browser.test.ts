import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { signInWithToken } from './journeys/campaign.ts'
import { answerJustification, createRestrictedAdminToken, waitForToast } from './journeys/dashboard.ts'
import { startBrowserSite, tinyPng, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'

/** The mail password the harness's setup stores (tests/browser/support/browser-site.ts). */
const MAIL_PASSWORD = 'smtp-secreto'
const SCREEN = '/dashboard/configuration/edit'

interface InitAnswer {
  providers: Record<string, boolean>
  clients: { conekta: string | null; paypal: string | null; google: string | null }
}
interface AdminView {
  settings: { name: string; logo: { _id: string; path: string } | null }
  contact: { phone: string }
  keys: Record<string, { client: string; hasSecret: boolean }>
  mailer: { auth: { user: string; hasPass: boolean } }
}

async function initOnServer(site: BrowserSite): Promise<InitAnswer> {
  const response = await site.api('/api/init')
  expect(response.status).toBe(200)
  return (await response.json()) as InitAnswer
}

async function adminViewOnServer(site: BrowserSite, token: string): Promise<AdminView> {
  const response = await site.api('/api/configuration/edit', { token })
  expect(response.status).toBe(200)
  return (await response.json()) as AdminView
}

function saveButton(page: Page) {
  return page.getByRole('button', { name: 'Guardar cambios' })
}

/** Opens a collapsible section by its heading button (aria-expanded goes to true). */
async function openSection(page: Page, title: string): Promise<void> {
  const toggle = page.getByRole('button', { name: title, exact: true })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
}

async function openScreen(page: Page, site: BrowserSite): Promise<void> {
  await page.goto(`${site.url}${SCREEN}`)
  await page.getByRole('heading', { level: 1, name: 'Configuración' }).waitFor()
  await page.getByLabel('Nombre de la institución').waitFor()
}

describe('dashboard: the configuration screen', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    adminToken = await site.configure({
      providers: { google: false, facebook: false, twitter: false, conekta: false, paypal: false },
      keys: {},
    })
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('enables the card provider with a justification; cancelling it sends nothing', async () => {
    const { page, context } = await openPage(browser, 'configuracion-conekta')
    await signInWithToken(page, adminToken)
    const puts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/configuration')) puts.push(request.postData() ?? '')
    })
    await openScreen(page, site)

    const before = await initOnServer(site)
    expect(before.providers.conekta).toBe(false)
    expect(before.clients.conekta).toBeNull()

    // Pristine: nothing to save.
    expect(await saveButton(page).isDisabled()).toBe(true)

    // Sections are collapsed regions behind a button with aria-expanded.
    const conektaToggle = page.getByRole('button', { name: 'Llaves de Conekta', exact: true })
    expect(await conektaToggle.getAttribute('aria-expanded')).toBe('false')
    expect(await page.getByLabel('Llave pública de Conekta').isVisible()).toBe(false)
    await openSection(page, 'Llaves de Conekta')
    await page.getByRole('switch', { name: 'Recibir donaciones con tarjeta y en efectivo (Conekta)' }).check()
    // Switched on without keys: invalid, still disabled.
    await expect.poll(() => saveButton(page).isDisabled()).toBe(true)
    await page.getByLabel('Llave pública de Conekta').fill(site.sim.conekta.publicKey)
    await page.getByLabel('Llave privada de Conekta').fill(site.sim.conekta.privateKey)
    await expect.poll(() => saveButton(page).isEnabled()).toBe(true)

    // Cancelling the justification sends nothing: the one PUT the page ever sends is the later
    // save's, carrying its justification.
    await saveButton(page).click()
    await answerJustification(page, null)
    expect((await initOnServer(site)).providers.conekta).toBe(false)

    await expect.poll(() => saveButton(page).isEnabled()).toBe(true)
    await saveButton(page).click()
    await answerJustification(page, 'Activamos las donaciones con tarjeta')
    await waitForToast(page, 'Registro actualizado')
    expect(puts).toHaveLength(1)
    expect(puts[0]).toContain('Activamos las donaciones con tarjeta')

    const after = await initOnServer(site)
    expect(after.providers.conekta).toBe(true)
    expect(after.clients.conekta).toBe(site.sim.conekta.publicKey)
    const view = await adminViewOnServer(site, adminToken)
    expect(view.keys.conekta?.hasSecret).toBe(true)
    expect(JSON.stringify(view)).not.toContain(site.sim.conekta.privateKey)

    // Saved: the form is pristine again and the typed secret is gone from the field.
    await expect.poll(() => saveButton(page).isDisabled()).toBe(true)
    expect(await page.getByLabel('Llave privada de Conekta').inputValue()).toBe('')
    await page.getByRole('region', { name: 'Llaves de Conekta' }).getByText('Guardada', { exact: true }).waitFor()
    expect(await page.getByLabel('Llave privada de Conekta').getAttribute('placeholder')).toBe('•••••• (guardada)')

    // The change is in the history with the justification.
    const history = await site.api('/api/historical/', { token: adminToken })
    expect(history.status).toBe(200)
    expect(await history.text()).toContain('Activamos las donaciones con tarjeta')
    await context.close()
  })

  it('never shows a stored secret: not in the page nor in any answer the page received', async () => {
    const { page, context } = await openPage(browser, 'configuracion-secretos')
    await signInWithToken(page, adminToken)
    const bodies: Promise<string>[] = []
    page.on('response', (response) => {
      bodies.push(response.text().catch(() => ''))
    })
    await openScreen(page, site)
    for (const title of ['General', 'Inicio', 'Contacto', 'Correo', 'Redes sociales', 'Llaves de autorización', 'Llaves de PayPal', 'Llaves de Conekta']) {
      await openSection(page, title)
    }
    await page.getByText('Necesario para enviar correos a los usuarios desde la plataforma').waitFor()
    // Stored secrets are flagged, never filled in.
    expect(await page.getByLabel('Llave pública de Conekta').inputValue()).toBe(site.sim.conekta.publicKey)
    expect(await page.getByLabel('Llave privada de Conekta').inputValue()).toBe('')
    expect(await page.getByLabel('Llave privada de Conekta').getAttribute('placeholder')).toBe('•••••• (guardada)')
    expect(await page.getByLabel('Contraseña del correo').inputValue()).toBe('')
    expect(await page.getByLabel('Contraseña del correo').getAttribute('placeholder')).toBe('•••••• (guardada)')
    expect(await page.getByText('Guardada', { exact: true }).count()).toBe(2)

    await page.waitForLoadState('networkidle')
    const html = await page.content()
    expect(html).not.toContain(site.sim.conekta.privateKey)
    expect(html).not.toContain(MAIL_PASSWORD)
    const received = await Promise.all(bodies)
    expect(received.some((body) => body.includes('hasSecret'))).toBe(true)
    for (const body of received) {
      expect(body).not.toContain(site.sim.conekta.privateKey)
      expect(body).not.toContain(MAIL_PASSWORD)
    }
    await context.close()
  })

  it('shows the contract limit on a 36-character name and keeps the save disabled', async () => {
    const { page, context } = await openPage(browser, 'configuracion-limite')
    await signInWithToken(page, adminToken)
    await openScreen(page, site)
    const name = page.getByLabel('Nombre de la institución')
    await name.fill('F'.repeat(36))
    await name.blur()
    await page.getByText('El máximo de caracteres es de 35').waitFor()
    expect(await name.getAttribute('aria-invalid')).toBe('true')
    expect(await saveButton(page).isDisabled()).toBe(true)
    await name.fill('Fundación Nueva')
    await expect.poll(() => saveButton(page).isEnabled()).toBe(true)
    expect(await page.getByText('El máximo de caracteres es de 35').count()).toBe(0)
    expect((await adminViewOnServer(site, adminToken)).settings.name).toBe('Fundación Ejemplo')
    await context.close()
  })

  it('shows the server field errors on their fields and opens their section', async () => {
    const { page, context } = await openPage(browser, 'configuracion-422', { expectedConsoleErrors: [/status of 422 .*\/api\/configuration\)/] })
    await signInWithToken(page, adminToken)
    await page.route('**/api/configuration', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Datos inválidos', description: 'Revise los campos marcados', errors: [{ path: 'payload.contact.phone', message: 'Campo requerido' }] }),
          })
        : route.continue(),
    )
    await openScreen(page, site)
    await page.getByLabel('Nombre de la institución').fill('Fundación Ejemplo A')
    await saveButton(page).click()
    await answerJustification(page, 'Cambio de nombre')
    const contactToggle = page.getByRole('button', { name: /^Contacto/ })
    await expect.poll(() => contactToggle.getAttribute('aria-expanded')).toBe('true')
    await expect.poll(() => page.getByLabel('Teléfono de contacto').getAttribute('aria-invalid')).toBe('true')
    await page.getByText('Campo requerido').first().waitFor()
    expect((await adminViewOnServer(site, adminToken)).settings.name).toBe('Fundación Ejemplo')
    await context.close()
  })

  it('uploads a new logo with a preview and saves it', async () => {
    const { page, context } = await openPage(browser, 'configuracion-logo')
    await signInWithToken(page, adminToken)
    await openScreen(page, site)
    const before = (await adminViewOnServer(site, adminToken)).settings.logo
    expect(before).not.toBeNull()
    await page.getByLabel('Logotipo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(tinyPng) })
    const preview = page.getByRole('img', { name: 'Vista previa: Logotipo' })
    await expect.poll(async () => preview.getAttribute('src')).not.toBe(before?.path)
    const newPath = await preview.getAttribute('src')
    await expect.poll(() => saveButton(page).isEnabled()).toBe(true)
    await saveButton(page).click()
    await answerJustification(page, 'Nuevo logotipo')
    await waitForToast(page, 'Registro actualizado')
    const after = (await adminViewOnServer(site, adminToken)).settings.logo
    expect(after?._id).not.toBe(before?._id)
    expect(after?.path).toBe(newPath)
    // The public configuration (navbar logo) follows.
    const init = (await (await site.api('/api/init')).json()) as { settings: { logo: { _id: string } | null } }
    expect(init.settings.logo?._id).toBe(after?._id)
    await context.close()
  })

  it("switches 'Donataria autorizada' on: its three fields become required, the RFC is checked, and the site offers deductible receipts", async () => {
    const { page, context } = await openPage(browser, 'configuracion-donataria')
    await signInWithToken(page, adminToken)
    await openScreen(page, site)
    await openSection(page, 'Donataria autorizada')
    const section = page.getByRole('region', { name: 'Donataria autorizada' })
    await section.getByRole('switch', { name: 'Somos donataria autorizada por el SAT' }).check()
    await expect.poll(() => section.getByText('Campo requerido').count()).toBe(3)
    expect(await saveButton(page).isDisabled()).toBe(true)
    const rfc = page.getByLabel('RFC de la institución')
    await rfc.fill('FCA970701NN5')
    await rfc.blur()
    await section.getByText('El dígito verificador del RFC no coincide; cópielo de la Constancia de Situación Fiscal').waitFor()
    await rfc.fill('fca970701nn8')
    await page.getByLabel('Número de autorización').fill('600-04-02-2024-1234')
    await page.getByLabel('Fecha de autorización').fill('2024-01-15')
    await expect.poll(() => saveButton(page).isEnabled()).toBe(true)
    await saveButton(page).click()
    await answerJustification(page, 'Autorización del SAT')
    await waitForToast(page, 'Registro actualizado')
    const view = (await (await site.api('/api/configuration/edit', { token: adminToken })).json()) as { donataria: unknown }
    expect(view.donataria).toEqual({ enabled: true, rfc: 'FCA970701NN8', authorizationNumber: '600-04-02-2024-1234', authorizationDate: '2024-01-15' })
    const init = (await (await site.api('/api/init')).json()) as { receipts: unknown }
    expect(init.receipts).toEqual({ deductible: true })
    await context.close()
  })

  it('keeps a role 1 administrator out of the screen', async () => {
    const restricted = await createRestrictedAdminToken(site, adminToken, 'restringida@fundacion.mx', [{ module: 'campaign', read: true, create: true, update: true }])
    expect((await site.api('/api/configuration/edit', { token: restricted })).status).toBe(403)
    const { page, context } = await openPage(browser, 'configuracion-rol-1')
    await signInWithToken(page, restricted)
    await page.goto(`${site.url}${SCREEN}`)
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/configuration'))
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    expect(await page.getByLabel('Llave privada de Conekta').count()).toBe(0)
    await context.close()
  })
})
