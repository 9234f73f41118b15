import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { keyScreen, openPage } from './support/pages.ts'
import { commentAs, commentBox, createCampaignThroughApi, signInWithToken } from './journeys/campaign.ts'
import { acceptAlert, openCampaignFromGallery } from './journeys/public-site.ts'
import { waitForToast } from './journeys/dashboard.ts'

/**
 * A visitor opens an account of his own to comment: sign-up form, the verification e-mail caught
 * by the loopback SMTP server, its link, sign-in and a comment. Administrators are told why they
 * have no comment box; visitors are pointed to sign-in and sign-up.
 */
describe('a visitor creates an account and comments', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string
  const title = 'Huertos escolares'

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    adminToken = await site.configure()
    await createCampaignThroughApi(site, adminToken, { title })
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  async function fillSignUp(page: Page, fields: { name: string; lastName: string; email: string; password: string; confirmation: string }) {
    const main = page.getByRole('main')
    await main.getByLabel('Nombre').fill(fields.name)
    await main.getByLabel('Apellido').fill(fields.lastName)
    await main.getByLabel('Correo electrónico').fill(fields.email)
    await main.getByLabel('Contraseña', { exact: true }).fill(fields.password)
    await main.getByLabel('Confirmar contraseña').fill(fields.confirmation)
    await main.getByRole('button', { name: 'Crear cuenta' }).click()
  }

  async function verificationLink(email: string): Promise<string> {
    const mail = await site.mail.waitFor(email)
    const link = /(https?:\/\/\S+\/verify-email\?[^\s"<>]+)/.exec(mail.text)?.[1]
    if (!link) throw new Error(`Correo sin enlace de verificación:\n${mail.text}`)
    return link
  }

  /** The verification screen of a mailed link: the sign-up's password activates the account. */
  async function activate(page: Page, password: string) {
    const main = page.getByRole('main')
    await main.getByLabel('Contraseña', { exact: true }).fill(password)
    await main.getByRole('button', { name: 'Activar cuenta' }).click()
  }

  async function expectNoHorizontalScroll(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  }

  it('signs up from the login screen, verifies the e-mail from the mailed link, signs in and comments', async () => {
    const email = 'rosa.mendez@correo.mx'
    const password = 'Huerto#2026'
    // Signing in before verifying answers 403, a wrong password and the spent link 422; nothing else may reach the console.
    const { page } = await openPage(browser, 'registro-recorrido', {
      expectedConsoleErrors: [/status of 403 .*\/api\/auth\/login\)/, /status of 422 .*\/api\/auth\/verify-email\)/],
    })
    await page.goto(`${site.url}/`)
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Iniciar sesión' }).click()
    await page.waitForURL(`${site.url}/login`)
    // The router keeps the previous screen until the sign-in screen's code arrives.
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor()
    await page.getByRole('main').getByRole('link', { name: 'Crear cuenta' }).click()
    await page.waitForURL(`${site.url}/register`)
    await page.getByRole('heading', { name: 'Crear cuenta', level: 1 }).waitFor()

    // The spec's rules and messages, before anything is sent.
    await fillSignUp(page, { name: 'R'.repeat(31), lastName: '', email: 'rosa@', password: 'corta', confirmation: 'otra' })
    const main = page.getByRole('main')
    for (const message of ['El máximo de caracteres es de 30', 'Campo requerido', 'Correo electrónico inválido', 'El mínimo de caracteres es de 8']) {
      await main.getByText(message, { exact: true }).first().waitFor()
    }
    await fillSignUp(page, { name: 'Rosa', lastName: 'Méndez', email, password: 'huertos2026', confirmation: 'huertos2027' })
    await main.getByText('Contraseña poco segura', { exact: true }).waitFor()
    await main.getByText('Las contraseñas no coinciden', { exact: true }).waitFor()
    expect(site.mail.mails.filter((mail) => mail.to.includes(email))).toEqual([])
    await keyScreen(page, 'registro-errores')

    await fillSignUp(page, { name: 'Rosa', lastName: 'Méndez', email, password, confirmation: password })
    await acceptAlert(page, 'Cuenta creada', 'Le enviaremos un correo con el enlace para activar su cuenta. Revise su bandeja de entrada')
    await main.getByText(`Le enviamos un correo a ${email}`).waitFor()

    // Before the link is opened the account cannot sign in, and the site says why.
    await main.getByRole('link', { name: 'Iniciar sesión' }).click()
    await page.waitForURL(`${site.url}/login`)
    // The router keeps the previous screen until the sign-in screen's code arrives.
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor()
    await main.getByLabel('Correo electrónico').fill(email)
    await main.getByLabel('Contraseña', { exact: true }).fill(password)
    await main.getByRole('button', { name: 'Iniciar sesión' }).click()
    await waitForToast(page, 'Correo sin verificar')
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull()

    // The person arrives from the e-mail: the link, with the password chosen at sign-up, verifies the account once.
    const link = await verificationLink(email)
    expect(link.startsWith(`${site.url}/verify-email?`)).toBe(true)
    await page.goto(link)
    await main.getByText(`Para activar la cuenta ${email}, escriba la contraseña que eligió al registrarse.`).waitFor()
    await main.getByRole('button', { name: 'Activar cuenta' }).click()
    await main.getByText('Campo requerido', { exact: true }).waitFor()
    await activate(page, 'Otra#Clave2026')
    await main.getByText('No es la contraseña que eligió al registrarse con este correo', { exact: true }).waitFor()
    await keyScreen(page, 'registro-verificar-contrasena')
    await activate(page, password)
    await main.getByText('Correo verificado').waitFor()
    await main.getByText('Su cuenta está activa; ya puede iniciar sesión').waitFor()
    await keyScreen(page, 'registro-verificado')
    await main.getByRole('link', { name: 'Iniciar sesión' }).click()
    await page.waitForURL(`${site.url}/login`)
    // The router keeps the previous screen until the sign-in screen's code arrives.
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor()
    await main.getByLabel('Correo electrónico').fill(email)
    await main.getByLabel('Contraseña', { exact: true }).fill(password)
    await main.getByRole('button', { name: 'Iniciar sesión' }).click()
    await page.waitForURL(`${site.url}/`)
    await page.getByRole('banner').getByText('Rosa').first().waitFor()

    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Campañas' }).click()
    await openCampaignFromGallery(page, title)
    await commentAs(page, '¡Qué buena idea, cuenten conmigo!')

    // The same link a second time is refused in Spanish.
    await page.goto(link)
    await activate(page, password)
    await main.getByText('Enlace inválido').waitFor()
    await main.getByText('El enlace de verificación no es válido, ya se usó o expiró.', { exact: false }).waitFor()
  })

  it('tells an administrator why there is no comment box, and a visitor how to get one', async () => {
    const { page: admin } = await openPage(browser, 'registro-administrador')
    await signInWithToken(admin, adminToken)
    await admin.goto(`${site.url}/campaigns`)
    await openCampaignFromGallery(admin, title)
    const explanation = admin.getByText('Los comentarios se publican con una cuenta de usuario; los administradores no comentan.')
    await explanation.waitFor()
    await explanation.scrollIntoViewIfNeeded()
    expect(await commentBox(admin).count()).toBe(0)
    await keyScreen(admin, 'registro-administrador-campana')

    const { page: visitor } = await openPage(browser, 'registro-visitante')
    await visitor.goto(`${site.url}/campaigns`)
    await openCampaignFromGallery(visitor, title)
    const hint = visitor.locator('.campaign-comments__login')
    await hint.getByRole('link', { name: 'Inicia sesión' }).waitFor()
    await hint.scrollIntoViewIfNeeded()
    await keyScreen(visitor, 'registro-visitante-campana')
    expect(await visitor.getByText('los administradores no comentan', { exact: false }).count()).toBe(0)
    await hint.getByRole('link', { name: 'crea una cuenta' }).click()
    await visitor.waitForURL(`${site.url}/register`)
    await visitor.getByRole('heading', { name: 'Crear cuenta', level: 1 }).waitFor()
  })

  it('fits the sign-up and verification screens in a 390 px wide phone', async () => {
    const email = 'movil@correo.mx'
    const password = 'Movil#2026x'
    const { page } = await openPage(browser, 'registro-movil', { viewport: { width: 390, height: 844 } })
    await page.goto(`${site.url}/register`)
    await page.getByRole('heading', { name: 'Crear cuenta', level: 1 }).waitFor()
    await page.getByRole('main').getByRole('button', { name: 'Crear cuenta' }).click()
    await page.getByRole('main').getByText('Campo requerido').first().waitFor()
    await expectNoHorizontalScroll(page)
    await keyScreen(page, 'registro-movil-errores')

    await fillSignUp(page, { name: 'Maximiliano Alejandro', lastName: 'Fernández de la Torre', email, password, confirmation: password })
    await acceptAlert(page, 'Cuenta creada', 'Le enviaremos un correo con el enlace para activar su cuenta. Revise su bandeja de entrada')
    await expectNoHorizontalScroll(page)
    await keyScreen(page, 'registro-movil-enviado')

    await page.goto(await verificationLink(email))
    await page.getByRole('main').getByRole('button', { name: 'Activar cuenta' }).waitFor()
    await expectNoHorizontalScroll(page)
    await keyScreen(page, 'registro-movil-verificar')
    await activate(page, password)
    await page.getByRole('main').getByText('Correo verificado').waitFor()
    await expectNoHorizontalScroll(page)
    await keyScreen(page, 'registro-movil-verificado')

    await page.goto(`${site.url}/verify-email?email=${encodeURIComponent(email)}`)
    await page.getByRole('main').getByText('El enlace de verificación no es válido o está incompleto.').waitFor()
    await expectNoHorizontalScroll(page)

    await page.getByRole('main').getByRole('link', { name: 'Iniciar sesión' }).click()
    await page.waitForURL(`${site.url}/login`)
    // The router keeps the previous screen until the sign-in screen's code arrives.
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor()
    await page.getByRole('main').getByRole('link', { name: 'Crear cuenta' }).waitFor()
    await expectNoHorizontalScroll(page)
    await keyScreen(page, 'registro-movil-login')
  })
})
