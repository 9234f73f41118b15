import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { countDocumentLoads, keyScreen, openPage } from './support/pages.ts'
import { startBrowserSite, tinyPng, type BrowserSite } from './support/browser-site.ts'
import { campaignWizardToOptions, finishCampaignWizard, goalUnavailableNotice, type CampaignWizardInput } from './journeys/campaign-wizard.ts'
import { goToSite } from './journeys/dashboard.ts'
import {
  acceptTerms,
  acceptWelcome,
  completeSetupWizard,
  button,
  field,
  fillAdmin,
  fillCategory,
  fillInstitution,
  fillLegalPage,
  fillMail,
  fillMission,
  fillProductKey,
  providerStep,
  saveSetup,
  uploadImage,
  waitForStep,
  type SetupWizardInput,
} from './journeys/setup-wizard.ts'

/**
 * After the wizard, in the same tab and without a reload: 'Aceptar' on the welcome dialog, the
 * four steps of 'Crear campaña', saved, then 'Ir al sitio' and the campaign's card on the home page.
 * The setup remote's shared modules are on the page by then, and the dashboard's form must work
 * with them (the campaign's content is the kit's rich-text field).
 */
async function firstCampaignOnSite(page: Page, campaign: CampaignWizardInput, label: string, atOptions?: () => Promise<void>): Promise<void> {
  await acceptWelcome(page)
  await campaignWizardToOptions(page, campaign)
  await atOptions?.()
  await keyScreen(page, `${label}-campana-opciones`)
  await finishCampaignWizard(page, campaign)
  await keyScreen(page, `${label}-campana-guardada`)
  await goToSite(page)
  await page.getByRole('link', { name: `Ver campaña: ${campaign.title}` }).first().click()
  await page.getByRole('heading', { level: 1, name: campaign.title }).waitFor()
  await page.getByText(campaign.content).waitFor()
  await keyScreen(page, `${label}-campana-publica`)
}

describe('asistente de configuración inicial (/configure)', () => {
  let site: BrowserSite
  let browser: Browser
  let filesDir: string
  let logoPath: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite({}, { asNpmStart: true }), launchChromium()])
    filesDir = mkdtempSync(join(tmpdir(), 'asistente-'))
    logoPath = join(filesDir, 'logo.png')
    writeFileSync(logoPath, tinyPng)
  })

  afterAll(async () => {
    await browser?.close()
    await site?.stop()
    if (filesDir) rmSync(filesDir, { recursive: true, force: true })
  })

  it('muestra los errores de campo del servidor en el paso que los contiene', async () => {
    const { page } = await openPage(browser, 'asistente-error-servidor', { expectedConsoleErrors: [/status of 422 .*\/api\/init\)/] })
    // The server would refuse this payload only in rare cases (a file removed meanwhile, a
    // rule changed): its 422 answer is simulated to prove the wizard shows it where it belongs.
    await page.route('**/api/init', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({
              message: 'Datos inválidos',
              description: 'Correo electrónico inválido',
              errors: [
                { path: 'contact.email', message: 'Correo electrónico inválido' },
                { path: 'user.password', message: 'Contraseña poco segura' },
              ],
            }),
          })
        : route.continue(),
    )
    await page.goto(`${site.url}/configure`)
    await waitForStep(page, 0)
    await acceptTerms(page)
    await fillProductKey(page, 'PRODUCTO-2026')
    await fillInstitution(page)
    await uploadImage(page, 'Logotipo', logoPath)
    await button(page, 'Continuar').click()
    await waitForStep(page, 4)
    await fillMission(page, logoPath, 'Misión de prueba.')
    await fillLegalPage(page, 5, 'Términos.')
    await fillLegalPage(page, 6, 'Aviso.')
    await fillAdmin(page, { name: 'Eva', lastName: 'Ruiz', email: 'eva@fundacion.mx', password: 'Clave#2026segura' })
    await fillMail(page, { user: 'prueba', pass: 'secreto', host: '127.0.0.1', port: site.mail.port })
    for (const provider of ['conekta', 'paypal', 'facebook', 'google', 'twitter'] as const) await providerStep(page, provider, undefined)
    await fillCategory(page, { title: 'Salud', description: 'Campañas de salud' })
    await button(page, 'Omitir y guardar').click()

    await waitForStep(page, 2)
    await page.getByText('Correo electrónico inválido').waitFor()
    expect(await field(page, 'Correo electrónico de contacto').getAttribute('aria-invalid')).toBe('true')
    expect(await field(page, 'Nombre de la institución').inputValue()).toBe('Fundación Ejemplo')
    expect(page.url()).toBe(`${site.url}/configure`)
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull()
    const init = (await (await site.api('/api/init')).json()) as { configured: boolean }
    expect(init.configured).toBe(false)
    await page.context().close()
  })

  it('configura el sitio en 16 pasos, inicia sesión como administrador y ya no vuelve a /configure', async () => {
    const input: SetupWizardInput = {
      logoPath,
      siteName: 'Fundación Manos Unidas',
      admin: { name: 'Ana', lastName: 'Pérez', email: 'ana@fundacion.mx', password: 'Clave#2026segura' },
      mail: { user: 'prueba', pass: 'smtp-secreto', host: '127.0.0.1', port: site.mail.port },
      conekta: { client: site.sim.conekta.publicKey, secret: site.sim.conekta.privateKey },
      category: { title: 'Salud', description: 'Campañas de salud' },
      institution: { name: 'Hospital Aliado', description: 'Institución aliada de la fundación' },
    }
    const { page, consoleErrors } = await openPage(browser, 'asistente-configuracion')
    const documentLoads = countDocumentLoads(page)

    // A site that is not configured sends every route to the wizard.
    await page.goto(`${site.url}/`)
    await page.waitForURL(`${site.url}/configure`)
    await waitForStep(page, 0)
    expect(await button(page, 'Continuar').count()).toBe(0)
    await keyScreen(page, 'asistente-paso-0')
    await acceptTerms(page)
    // The focus follows the step change to the new heading.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Clave del producto')

    // Step 1: a required field shows the server's Spanish message.
    await button(page, 'Continuar').click()
    await expect.poll(() => page.getByText('Campo requerido').count()).toBe(1)
    await waitForStep(page, 1)
    await fillProductKey(page, 'PRODUCTO-2026')

    // Step 2: an invalid e-mail, then Back keeps what was typed.
    await field(page, 'Correo electrónico de contacto').fill('no-es-un-correo')
    await button(page, 'Continuar').click()
    await page.getByText('Correo electrónico inválido').waitFor()
    await button(page, 'Atrás').click()
    await waitForStep(page, 1)
    expect(await field(page, 'Clave del producto').inputValue()).toBe('PRODUCTO-2026')
    await field(page, 'Clave del producto').press('Enter')
    await waitForStep(page, 2)
    expect(await field(page, 'Correo electrónico de contacto').inputValue()).toBe('no-es-un-correo')
    await fillInstitution(page, input)

    // Step 3: the logo is required, then a real PNG is uploaded and previewed.
    await button(page, 'Continuar').click()
    await page.getByText('Campo requerido').waitFor()
    await waitForStep(page, 3)
    const textPath = join(filesDir, 'notas.txt')
    writeFileSync(textPath, 'no es una imagen')
    await field(page, 'Logotipo').setInputFiles(textPath)
    await page.getByText('Solo se permiten imágenes JPG, PNG, GIF o WEBP').waitFor()
    await uploadImage(page, 'Logotipo', logoPath)
    await button(page, 'Cambiar imagen: Logotipo').waitFor()
    await button(page, 'Continuar').click()
    await waitForStep(page, 4)
    await button(page, 'Atrás').click()
    await waitForStep(page, 3)
    await page.getByRole('img', { name: 'Vista previa: Logotipo' }).waitFor()
    await keyScreen(page, 'asistente-logotipo')
    await button(page, 'Continuar').click()
    await waitForStep(page, 4)

    await fillMission(page, logoPath, 'Ayudamos a familias de escasos recursos.')
    await button(page, 'Continuar').click()
    await page.getByText('Campo requerido').waitFor()
    await page.getByRole('textbox', { name: 'Contenido de los términos y condiciones' }).fill('Borrador')
    await page.getByRole('button', { name: 'Negrita' }).waitFor()
    await keyScreen(page, 'asistente-paso-5')
    await fillLegalPage(page, 5, 'Estos son los términos del sitio.')
    await fillLegalPage(page, 6, 'Este es el aviso de privacidad.')

    // Step 7: password rules and confirmation.
    await field(page, 'Nombre').fill(input.admin.name)
    await field(page, 'Apellidos').fill(input.admin.lastName)
    await field(page, 'Correo electrónico').fill(input.admin.email)
    await field(page, 'Contraseña').fill('abcdefgh')
    await field(page, 'Confirmar contraseña').fill('otra-cosa')
    await button(page, 'Continuar').click()
    await page.getByText('Contraseña poco segura').waitFor()
    await page.getByText('Las contraseñas no coinciden').waitFor()
    await waitForStep(page, 7)
    await fillAdmin(page, input.admin)

    await fillMail(page, input.mail)

    // Step 9 filled with the simulator's keys; 10 to 13 skipped.
    await waitForStep(page, 9)
    await button(page, 'Continuar').click()
    await expect.poll(() => page.getByText('Campo requerido').count()).toBe(2)
    await providerStep(page, 'conekta', input.conekta)
    for (const provider of ['paypal', 'facebook', 'google', 'twitter'] as const) await providerStep(page, provider, undefined)

    // The last two steps save; the last one shows the chart card as an empty preview.
    expect(await button(page, 'Guardar').count()).toBe(1)
    await fillCategory(page, input.category ?? { title: 'Salud', description: 'Campañas de salud' })
    await page.getByRole('heading', { name: 'Histórico de Donaciones' }).waitFor()
    await page.getByText('Sin datos disponibles').waitFor()
    await keyScreen(page, 'asistente-paso-15')
    await saveSetup(page, input.institution)

    // Signed in as the new administrator.
    const token = await page.evaluate(() => localStorage.getItem('auth_token'))
    expect(token).toBeTruthy()
    await page.getByRole('dialog', { name: '¡Bienvenido!' }).getByText('Su sitio quedó configurado').waitFor()

    // The server holds what was typed.
    const init = (await (await site.api('/api/init')).json()) as {
      configured: boolean
      settings: { name: string }
      providers: Record<string, boolean>
    }
    expect(init.configured).toBe(true)
    expect(init.settings.name).toBe('Fundación Manos Unidas')
    expect(init.providers).toMatchObject({ conekta: true, paypal: false, facebook: false, google: false, twitter: false })
    const login = await site.api('/api/auth/login', { method: 'POST', json: { email: input.admin.email, password: input.admin.password } })
    expect(login.status).toBe(200)
    const institutions = await site.api('/api/options/institutions', { token: token ?? '' })
    expect(await institutions.text()).toContain('Hospital Aliado')

    // The first campaign, with a goal (Conekta is on), and the visitor's view of it.
    const campaign: CampaignWizardInput = {
      title: 'Útiles para la escuela',
      description: 'Cuadernos y lápices para el ciclo escolar.',
      imagePath: logoPath,
      category: 'Salud',
      content: 'Cada paquete de útiles acompaña a un niño todo el año.',
      goal: 25_000,
      duration: 30,
    }
    await firstCampaignOnSite(page, campaign, 'asistente-1280', async () => {
      expect(await goalUnavailableNotice(page).count()).toBe(0)
    })
    expect(documentLoads()).toBe(1)
    expect(consoleErrors).toEqual([])

    // Once configured, /configure goes to the home page.
    await page.goto(`${site.url}/configure`)
    await page.waitForURL(`${site.url}/`)
    expect(consoleErrors).toEqual([])
  })
})

describe('recorrido completo del asistente (completeSetupWizard)', () => {
  let site: BrowserSite
  let browser: Browser
  let filesDir: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    filesDir = mkdtempSync(join(tmpdir(), 'asistente-'))
  })

  afterAll(async () => {
    await browser?.close()
    await site?.stop()
    if (filesDir) rmSync(filesDir, { recursive: true, force: true })
  })

  it('omitiendo todos los servicios y la institución aliada deja los servicios desactivados; en un teléfono, la primera campaña sin meta dice por qué', async () => {
    const logoPath = join(filesDir, 'logo.png')
    writeFileSync(logoPath, tinyPng)
    const { page, consoleErrors } = await openPage(browser, 'asistente-recorrido', { viewport: { width: 390, height: 844 }, mobile: true })
    const documentLoads = countDocumentLoads(page)
    await page.goto(`${site.url}/configure`)
    await completeSetupWizard(page, {
      logoPath,
      admin: { name: 'Luis', lastName: 'Gómez', email: 'luis@fundacion.mx', password: 'Otra#Clave2026' },
      mail: { user: 'prueba', pass: 'smtp-secreto', host: '127.0.0.1', port: site.mail.port },
    })
    const token = await page.evaluate(() => localStorage.getItem('auth_token'))
    expect(token).toBeTruthy()
    const init = (await (await site.api('/api/init')).json()) as { configured: boolean; settings: { name: string }; providers: Record<string, boolean> }
    expect(init).toMatchObject({ configured: true, settings: { name: 'Fundación Ejemplo' } })
    expect(Object.values(init.providers).every((enabled) => !enabled)).toBe(true)
    const institutions = await site.api('/api/options/institutions', { token: token ?? '' })
    expect(institutions.status).toBe(200)
    expect(await institutions.json()).toEqual([])
    const categories = await site.api('/api/options/categories', { token: token ?? '' })
    expect(await categories.text()).toContain('Salud')

    // No payment provider is on: step 3 of the first campaign has no 'Meta' and says why, with
    // the way to Configuración; the campaign is saved without a goal and shown on the site.
    const campaign: CampaignWizardInput = {
      title: 'Despensas de invierno',
      description: 'Despensas para familias de la sierra.',
      imagePath: logoPath,
      category: 'Salud',
      content: 'Cada despensa alimenta a una familia durante un mes.',
      goal: null,
      duration: 45,
    }
    await firstCampaignOnSite(page, campaign, 'asistente-390', async () => {
      const notice = goalUnavailableNotice(page)
      await notice.getByText('hace falta un medio de pago activo').waitFor()
      expect(await page.getByLabel('Meta (MXN)', { exact: true }).count()).toBe(0)
      expect(await notice.getByRole('link', { name: 'Configuración', exact: true }).getAttribute('href')).toBe('/dashboard/configuration/edit')
    })
    expect(documentLoads()).toBe(1)
    expect(consoleErrors).toEqual([])
  })
})
