import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, tinyPng, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'
import { accessibilityViolations, describeViolations } from './support/axe.ts'
import { contrastRatio, lowContrastFields, parseColor, typedTextContrasts } from './support/contrast.ts'
import { SEEDED, seedRecords, type SeededRecords } from './support/records.ts'
import { acceptPrivacy, signInWithToken } from './journeys/campaign.ts'
import { openFromMenu, sideMenu, tableRow } from './journeys/dashboard.ts'
import { openCampaignFromGallery } from './journeys/public-site.ts'
import * as wizard from './journeys/setup-wizard.ts'

const PHONE = { width: 390, height: 844 }

/**
 * WCAG 2.1 A/AA (axe-core) on every public screen, every step of the setup wizard and every
 * dashboard screen (lists, records, create and edit forms, dialogs); and on each of them, the text
 * typed in every text field has at least 4.5:1 contrast with what is behind it (axe leaves typed
 * text out: it only sees the values a page already has).
 */
describe('accessibility of the public site, the wizard and the dashboard', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string
  let records: SeededRecords
  let filesDir: string
  let imagePath: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    filesDir = mkdtempSync(join(tmpdir(), 'accesibilidad-'))
    imagePath = join(filesDir, 'imagen.png')
    writeFileSync(imagePath, tinyPng)
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
    if (filesDir) rmSync(filesDir, { recursive: true, force: true })
  })

  /** The site configured and seeded, once, by the first test that needs it (the wizard runs before). */
  const seeded = async () => {
    if (!records) {
      adminToken = await site.configure()
      records = await seedRecords(site, adminToken)
    }
    return records
  }

  /** The screen has loaded its data: nothing says 'Cargando' and the network is quiet. */
  const settle = async (page: Page) => {
    await page.waitForLoadState('networkidle')
    await page.waitForFunction(() => !/Cargando/.test(document.body.innerText))
  }

  /**
   * The screen now on `page`: every text field's typed text readable, then no axe violation (with
   * the messages the fields show once left). Soft, so that one run names every screen and field that fails.
   */
  const audit = async (page: Page, name: string, { scope = 'body', fields = 0 }: { scope?: string; fields?: number } = {}) => {
    await settle(page)
    const contrasts = await typedTextContrasts(page, scope)
    // A form whose fields were not found would pass unchecked.
    expect.soft(contrasts.length, `${name}: campos de texto revisados`).toBeGreaterThanOrEqual(fields)
    expect.soft(lowContrastFields(contrasts), `${name}: contraste del texto escrito`).toEqual([])
    expect.soft(describeViolations(await accessibilityViolations(page)), `${name}: axe`).toEqual([])
    return contrasts
  }

  it('the contrast checker computes WCAG ratios and composes translucent layers', () => {
    const white = parseColor('rgb(255, 255, 255)')
    expect(contrastRatio(white, white)).toBe(1)
    expect(contrastRatio(parseColor('rgb(0, 0, 0)'), white)).toBeCloseTo(21, 5)
    expect(contrastRatio(parseColor('rgb(118, 118, 118)'), white)).toBeCloseTo(4.54, 2)
    expect(parseColor('rgba(0, 0, 0, 0.5)')).toEqual({ r: 0, g: 0, b: 0, a: 0.5 })
    expect(parseColor('rgb(1 2 3 / 25%)')).toEqual({ r: 1, g: 2, b: 3, a: 0.25 })
  })

  it('every step of the setup wizard has no WCAG A/AA violations and readable typed text', async () => {
    const { page } = await openPage(browser, 'a11y-asistente')
    await page.goto(`${site.url}/configure`)
    await wizard.waitForStep(page, 0)
    // Each step is audited as it opens, then filled as a person does to reach the next one.
    const steps: ((page: Page) => Promise<void>)[] = [
      wizard.acceptTerms,
      (current) => wizard.fillProductKey(current, 'PRODUCTO-2026'),
      (current) => wizard.fillInstitution(current),
      (current) => wizard.uploadLogo(current, imagePath),
      (current) => wizard.fillMission(current, imagePath, 'Nuestra misión es ayudar a quien más lo necesita.'),
      (current) => wizard.fillLegalPage(current, 5, 'Términos y condiciones del sitio.'),
      (current) => wizard.fillLegalPage(current, 6, 'Aviso de privacidad del sitio.'),
      (current) => wizard.fillAdmin(current, { name: 'Ana', lastName: 'López', email: 'ana@fundacion.mx', password: 'Segura#2026' }),
      (current) => wizard.fillMail(current, { user: 'correo', pass: 'secreto', host: '127.0.0.1', port: 2525 }),
      ...(['conekta', 'paypal', 'facebook', 'google', 'twitter'] as const).map((provider) => (current: Page) => wizard.providerStep(current, provider, undefined)),
      (current) => wizard.fillCategory(current, { title: 'Salud', description: 'Campañas de salud' }),
    ]
    for (const [index, step] of steps.entries()) {
      await audit(page, `asistente, paso ${index + 1}`)
      await step(page)
    }
    // The last step (the institution) is audited but not saved: the other tests configure the site through the API.
    await audit(page, 'asistente, paso 16')
  })

  it.each(['/', '/campaigns', '/campaign', '/about', '/notice-of-privacy', '/terms-and-conditions', '/login', '/forgot-password', '/register', '/verify-email', '/recover-password'])(
    '%s has no WCAG A/AA violations and readable typed text',
    async (route) => {
      const { slug } = await seeded()
      const path = route === '/campaign' ? `/campaigns/${slug}` : route === '/recover-password' ? `/recover-password?email=${encodeURIComponent(SEEDED.member)}&token=${'a'.repeat(40)}` : route
      const { page } = await openPage(browser, `a11y${route.replaceAll('/', '-')}`)
      await page.goto(`${site.url}${path}`)
      await page.locator('main h1').first().waitFor()
      const fields = (await audit(page, route)).map((entry) => entry.field)
      expect(fields).toContain('Buscar campañas por título')
    },
  )

  it("the campaign page's donation forms: deductible receipt, card and cash, and a member's comment box", async () => {
    await seeded()
    const { page } = await openPage(browser, 'a11y-donacion')
    await signInWithToken(page, records.memberToken)
    await page.goto(site.url)
    await page.getByRole('banner').getByRole('link', { name: 'Campañas', exact: true }).click()
    await openCampaignFromGallery(page, SEEDED.campaign)
    await page.getByRole('heading', { level: 1, name: SEEDED.campaign }).waitFor()
    await page.getByLabel('Escribe un comentario').waitFor()
    await page.getByRole('checkbox', { name: 'Quiero recibo deducible' }).check()
    await page.getByRole('group', { name: 'Recibo deducible' }).getByLabel('RFC').waitFor()
    await audit(page, 'campaña con recibo deducible y comentario', { fields: 8 })

    // The channels read the receipt's data first: valid data open their forms.
    const receipt = page.getByRole('group', { name: 'Recibo deducible' })
    await receipt.getByLabel('RFC').fill(SEEDED.receiptRfc)
    await receipt.getByLabel('Nombre o razón social').fill('Ana Pérez García')
    await receipt.getByLabel('Régimen fiscal').selectOption('605')
    await receipt.getByLabel('Código postal').fill('06600')
    await receipt.getByLabel('Correo electrónico para el recibo').fill('facturas.ana@correo.mx')
    await acceptPrivacy(page)
    for (const [button, dialogName] of [['Pagar con tarjeta', 'Donar con tarjeta'], ['Pagar en efectivo (OXXO)', 'Donar en efectivo']] as const) {
      await page.getByRole('button', { name: button }).click()
      const dialog = page.getByRole('dialog', { name: dialogName })
      await dialog.getByLabel('Correo electrónico', { exact: true }).waitFor()
      await audit(page, dialogName, { scope: 'dialog[open]', fields: 4 })
      await dialog.getByRole('button', { name: 'Cerrar' }).click()
      await dialog.waitFor({ state: 'detached' })
    }
  })

  it("a provisional password's change screen (/reset-password)", async () => {
    await seeded()
    const email = 'provisional@example.com'
    const created = await site.api('/api/users/', { method: 'POST', token: adminToken, json: { email, name: 'Nuevo', lastName: 'Usuario', role: 2, permissions: [] } })
    expect(created.status).toBe(201)
    const provisional = /Contraseña provisional: (\S+)/.exec((await site.mail.waitFor(email)).text)?.[1] ?? ''
    const { page } = await openPage(browser, 'a11y-cambio-de-contrasena')
    await page.goto(`${site.url}/login`)
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel('Contraseña', { exact: true }).fill(provisional)
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click()
    await page.waitForURL('**/reset-password')
    await page.locator('main h1').first().waitFor()
    await audit(page, '/reset-password')
  })

  it("on a phone, the menu's search box and the fields of each screen it opens", async () => {
    await seeded()
    const { page } = await openPage(browser, 'a11y-telefono', { viewport: PHONE, mobile: true })
    await page.goto(site.url)
    await page.getByRole('heading', { name: SEEDED.campaign }).first().waitFor()
    const menu = page.getByRole('button', { name: 'Menú' })
    await menu.click()
    expect((await audit(page, 'teléfono, inicio con el menú abierto')).map((entry) => entry.field)).toContain('Buscar campañas por título')
    for (const [entry, path] of [['Campañas', '**/campaigns'], ['Nosotros', '**/about'], ['Iniciar sesión', '**/login']] as const) {
      await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: entry, exact: true }).click()
      await page.waitForURL(path)
      await page.locator('main h1').first().waitFor()
      await menu.click()
      expect((await audit(page, `teléfono, ${entry} con el menú abierto`)).map((entry) => entry.field)).toContain('Buscar campañas por título')
    }
  })

  describe('the dashboard', () => {
    /** A journey's first page: the dashboard's start screen, signed in as the role 0 administrator. */
    const dashboard = async (label: string) => {
      await seeded()
      const { page } = await openPage(browser, label)
      await signInWithToken(page, adminToken)
      await page.goto(`${site.url}/dashboard/menu`)
      await page.getByRole('heading', { level: 1, name: /^Bienvenido/ }).waitFor()
      return page
    }
    const editRecord = async (page: Page, name: string) => {
      await page.getByRole('link', { name: 'Editar' }).click()
      await page.waitForURL(/\/edit(\/[^/]+)?$/)
      await page.getByRole('button', { name: 'Actualizar' }).first().waitFor()
      await audit(page, name, { fields: 1 })
    }

    it('start screen, campaigns (list, record, edit form, the four steps of the wizard) and the justification dialog', async () => {
      const page = await dashboard('a11y-panel-campanas')
      await audit(page, 'inicio del panel')
      await openFromMenu(page, 'Campañas')
      await page.waitForURL('**/dashboard/campaign/list')
      await tableRow(page, SEEDED.campaign).waitFor()
      await audit(page, 'campañas')
      // A row unfolds its change history.
      await tableRow(page, SEEDED.campaign).getByRole('button', { name: /^Ver cambios/ }).click()
      await audit(page, 'campañas con el historial de una fila')
      await tableRow(page, SEEDED.campaign).getByText(SEEDED.campaign).click()
      await page.waitForURL(/\/dashboard\/campaign\/view\/[^/]+$/)
      await page.getByRole('link', { name: 'Editar' }).waitFor()
      await audit(page, 'campaña')
      await page.getByRole('button', { name: 'Desactivar' }).click()
      await page.getByRole('dialog', { name: 'Justificación del cambio' }).waitFor()
      await audit(page, 'diálogo de justificación', { scope: 'dialog[open]', fields: 1 })
      await page.getByRole('dialog', { name: 'Justificación del cambio' }).getByRole('button', { name: 'Cancelar' }).click()
      await editRecord(page, 'edición de campaña')

      await openFromMenu(page, 'Campañas')
      await page.getByRole('link', { name: 'Agregar', exact: true }).click()
      await page.getByText('Paso 1 de 4', { exact: true }).waitFor()
      await audit(page, 'nueva campaña, paso 1', { fields: 2 })
      await page.getByLabel('Título', { exact: true }).fill('Despensas de invierno')
      await page.getByLabel('Descripción', { exact: true }).fill('Despensas para familias de la sierra.')
      await page.getByLabel('Imagen de portada', { exact: true }).setInputFiles(imagePath)
      await page.getByRole('img', { name: 'Vista previa de la imagen de portada' }).waitFor()
      await page.getByRole('checkbox', { name: 'Salud' }).check()
      await page.getByRole('button', { name: 'Siguiente', exact: true }).click()
      await page.getByText('Paso 2 de 4', { exact: true }).waitFor()
      await audit(page, 'nueva campaña, paso 2')
      await page.getByRole('textbox', { name: 'Contenido de la campaña' }).fill('Cada despensa alimenta a una familia durante un mes.')
      await page.getByRole('button', { name: 'Siguiente', exact: true }).click()
      await page.getByText('Paso 3 de 4', { exact: true }).waitFor()
      await audit(page, 'nueva campaña, paso 3', { fields: 2 })
      await page.getByLabel('Duración (días)', { exact: true }).fill('45')
      await page.getByLabel('Meta (MXN)', { exact: true }).fill('25000')
      await page.getByRole('button', { name: 'Siguiente', exact: true }).click()
      await page.getByText('Paso 4 de 4', { exact: true }).waitFor()
      await audit(page, 'nueva campaña, paso 4')
    })

    it('administrators and users: lists, records, history, create and edit forms', async () => {
      const page = await dashboard('a11y-panel-usuarios')
      await openFromMenu(page, 'Administradores')
      await page.waitForURL('**/dashboard/user-admin/list')
      await tableRow(page, SEEDED.restrictedAdmin).waitFor()
      await audit(page, 'administradores')
      await page.getByRole('link', { name: 'Agregar', exact: true }).click()
      await page.waitForURL(/\/dashboard\/user\/create/)
      await page.getByRole('table', { name: 'Permisos' }).waitFor()
      await audit(page, 'nuevo administrador', { fields: 2 })
      await openFromMenu(page, 'Administradores')
      await tableRow(page, SEEDED.restrictedAdmin).getByText(SEEDED.restrictedAdmin).click()
      await page.waitForURL(/\/dashboard\/user\/view\/[^/]+$/)
      await page.getByRole('link', { name: 'Ver historial' }).waitFor()
      await audit(page, 'administrador')
      await editRecord(page, 'edición de administrador')

      await openFromMenu(page, 'Usuarios')
      await page.waitForURL('**/dashboard/user/list')
      await page.getByRole('link', { name: /Lucía/ }).first().waitFor()
      await audit(page, 'usuarios')
      await page.getByRole('link', { name: /Lucía/ }).first().click()
      await page.waitForURL(/\/dashboard\/user\/view\/[^/]+$/)
      await page.getByRole('link', { name: 'Ver historial' }).waitFor()
      await audit(page, 'usuario')
      await page.getByRole('link', { name: 'Ver historial' }).click()
      await page.getByRole('heading', { level: 1, name: 'Histórico de eventos por usuario' }).waitFor()
      await audit(page, 'histórico del usuario')
      await page.goBack()
      await editRecord(page, 'edición de usuario')
      await openFromMenu(page, 'Usuarios')
      await page.getByRole('link', { name: 'Agregar', exact: true }).click()
      await page.waitForURL(/\/dashboard\/user\/create/)
      await page.getByRole('button', { name: 'Guardar' }).waitFor()
      await audit(page, 'nuevo usuario', { fields: 2 })

      // Own profile, from the header's account links.
      await page.getByRole('link', { name: 'Mi perfil' }).click()
      await page.waitForURL('**/dashboard/user-admin/profile/edit')
      await page.getByRole('button', { name: 'Actualizar' }).first().waitFor()
      await audit(page, 'edición de mi perfil', { fields: 2 })
      await page.getByRole('button', { name: 'Cancelar' }).click()
      await page.waitForURL(/\/dashboard\/user-admin\/profile\/[^/]+$/)
      await page.getByRole('link', { name: 'Editar perfil' }).waitFor()
      await audit(page, 'mi perfil')
    })

    it('institutions, categories, pages, configuration, API description and history', async () => {
      const page = await dashboard('a11y-panel-catalogos')
      for (const [entry, record, name] of [['Instituciones', 'Hospital Aliado', 'institución'], ['Categorías', 'Salud', 'categoría']] as const) {
        await openFromMenu(page, entry)
        await tableRow(page, record).waitFor()
        await audit(page, entry)
        await tableRow(page, record).getByText(record, { exact: true }).click()
        await page.waitForURL(/\/view\/[^/]+$/)
        await page.getByRole('link', { name: 'Editar' }).waitFor()
        await audit(page, name)
        await editRecord(page, `edición de ${name}`)
        await openFromMenu(page, entry)
        await page.getByRole('link', { name: /^Agregar/ }).click()
        await page.waitForURL(/\/create$/)
        await page.getByRole('button', { name: 'Guardar' }).waitFor()
        await audit(page, `nueva ${name}`, { fields: 2 })
      }

      await openFromMenu(page, 'Páginas')
      await page.waitForURL('**/dashboard/pages/list')
      await page.getByRole('row').nth(1).waitFor()
      await audit(page, 'páginas')
      await page.getByRole('row').nth(1).getByRole('cell').nth(2).click()
      await page.waitForURL(/\/dashboard\/pages\/view\/[^/]+$/)
      await page.getByRole('link', { name: 'Editar' }).waitFor()
      await audit(page, 'página')
      await editRecord(page, 'edición de página')

      await openFromMenu(page, 'Configuración')
      await page.waitForURL('**/dashboard/configuration/edit')
      await page.getByRole('heading', { level: 1, name: 'Configuración' }).waitFor()
      await audit(page, 'configuración')
      // Every section unfolded, so that each of its fields is audited too.
      const closed = page.locator('.config-section__toggle[aria-expanded="false"]')
      while ((await closed.count()) > 0) await closed.first().click()
      await audit(page, 'configuración con todas las secciones abiertas', { fields: 2 })
      await page.getByRole('link', { name: 'Descripción de la API' }).click()
      await page.getByRole('heading', { level: 1, name: 'Descripción de la API' }).waitFor()
      await page.getByText(/^\d+ rutas$/).waitFor()
      await page.locator('summary').first().click()
      await audit(page, 'descripción de la API')

      await openFromMenu(page, 'Histórico')
      await page.waitForURL('**/dashboard/historical/list')
      await page.getByRole('heading', { level: 1, name: 'Histórico de eventos' }).waitFor()
      await audit(page, 'histórico')
    })

    it('donations: the hub, each channel list and record, monthly donors, deductible receipts and the upload dialog', async () => {
      const page = await dashboard('a11y-panel-donaciones')
      await openFromMenu(page, 'Donaciones')
      await page.waitForURL('**/dashboard/donation/list')
      await page.getByRole('link', { name: 'Donaciones con tarjeta', exact: true }).waitFor()
      await audit(page, 'donaciones')
      for (const [channel, donor] of [['Donaciones con tarjeta', SEEDED.cardDonor], ['Donaciones con OXXO Pay', SEEDED.oxxoDonor], ['Donaciones con PayPal', SEEDED.paypalDonor]] as const) {
        await page.getByRole('link', { name: channel, exact: true }).click()
        await page.getByRole('heading', { level: 1, name: channel }).waitFor()
        await page.getByRole('row').filter({ hasText: donor }).first().waitFor()
        await audit(page, channel)
        await page.getByRole('row').filter({ hasText: donor }).first().click()
        await page.waitForURL(/\/view\/[^/]+$/)
        await page.getByRole('heading', { level: 1, name: 'Donación - Información del registro' }).waitFor()
        await audit(page, `${channel}: registro`)
        await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Donaciones', exact: true }).click()
        await page.waitForURL('**/dashboard/donation/list')
      }
      await page.getByRole('link', { name: 'Donadores mensuales' }).click()
      await page.waitForURL('**/dashboard/donation/monthly/list')
      await page.getByRole('heading', { level: 1 }).waitFor()
      await audit(page, 'donadores mensuales')
      await openFromMenu(page, 'Donaciones')
      await page.getByRole('link', { name: 'Recibos deducibles' }).click()
      await page.getByRole('heading', { level: 1, name: 'Recibos deducibles' }).waitFor()
      await tableRow(page, SEEDED.receiptRfc).waitFor()
      await audit(page, 'recibos deducibles')
      await tableRow(page, SEEDED.receiptRfc).getByRole('button', { name: /^Subir recibo/ }).click()
      await page.getByRole('dialog', { name: 'Subir recibo timbrado' }).waitFor()
      await audit(page, 'subir recibo timbrado', { scope: 'dialog[open]' })
    })

    it("the donors' tips page", async () => {
      await seeded()
      const { page } = await openPage(browser, 'a11y-panel-donadora')
      await signInWithToken(page, adminToken)
      await page.goto(`${site.url}/dashboard/donadora`)
      await page.getByRole('heading', { name: 'Tips para hacer donaciones' }).waitFor()
      await audit(page, 'tips para donadoras')
      expect(await sideMenu(page).count()).toBe(1)
    })
  })
})
