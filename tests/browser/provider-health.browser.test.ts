import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { startTestSmtpServer, type TestSmtpServer } from '@donaciones/kit/testing'
import { tokenizeCard } from '../support/card-payments.ts'
import { launchChromium } from './chromium.ts'
import { acceptDialog, createCampaignThroughApi, openCampaign, signInWithToken, submitCard } from './journeys/campaign.ts'
import { answerJustification, openFromMenu, waitForToast } from './journeys/dashboard.ts'
import {
  acceptTerms,
  button,
  field,
  fillAdmin,
  fillCategory,
  fillInstitution,
  fillLegalPage,
  fillMission,
  fillProductKey,
  providerStep,
  saveSetup,
  uploadLogo,
  waitForStep,
} from './journeys/setup-wizard.ts'
import { accessibilityViolations, describeViolations } from './support/axe.ts'
import { startBrowserSite, tinyPng, type BrowserSite } from './support/browser-site.ts'
import { keyScreen, openPage } from './support/pages.ts'

const SMTP = { user: 'envios@fundacion.mx', pass: 'clave-del-correo-789' }
const WRONG_KEY = 'key_privada_equivocada_123'
const PHONE = { viewport: { width: 390, height: 844 }, mobile: true }

/** Clicks 'Probar conexión' and returns the answer under it once the server's answer is shown. */
async function testConnection(page: Page, service: string): Promise<Locator> {
  const check = page.getByRole('button', { name: `Probar conexión con ${service}` })
  const answered = page.waitForResponse((response) => response.url().endsWith('/connection-test'))
  await check.click()
  expect((await answered).status()).toBe(200)
  // The result replaces 'Probando...' in one render.
  await expect.poll(() => check.innerText()).toBe('Probar conexión')
  return check.locator('xpath=..').getByRole('status')
}

async function statusLines(status: Locator): Promise<string[]> {
  return (await status.locator('strong, span').allInnerTexts()).map((text) => text.trim())
}

async function openSection(page: Page, title: string): Promise<void> {
  const toggle = page.getByRole('button', { name: title, exact: true })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
}

async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

/**
 * Issue 14: 'Probar conexión' in the wizard (the keys typed, sent to our server, never from the
 * browser to the provider) and in Configuración (the stored keys), and the payment providers'
 * failures at donation time on the dashboard's home and in Configuración, for the full administrator.
 */
describe('Probar conexión y fallas de los proveedores de pago', () => {
  let site: BrowserSite
  let browser: Browser
  let smtp: TestSmtpServer
  let filesDir: string
  let logoPath: string
  let adminToken: string

  beforeAll(async () => {
    // Donations are retried until a new key applies: no attempt limit gets in the way.
    ;[site, browser, smtp] = await Promise.all([startBrowserSite({ DONATION_RATE_PER_ADDRESS: '1000', DONATION_RATE_PER_EMAIL: '1000' }), launchChromium(), startTestSmtpServer(SMTP)])
    filesDir = mkdtempSync(join(tmpdir(), 'probar-conexion-'))
    logoPath = join(filesDir, 'logo.png')
    writeFileSync(logoPath, tinyPng)
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
    await smtp?.close()
    if (filesDir) rmSync(filesDir, { recursive: true, force: true })
  })

  it('en un teléfono, el asistente prueba el correo y las llaves escritas antes de guardar nada', async () => {
    const { page, context } = await openPage(browser, 'asistente-probar-conexion', PHONE)
    const toProviders: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(site.sim.url)) toProviders.push(request.url())
    })
    await page.goto(`${site.url}/configure`)
    await waitForStep(page, 0)
    await acceptTerms(page)
    await fillProductKey(page, 'PRODUCTO-2026')
    await fillInstitution(page)
    await uploadLogo(page, logoPath)
    await fillMission(page, logoPath, 'Misión de prueba.')
    await fillLegalPage(page, 5, 'Términos.')
    await fillLegalPage(page, 6, 'Aviso.')
    await fillAdmin(page, { name: 'Eva', lastName: 'Ruiz', email: 'eva@fundacion.mx', password: 'Clave#2026segura' })

    // Step 8: the mail server refuses a wrong password, accepts the right one; nothing is sent.
    await field(page, 'Usuario del correo').fill(SMTP.user)
    await field(page, 'Contraseña del correo').fill('otra-clave-cualquiera')
    await field(page, 'Servidor (host)').fill('127.0.0.1')
    await field(page, 'Puerto').fill(String(smtp.port))
    const refused = await testConnection(page, 'el servidor de correo')
    expect((await statusLines(refused)).slice(0, 2)).toEqual([
      'Autenticación rechazada',
      'El servidor de correo rechazó el usuario y la contraseña. Revise el usuario y la contraseña del correo.',
    ])
    await fitsThePhone(page)
    await keyScreen(page, 'asistente-correo-rechazado-telefono')
    await field(page, 'Contraseña del correo').fill(SMTP.pass)
    expect(await statusLines(await testConnection(page, 'el servidor de correo'))).toEqual(['Conexión exitosa', 'El servidor de correo aceptó el usuario y la contraseña.'])
    expect(smtp.received).toHaveLength(0)
    await button(page, 'Continuar').click()
    await waitForStep(page, 9)

    // Step 9: Conekta. Without a private key the button says what is missing; a wrong key is refused.
    await field(page, 'Llave pública de Conekta').fill(site.sim.conekta.publicKey)
    expect(await page.getByRole('button', { name: 'Probar conexión con Conekta' }).isDisabled()).toBe(true)
    await page.getByText('Para probar la conexión, complete: Llave privada de Conekta.', { exact: true }).waitFor()
    await field(page, 'Llave privada de Conekta').fill(WRONG_KEY)
    expect(await statusLines(await testConnection(page, 'Conekta'))).toEqual([
      'Autenticación rechazada',
      'Conekta rechazó la llave privada. Revise la llave privada en el panel de Conekta.',
      'Motivo: Acceso no autorizado. (HTTP 401)',
    ])
    await keyScreen(page, 'asistente-conekta-rechazada-telefono')
    expect(describeViolations(await accessibilityViolations(page))).toEqual([])
    await field(page, 'Llave privada de Conekta').fill(site.sim.conekta.privateKey)
    expect(await statusLines(await testConnection(page, 'Conekta'))).toEqual(['Conexión exitosa', 'Conekta aceptó la llave privada.'])
    await fitsThePhone(page)
    await button(page, 'Continuar').click()
    await waitForStep(page, 10)

    // Step 10: PayPal, with what is typed here.
    await field(page, 'Client ID de PayPal').fill(site.sim.paypal.clientId)
    await field(page, 'Secreto de PayPal').fill(site.sim.paypal.secret)
    expect(await statusLines(await testConnection(page, 'PayPal'))).toEqual(['Conexión exitosa', 'PayPal aceptó el Client ID y el secreto.'])
    await keyScreen(page, 'asistente-paypal-exitosa-telefono')
    await button(page, 'Continuar').click()
    await waitForStep(page, 11)
    for (const provider of ['facebook', 'google', 'twitter'] as const) await providerStep(page, provider, undefined)
    await fillCategory(page, { title: 'Salud', description: 'Campañas de salud' })
    await saveSetup(page, undefined)

    // The provider's calls were made by our server, never by the browser.
    expect(toProviders).toEqual([])
    adminToken = (await page.evaluate(() => localStorage.getItem('auth_token'))) ?? ''
    expect(adminToken).not.toBe('')
    await context.close()
  }, 180_000)

  it('en escritorio, Configuración prueba lo guardado, y tras donativos fallidos el inicio y Configuración muestran desde cuándo, cuántos y el motivo', async () => {
    const campaign = await createCampaignThroughApi(site, adminToken, { title: 'Comedor comunitario' })
    const { page, context } = await openPage(browser, 'configuracion-probar-conexion')
    await signInWithToken(page, adminToken)
    const firstCheck = page.waitForResponse((response) => response.url().endsWith('/api/donations/providers/failures'))
    await page.goto(`${site.url}/dashboard`)
    expect((await firstCheck).status()).toBe(200)
    expect(await page.getByRole('region', { name: 'Pagos con problemas' }).count()).toBe(0)

    // Configuración: the stored keys and mail server answer.
    await openFromMenu(page, 'Configuración')
    await page.getByLabel('Nombre de la institución').waitFor()
    await openSection(page, 'Llaves de Conekta')
    expect(await statusLines(await testConnection(page, 'Conekta'))).toEqual(['Conexión exitosa', 'Conekta aceptó la llave privada.'])
    await keyScreen(page, 'configuracion-conekta-exitosa')
    site.sim.setOutage('conekta', { status: 503 })
    try {
      expect(await statusLines(await testConnection(page, 'Conekta'))).toEqual([
        'Error del proveedor',
        'Conekta respondió con un error. Intente de nuevo en unos minutos.',
        'Motivo: Hubo un error en el sistema. Por favor intenta más tarde. (HTTP 503)',
      ])
    } finally {
      site.sim.setOutage('conekta', null)
    }
    await openSection(page, 'Correo')
    expect(await statusLines(await testConnection(page, 'el servidor de correo'))).toEqual(['Conexión exitosa', 'El servidor de correo aceptó el usuario y la contraseña.'])

    // A new private key typed is not what the button tries until it is saved.
    await field(page, 'Llave privada de Conekta').fill(WRONG_KEY)
    const conektaCheck = page.getByRole('button', { name: 'Probar conexión con Conekta' })
    await page.getByText('Se prueban los datos guardados: guarde los cambios de esta sección para probarlos.', { exact: true }).waitFor()
    expect(await conektaCheck.isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await answerJustification(page, 'Llave nueva de Conekta')
    await waitForToast(page, 'Registro actualizado')
    await openSection(page, 'Llaves de Conekta')
    expect(await statusLines(await testConnection(page, 'Conekta'))).toEqual([
      'Autenticación rechazada',
      'Conekta rechazó la llave privada. Revise la llave privada en el panel de Conekta.',
      'Motivo: Acceso no autorizado. (HTTP 401)',
    ])
    await keyScreen(page, 'configuracion-conekta-rechazada')
    expect(describeViolations(await accessibilityViolations(page))).toEqual([])

    // Donors try: the donation service takes the new key within two seconds, then every card donation fails.
    await expect
      .poll(async () => (await site.api('/api/donations/conekta', { method: 'POST', json: { token: await tokenizeCard(site.sim), name: 'Ana Pérez', amount: 150, campaign: campaign._id, email: 'ana@correo.mx', phone: '5512345678' } })).status, { timeout: 30_000, interval: 500 })
      .toBe(502)
    const donor = await openPage(browser, 'donante-proveedor-caido', { expectedConsoleErrors: [/status of 502/] })
    await openCampaign(donor.page, site.url, campaign.slug)
    await submitCard(donor.page, { number: '4242424242424242', name: 'Beto Díaz', expiry: '12/35', cvc: '123', email: 'beto@correo.mx', phone: '5512345678' })
    // The donor sees the spec's dialog, as the error catalogue writes it.
    await donor.page.getByRole('dialog', { name: 'Información inválida' }).getByText('Verifique los datos proporcionados', { exact: true }).waitFor()
    await acceptDialog(donor.page, 'Información inválida')
    await donor.context.close()

    // The home tells the full administrator since when, how many donations and why.
    await openFromMenu(page, 'Inicio')
    const notice = page.getByRole('region', { name: 'Pagos con problemas' })
    await notice.waitFor()
    const item = notice.getByRole('listitem')
    expect(await item.locator('strong').innerText()).toBe('Conekta rechaza las llaves guardadas (tarjeta y OXXO)')
    expect(await item.innerText()).toMatch(/Desde \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM) · 2 donaciones no se pudieron cobrar · última falla \d{2}\/\d{2}\/\d{4}/)
    expect(await item.innerText()).toContain('Motivo: Acceso no autorizado. (HTTP 401)')
    await keyScreen(page, 'inicio-pagos-con-problemas')
    expect(describeViolations(await accessibilityViolations(page))).toEqual([])

    // Configuración shows it too, with the section to fix; a successful test with the right key clears it.
    await notice.getByRole('link', { name: 'Revisar las llaves en Configuración' }).click()
    await page.getByRole('heading', { level: 1, name: 'Configuración' }).waitFor()
    const there = page.getByRole('region', { name: 'Pagos con problemas' })
    await there.getByText('Sección: «Llaves de Conekta»', { exact: true }).waitFor()
    await keyScreen(page, 'configuracion-pagos-con-problemas')
    await openSection(page, 'Llaves de Conekta')
    await field(page, 'Llave privada de Conekta').fill(site.sim.conekta.privateKey)
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await answerJustification(page, 'Llave correcta de Conekta')
    await waitForToast(page, 'Registro actualizado')
    await openSection(page, 'Llaves de Conekta')
    expect((await statusLines(await testConnection(page, 'Conekta')))[0]).toBe('Conexión exitosa')
    await there.waitFor({ state: 'detached' })
    await context.close()
  }, 180_000)

  it('en un teléfono (390×844), el aviso del inicio y la prueba de Configuración caben en la pantalla', async () => {
    // PayPal does not answer: an order fails.
    site.sim.setOutage('paypal', { status: 503 })
    const campaigns = (await (await site.api('/api/campaigns', { token: adminToken })).json()) as Array<{ _id: string }>
    const order = await site.api('/api/donations/paypal/order', { method: 'POST', json: { campaign: campaigns[0]?._id, amount: 200 } })
    expect(order.status).toBe(502)

    const { page, context } = await openPage(browser, 'telefono-pagos-con-problemas', PHONE)
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard`)
    const notice = page.getByRole('region', { name: 'Pagos con problemas' })
    await notice.getByText('PayPal responde con errores', { exact: true }).waitFor()
    expect(await notice.innerText()).toContain('1 donación no se pudo cobrar')
    await fitsThePhone(page)
    await keyScreen(page, 'inicio-pagos-con-problemas-telefono')

    await notice.getByRole('link', { name: 'Revisar las llaves en Configuración' }).click()
    await page.getByRole('heading', { level: 1, name: 'Configuración' }).waitFor()
    await openSection(page, 'Llaves de PayPal')
    const failed = await testConnection(page, 'PayPal')
    expect((await statusLines(failed))[0]).toBe('Error del proveedor')
    await failed.scrollIntoViewIfNeeded()
    await fitsThePhone(page)
    await keyScreen(page, 'configuracion-paypal-error-telefono')
    site.sim.setOutage('paypal', null)
    expect((await statusLines(await testConnection(page, 'PayPal')))[0]).toBe('Conexión exitosa')
    await page.getByRole('region', { name: 'Pagos con problemas' }).waitFor({ state: 'detached' })
    await context.close()
  }, 120_000)
})
