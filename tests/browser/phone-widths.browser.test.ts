import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, tinyPng, type BrowserSite } from './support/browser-site.ts'
import { openPage, screenshotDir } from './support/pages.ts'
import { focusedBelowStickyBars, misalignedFields, onOneRow } from './support/layout.ts'
import { SEEDED, seedRecords, type SeededRecords } from './support/records.ts'
import { acceptPrivacy, requestOxxoVoucher, signInWithToken } from './journeys/campaign.ts'
import { openFromMenu, sideMenu, tableRow } from './journeys/dashboard.ts'
import { openCampaignFromGallery } from './journeys/public-site.ts'

const PHONE = { width: 390, height: 844 }
// The longest name the wizard takes (35 characters): the one most likely to break the header.
const LONG_NAME = 'Fundación Mexicana de Apoyo Infanti'
const CAMPAIGN = 'Útiles para todos'
const shotsDir = join(screenshotDir, 'telefono')

/**
 * Every public and dashboard screen on a 390x844 phone (spec §2.1, §2.5), lists and every create and
 * edit form: the page never scrolls sideways (tables scroll inside their own box), fields side by side
 * keep their inputs on one line, and the header is one row. With isMobile,
 * Chromium widens the layout viewport to the content, so the width is compared with 390 itself.
 * A screenshot of each screen is kept under .test-reports/screenshots/telefono.
 */
describe('Pantallas en un teléfono (390 px)', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string
  let records: SeededRecords
  let filesDir: string
  let imagePath: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    const logo = await site.upload()
    adminToken = await site.configure({ settings: { name: LONG_NAME, logo, gratitudeMessage: 'Gracias por tu donación' } })
    records = await seedRecords(site, adminToken)
    filesDir = mkdtempSync(join(tmpdir(), 'telefono-'))
    imagePath = join(filesDir, 'portada.png')
    writeFileSync(imagePath, tinyPng)
    mkdirSync(shotsDir, { recursive: true })
  })

  afterAll(async () => {
    await browser?.close()
    await site?.stop()
    if (filesDir) rmSync(filesDir, { recursive: true, force: true })
  })

  const phone = async (label: string) => {
    const opened = await openPage(browser, label, { viewport: PHONE, mobile: true })
    return opened.page
  }

  /**
   * The screen now on `page`: saved as telefono/<name>.png, no wider than the phone, header in one
   * row. Soft checks, so one run names every screen that breaks.
   */
  const check = async (page: Page, name: string, { header = true } = {}) => {
    await page.waitForLoadState('networkidle')
    await page.waitForFunction(() => !/Cargando/.test(document.body.innerText), undefined, { timeout: 10_000 })
    await page.evaluate(() => document.fonts.ready)
    await page.screenshot({ path: join(shotsDir, `${name}.png`) })
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect.soft(width, `${name}: ancho de la página`).toBeLessThanOrEqual(PHONE.width)
    // Nor is anything cut off sideways by a box that hides its overflow (an ellipsis is meant).
    const cut = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((element) => {
          const style = getComputedStyle(element)
          const hides = style.overflowX === 'hidden' || style.overflowX === 'clip'
          // Carousels hide their other slides and fields scroll their own text on purpose.
          const carousel = element.matches('.public-banner__viewport, .public-slider__viewport, input, textarea, select')
          return hides && !carousel && style.textOverflow !== 'ellipsis' && element.clientWidth > 2 && element.scrollWidth > element.clientWidth + 1
        })
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`),
    )
    expect.soft(cut, `${name}: contenido cortado`).toEqual([])
    // Fields side by side keep their inputs on one line, whatever their labels' lengths.
    expect.soft(await misalignedFields(page), `${name}: campos desalineados`).toEqual([])
    if (!header) return
    const bar = page.locator('.public-navbar__inner, .dashboard__header').first()
    const rows = await bar.evaluate((element) => {
      const boxes = Array.from(element.children)
        .map((child) => child.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.height > 0)
      // One row: every visible item shares some height with every other.
      return Math.max(...boxes.map((box) => box.top)) < Math.min(...boxes.map((box) => box.bottom)) ? 1 : 2
    })
    expect.soft(rows, `${name}: filas del encabezado`).toBe(1)
  }

  /** Opens the header's menu and clicks an entry of the public navbar. */
  const publicMenu = async (page: Page, label: string) => {
    await page.getByRole('button', { name: 'Menú' }).click()
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: label, exact: true }).click()
  }

  it('sitio público: inicio, páginas, campañas, ficha OXXO y cuentas', async () => {
    const page = await phone('telefono-publico')
    await page.goto(site.url)
    await page.getByRole('heading', { name: CAMPAIGN }).first().waitFor()
    await check(page, 'inicio')

    await publicMenu(page, 'Nosotros')
    await page.waitForURL('**/about')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await check(page, 'nosotros')

    await page.getByRole('contentinfo').getByRole('link', { name: 'Aviso de privacidad' }).click()
    await page.waitForURL('**/notice-of-privacy')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await check(page, 'aviso-de-privacidad')

    await page.getByRole('contentinfo').getByRole('link', { name: 'Términos y condiciones' }).click()
    await page.waitForURL('**/terms-and-conditions')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await check(page, 'terminos')

    await publicMenu(page, 'Campañas')
    await page.waitForURL('**/campaigns')
    await page.getByRole('list', { name: 'Lista de campañas' }).getByRole('link').first().waitFor()
    await check(page, 'campanas')

    await openCampaignFromGallery(page, CAMPAIGN)
    await page.getByRole('heading', { level: 1, name: CAMPAIGN }).waitFor()
    await check(page, 'campana')

    // The cash voucher: whole reference and deadline inside the dialog.
    await page.getByLabel('Cantidad a donar (MXN)').fill('1234.5')
    const reference = await requestOxxoVoucher(page, { name: 'Olga', lastName: 'Ortiz', email: 'olga@example.com', phone: '5598765432' })
    const dialog = page.getByRole('dialog', { name: 'Ficha de pago OXXO' })
    await check(page, 'ficha-oxxo')
    for (const testId of ['referencia', 'fecha-limite', 'monto-ficha']) {
      const fits = await dialog.getByTestId(testId).evaluate((element) => {
        const box = element.getBoundingClientRect()
        const frame = element.closest('dialog')?.getBoundingClientRect()
        return element.scrollWidth <= element.clientWidth && !!frame && box.left >= frame.left && box.right <= frame.right
      })
      expect.soft(fits, `ficha OXXO: ${testId} completo`).toBe(true)
    }
    expect.soft(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth), 'ficha OXXO sin desplazamiento lateral').toBe(true)
    expect(await dialog.getByTestId('referencia').innerText()).toBe(reference)
    await dialog.getByTestId('referencia').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shotsDir, 'ficha-oxxo-referencia.png') })
    await dialog.getByRole('button', { name: 'Cerrar' }).click()

    await publicMenu(page, 'Iniciar sesión')
    await page.waitForURL('**/login')
    await page.getByLabel('Correo electrónico').waitFor()
    await check(page, 'iniciar-sesion')

    await page.getByRole('link', { name: 'Olvidé mi contraseña' }).click()
    await page.waitForURL('**/forgot-password')
    await page.getByLabel('Correo electrónico').waitFor()
    await check(page, 'olvide-contrasena')

    // A new account signs in with its provisional password and is sent to change it.
    const email = 'nuevo.usuario@example.com'
    const created = await site.api('/api/users/', { method: 'POST', token: adminToken, json: { email, name: 'Nuevo', lastName: 'Usuario', role: 2, permissions: [] } })
    expect(created.status).toBe(201)
    const provisional = /Contraseña provisional: (\S+)/.exec((await site.mail.waitFor(email)).text)?.[1] ?? ''
    await publicMenu(page, 'Iniciar sesión')
    await page.waitForURL('**/login')
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel('Contraseña', { exact: true }).fill(provisional)
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click()
    await page.waitForURL('**/reset-password')
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor()
    await check(page, 'cambiar-contrasena')
  })

  it('recuperación de contraseña desde el enlace del correo', async () => {
    const page = await phone('telefono-recuperar')
    await page.goto(`${site.url}/recover-password?email=${encodeURIComponent('lucia.ramirez@example.com')}&token=${'a'.repeat(40)}`)
    await page.getByRole('main').getByRole('button').first().waitFor()
    await check(page, 'recuperar-contrasena')
  })

  it('panel: cada módulo, de la lista a la vista y la edición', async () => {
    const page = await phone('telefono-panel')
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard/menu`)
    await page.getByRole('heading', { level: 1, name: /^Bienvenido/ }).waitFor()
    await check(page, 'panel-menu')

    const menuTo = async (label: string) => {
      await page.getByRole('button', { name: 'Menú' }).click()
      // Open, the menu adds the account links and the entries under the header's row.
      await check(page, 'panel-menu-abierto', { header: false })
      await sideMenu(page).getByRole('link', { name: label, exact: true }).click()
    }
    const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor()
    const edit = async (name: string) => {
      await page.getByRole('link', { name: 'Editar' }).click()
      await page.waitForURL(/\/edit(\/[^/]+)?$/)
      await page.getByRole('button', { name: 'Actualizar' }).first().waitFor()
      await check(page, name)
    }

    // Campaigns: list, record, edit form, the four steps of the wizard.
    await menuTo('Campañas')
    await page.waitForURL('**/dashboard/campaign/list')
    await tableRow(page, CAMPAIGN).waitFor()
    await check(page, 'campanas-lista')
    await tableRow(page, CAMPAIGN).getByText(CAMPAIGN).click()
    await page.waitForURL(/\/dashboard\/campaign\/view\/[^/]+$/)
    await page.getByRole('link', { name: 'Editar' }).waitFor()
    await check(page, 'campana-vista')
    await edit('campana-edicion')
    await menuTo('Campañas')
    await page.getByRole('link', { name: 'Agregar', exact: true }).click()
    await page.getByText('Paso 1 de 4', { exact: true }).waitFor()
    await check(page, 'campana-paso-1')
    await page.getByLabel('Título', { exact: true }).fill('Despensas de invierno')
    await page.getByLabel('Descripción', { exact: true }).fill('Despensas para familias de la sierra.')
    await page.getByLabel('Imagen de portada', { exact: true }).setInputFiles(imagePath)
    await page.getByRole('img', { name: 'Vista previa de la imagen de portada' }).waitFor()
    await page.getByRole('checkbox', { name: 'Salud' }).check()
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click()
    await page.getByText('Paso 2 de 4', { exact: true }).waitFor()
    await check(page, 'campana-paso-2')
    await page.getByRole('textbox', { name: 'Contenido de la campaña' }).fill('Cada despensa alimenta a una familia durante un mes.')
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click()
    await page.getByText('Paso 3 de 4', { exact: true }).waitFor()
    await check(page, 'campana-paso-3')
    await page.getByLabel('Duración (días)', { exact: true }).fill('45')
    await page.getByLabel('Meta (MXN)', { exact: true }).fill('25000')
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click()
    await page.getByText('Paso 4 de 4', { exact: true }).waitFor()
    await check(page, 'campana-paso-4')

    // Administrators: the table and a record.
    await menuTo('Administradores')
    await page.waitForURL('**/dashboard/user-admin/list')
    await tableRow(page, 'rosa.mendez@example.com').waitFor()
    await check(page, 'administradores-lista')
    await tableRow(page, 'rosa.mendez@example.com').getByText('rosa.mendez@example.com').click()
    await page.waitForURL(/\/dashboard\/user\/view\/[^/]+$/)
    await page.getByText('rosa.mendez@example.com').first().waitFor()
    await check(page, 'administrador-vista')

    // Users: cards, record, edit form, history, create form.
    await menuTo('Usuarios')
    await page.waitForURL('**/dashboard/user/list')
    await page.getByRole('link', { name: /Lucía/ }).first().click()
    await page.waitForURL(/\/dashboard\/user\/view\/[^/]+$/)
    await page.getByRole('link', { name: 'Ver historial' }).waitFor()
    await check(page, 'usuario-vista')
    await page.getByRole('link', { name: 'Ver historial' }).click()
    await page.waitForURL(/\/dashboard\/user\/view\/[^/]+\/historical$/)
    await heading('Histórico de eventos por usuario')
    await check(page, 'usuario-historico')
    await page.goBack()
    await edit('usuario-edicion')
    await menuTo('Usuarios')
    await page.getByRole('link', { name: /Lucía/ }).first().waitFor()
    await check(page, 'usuarios-lista')
    await page.getByRole('link', { name: 'Agregar', exact: true }).click()
    await page.waitForURL(/\/dashboard\/user\/create/)
    await page.getByRole('button', { name: 'Guardar' }).waitFor()
    await check(page, 'usuario-alta')

    // Institutions and categories: list, record, edit form, create form.
    for (const [entry, record, prefix] of [['Instituciones', 'Hospital Aliado', 'institucion'], ['Categorías', 'Salud', 'categoria']] as const) {
      await menuTo(entry)
      await tableRow(page, record).waitFor()
      await check(page, `${prefix}-lista`)
      await tableRow(page, record).getByText(record, { exact: true }).click()
      await page.waitForURL(/\/view\/[^/]+$/)
      await page.getByRole('link', { name: 'Editar' }).waitFor()
      await check(page, `${prefix}-vista`)
      await edit(`${prefix}-edicion`)
      await menuTo(entry)
      await page.getByRole('link', { name: /^Agregar/ }).click()
      await page.waitForURL(/\/create$/)
      await page.getByRole('button', { name: 'Guardar' }).waitFor()
      await check(page, `${prefix}-alta`)
    }

    // Pages: list, record, edit form.
    await menuTo('Páginas')
    await page.waitForURL('**/dashboard/pages/list')
    await page.getByRole('row').nth(1).waitFor()
    await check(page, 'paginas-lista')
    await page.getByRole('row').nth(1).getByRole('cell').nth(2).click()
    await page.waitForURL(/\/dashboard\/pages\/view\/[^/]+$/)
    await page.getByRole('link', { name: 'Editar' }).waitFor()
    await check(page, 'pagina-vista')
    await edit('pagina-edicion')

    await menuTo('Configuración')
    await page.waitForURL('**/dashboard/configuration/edit')
    await heading('Configuración')
    await check(page, 'configuracion')
    await page.getByRole('link', { name: 'Descripción de la API' }).click()
    await heading('Descripción de la API')
    await page.getByText(/^\d+ rutas$/).waitFor()
    await page.locator('summary').first().click()
    await check(page, 'descripcion-api')

    await menuTo('Histórico')
    await page.waitForURL('**/dashboard/historical/list')
    await heading('Histórico de eventos')
    await check(page, 'historico')

    // Own profile, from the header's account links.
    await page.getByRole('button', { name: 'Menú' }).click()
    await page.getByRole('link', { name: 'Mi perfil' }).click()
    await page.waitForURL('**/dashboard/user-admin/profile/edit')
    await page.getByRole('button', { name: 'Actualizar' }).first().waitFor()
    await check(page, 'mi-perfil-edicion')
    await page.getByRole('button', { name: 'Cancelar' }).click()
    await page.waitForURL(/\/dashboard\/user-admin\/profile\/[^/]+$/)
    await page.getByRole('link', { name: 'Editar perfil' }).waitFor()
    await check(page, 'mi-perfil')

    // Donations: the hub from the start screen, each channel's list and one record.
    await menuTo('Inicio')
    await page.getByRole('main').getByRole('link', { name: /^Donaciones/ }).click()
    await page.waitForURL('**/dashboard/donation/list')
    await page.getByRole('link', { name: 'Donaciones con tarjeta', exact: true }).waitFor()
    await check(page, 'donaciones')
    for (const [channel, donor, prefix] of [['Donaciones con tarjeta', 'Ana Tarjeta', 'tarjeta'], ['Donaciones con OXXO Pay', 'Diego', 'oxxo'], ['Donaciones con PayPal', 'Eva', 'paypal']] as const) {
      await page.getByRole('link', { name: channel, exact: true }).click()
      await heading(channel)
      await page.getByRole('row').filter({ hasText: donor }).first().waitFor()
      await check(page, `donaciones-${prefix}`)
      await page.getByRole('row').filter({ hasText: donor }).first().click()
      await page.waitForURL(/\/view\/[^/]+$/)
      await heading('Donación - Información del registro')
      await check(page, `donacion-${prefix}`)
      await page.getByRole('link', { name: 'Donaciones', exact: true }).click()
      await page.waitForURL('**/dashboard/donation/list')
    }
  })

  it('panel: tips para donadoras', async () => {
    const page = await phone('telefono-donadora')
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard/donadora`)
    await page.getByRole('heading', { name: 'Tips para hacer donaciones' }).waitFor()
    await check(page, 'donadora')
  })

  it('panel: alta y edición de administradores con su tabla de permisos, y el formulario del recibo timbrado', async () => {
    const page = await phone('telefono-administradores')
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard/menu`)
    await page.getByRole('heading', { level: 1, name: /^Bienvenido/ }).waitFor()
    const permissions = page.getByRole('table', { name: 'Permisos' })
    // The whole table inside its box at 390 px: 'Actualizar' is reached without scrolling sideways.
    const wholeTable = () => permissions.evaluate((table) => table.parentElement !== null && table.parentElement.scrollWidth <= table.parentElement.clientWidth)

    await openFromMenu(page, 'Administradores')
    await page.waitForURL('**/dashboard/user-admin/list')
    await page.getByRole('link', { name: 'Agregar', exact: true }).click()
    await page.waitForURL(/\/dashboard\/user\/create/)
    await permissions.waitFor()
    await check(page, 'administrador-alta')
    expect.soft(await wholeTable(), 'administrador-alta: tabla de permisos completa').toBe(true)

    await openFromMenu(page, 'Administradores')
    await tableRow(page, SEEDED.restrictedAdmin).getByText(SEEDED.restrictedAdmin).click()
    await page.waitForURL(/\/dashboard\/user\/view\/[^/]+$/)
    await page.getByRole('link', { name: 'Editar' }).click()
    await page.waitForURL(/\/dashboard\/user\/edit\/[^/]+$/)
    await permissions.waitFor()
    await check(page, 'administrador-edicion')
    expect.soft(await wholeTable(), 'administrador-edicion: tabla de permisos completa').toBe(true)

    await openFromMenu(page, 'Donaciones')
    await page.getByRole('link', { name: 'Recibos deducibles' }).click()
    await tableRow(page, SEEDED.receiptRfc).getByRole('button', { name: /^Subir recibo/ }).click()
    await page.getByRole('dialog', { name: 'Subir recibo timbrado' }).getByLabel('XML del CFDI timbrado').waitFor()
    await check(page, 'recibo-timbrado')
  })

  it('donación: formularios de tarjeta (una vez y cada mes) y de efectivo, y el comentario de quien tiene cuenta', async () => {
    const page = await phone('telefono-donacion')
    await signInWithToken(page, records.memberToken)
    await page.goto(`${site.url}/campaigns/${records.slug}`)
    await page.getByRole('heading', { level: 1, name: SEEDED.campaign }).waitFor()
    await page.getByLabel('Escribe un comentario').waitFor()
    await check(page, 'campana-con-comentario')
    await acceptPrivacy(page)

    for (const [frequency, channel, title, submit, name] of [
      ['Donar una vez', 'Pagar con tarjeta', 'Donar con tarjeta', 'Donar', 'tarjeta'],
      ['Donar cada mes', 'Donar cada mes con tarjeta', 'Donar cada mes con tarjeta', 'Donar cada mes', 'tarjeta-mensual'],
    ] as const) {
      await page.getByRole('button', { name: frequency, exact: true }).click()
      await page.getByRole('button', { name: channel, exact: true }).click()
      const dialog = page.getByRole('dialog', { name: title })
      const [expiry, cvc] = [dialog.getByLabel('Vencimiento (MM/AA)'), dialog.getByLabel('CVC')]
      await cvc.waitFor()
      await check(page, `${name}-formulario`)
      expect.soft(await onOneRow(expiry, cvc), `${name}: vencimiento y CVC en una fila`).toBe(true)
      // With a message under one of the two only, they still line up.
      await cvc.fill('123')
      await dialog.getByRole('button', { name: submit, exact: true }).click()
      await dialog.getByText('Campo requerido').first().waitFor()
      await check(page, `${name}-mensajes`)
      expect.soft(await onOneRow(expiry, cvc), `${name} con mensajes: vencimiento y CVC en una fila`).toBe(true)
      await dialog.getByRole('button', { name: 'Cerrar' }).click()
      await dialog.waitFor({ state: 'detached' })
    }

    await page.getByRole('button', { name: 'Donar una vez', exact: true }).click()
    await page.getByRole('button', { name: 'Pagar en efectivo (OXXO)' }).click()
    const cash = page.getByRole('dialog', { name: 'Donar en efectivo' })
    await cash.getByLabel('Apellidos').waitFor()
    await check(page, 'efectivo-formulario')
    await cash.getByRole('button', { name: 'Generar ficha de pago' }).click()
    await cash.getByText('Campo requerido').first().waitFor()
    await check(page, 'efectivo-mensajes')
  })

  it.each([
    ['390 px', PHONE],
    ['1280 px', { width: 1280, height: 900 }],
  ])('recibo deducible a %s: el primer envío vacío muestra cada mensaje y el campo con el foco queda a la vista bajo el encabezado', async (width, viewport) => {
    const { page } = await openPage(browser, `recibo-deducible-${width.replace(' ', '')}`, viewport === PHONE ? { viewport, mobile: true } : { viewport })
    await page.goto(`${site.url}/campaigns/${records.slug}`)
    await page.getByRole('heading', { level: 1, name: SEEDED.campaign }).waitFor()
    await acceptPrivacy(page)
    // A donor who changed their mind: ticked, unticked and ticked again.
    const wanted = page.getByRole('checkbox', { name: 'Quiero recibo deducible' })
    const receipt = page.getByRole('group', { name: 'Recibo deducible' })
    const rfc = receipt.getByLabel('RFC')
    await wanted.check()
    await rfc.waitFor()
    await wanted.uncheck()
    await wanted.check()
    await rfc.waitFor()
    if (viewport === PHONE) await check(page, 'recibo-deducible')

    // The RFC touched and left empty, just under the top of the window (behind the sticky header), and the pay button in view.
    await rfc.click()
    await rfc.evaluate((input) => window.scrollBy(0, input.getBoundingClientRect().top - 8))
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click()
    const fields = ['RFC', 'Nombre o razón social', 'Régimen fiscal', 'Código postal', 'Correo electrónico para el recibo']
    // Each field's message, as its aria-describedby names it.
    const shown = () =>
      Promise.all(
        fields.map(async (label) => {
          const describedBy = (await receipt.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? ''
          const message = receipt.locator(`[id="${describedBy.split(' ').find((id) => id.endsWith('-mensaje')) ?? 'ninguno'}"]`)
          return `${label}: ${(await message.count()) > 0 ? await message.innerText() : 'sin mensaje'}`
        }),
      )
    await expect.poll(shown).toEqual(fields.map((label) => `${label}: Campo requerido`))
    expect(await page.getByRole('dialog', { name: 'Donar con tarjeta' }).count()).toBe(0)

    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('rfc')
    const focused = await focusedBelowStickyBars(page)
    await page.screenshot({ path: join(shotsDir, `recibo-deducible-foco-${width.replace(' ', '')}.png`) })
    expect(focused.top, `${focused.field}: arriba, bajo el encabezado (${focused.bars} px)`).toBeGreaterThanOrEqual(focused.bars)
    expect(focused.bottom, `${focused.field}: abajo, dentro de la ventana`).toBeLessThanOrEqual(focused.viewport)
  })
})
