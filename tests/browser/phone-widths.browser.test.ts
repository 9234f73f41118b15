import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, tinyPng, type BrowserSite } from './support/browser-site.ts'
import { openPage, screenshotDir } from './support/pages.ts'
import { tokenizeCard } from '../support/card-payments.ts'
import { createCampaignThroughApi, createMemberToken, requestOxxoVoucher, signInWithToken } from './journeys/campaign.ts'
import { createRestrictedAdminToken, sideMenu, tableRow } from './journeys/dashboard.ts'
import { openCampaignFromGallery } from './journeys/public-site.ts'

const PHONE = { width: 390, height: 844 }
// The longest name the wizard takes (35 characters): the one most likely to break the header.
const LONG_NAME = 'Fundación Mexicana de Apoyo Infanti'
const CAMPAIGN = 'Útiles para todos'
const shotsDir = join(screenshotDir, 'telefono')

/**
 * Every public and dashboard screen on a 390x844 phone (spec §2.1, §2.5): the page never scrolls
 * sideways (tables scroll inside their own box), and the header is one row. With isMobile,
 * Chromium widens the layout viewport to the content, so the width is compared with 390 itself.
 * A screenshot of each screen is kept under .test-reports/screenshots/telefono.
 */
describe('Pantallas en un teléfono (390 px)', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string
  let filesDir: string
  let imagePath: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    const logo = await site.upload()
    adminToken = await site.configure({ settings: { name: LONG_NAME, logo, gratitudeMessage: 'Gracias por tu donación' } })
    const campaignId = (await createCampaignThroughApi(site, adminToken))._id
    filesDir = mkdtempSync(join(tmpdir(), 'telefono-'))
    imagePath = join(filesDir, 'portada.png')
    writeFileSync(imagePath, tinyPng)
    mkdirSync(shotsDir, { recursive: true })

    // One donation per channel, a member and a restricted administrator, so no list is empty.
    const card = await site.api('/api/donations/conekta', {
      method: 'POST',
      json: { token: await tokenizeCard(site.sim), name: 'Ana Tarjeta', amount: 100, campaign: campaignId, email: 'ana.tarjeta.con.un.correo.largo@correo.mx', phone: '5511112222', user: null },
    })
    expect(card.status).toBe(200)
    const voucher = await site.api('/api/donations/oxxopay/request', {
      method: 'POST',
      json: { name: 'Diego', lastName: 'Efectivo', email: 'diego@correo.mx', phone: '5533334444', campaign: campaignId, amount: 300, user: null },
    })
    expect(voucher.status).toBe(200)
    const order = await site.api('/api/donations/paypal/order', { method: 'POST', json: { campaign: campaignId, amount: 500, user: null } })
    const { orderID } = (await order.json()) as { orderID: string }
    await site.sim.approvePaypal(orderID, { name: 'Eva Torres', email: 'eva@correo.mx' })
    expect((await site.api('/api/donations/paypal', { method: 'POST', json: { campaign: campaignId, orderID, user: null } })).status).toBe(200)
    await createMemberToken(site, adminToken, 'lucia.ramirez@example.com')
    await createRestrictedAdminToken(site, adminToken, 'rosa.mendez@example.com', [{ module: 'campaign', read: true, create: true, update: true }])
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
})
