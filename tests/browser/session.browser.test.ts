import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { adminCredentials, startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'
import { acceptAlert, createAccount, signIn, unsignedToken, waitForMailContaining } from './journeys/public-site.ts'

let site: BrowserSite
let browser: Browser
let adminToken: string

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('auth_token'))
const loginLink = (page: Page) => page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Iniciar sesión' })
const accountButton = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) })

async function loginStatus(email: string, password: string): Promise<number> {
  return (await site.api('/api/auth/login', { method: 'POST', json: { email, password } })).status
}

describe('reglas de sesión', () => {
  beforeAll(async () => {
    site = await startBrowserSite()
    adminToken = await site.configure()
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('un token guardado y vencido cierra la sesión al iniciar', async () => {
    const { page, context } = await openPage(browser, 'token-vencido')
    const expired = unsignedToken({
      _id: '00000000-0000-4000-8000-000000000001', role: 0, active: true, changePassword: false, permissions: [],
      name: 'Ana', lastName: 'Pérez', thumbnail: null, picture: null, email: adminCredentials.email,
      exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200,
    })
    await context.addInitScript((token) => {
      if (!sessionStorage.getItem('sembrado')) {
        localStorage.setItem('auth_token', token)
        sessionStorage.setItem('sembrado', '1')
      }
    }, expired)
    await page.goto(site.url)
    await loginLink(page).waitFor()
    expect(await storedToken(page)).toBeNull()
    expect(await page.getByRole('button', { name: /^Ana Pérez/ }).count()).toBe(0)
  })

  it('credenciales incorrectas: el mensaje del servidor y el formulario exige los campos', async () => {
    const { page } = await openPage(browser, 'login-fallido', { expectedConsoleErrors: [/status of 401 .*\/api\/auth\/login\)/] })
    await page.goto(`${site.url}/login`)
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click()
    expect(await page.getByText('Campo requerido').count()).toBe(2)
    await signIn(page, site.url, adminCredentials.email, 'Incorrecta#2026')
    await page.getByText('Credenciales inválidas').waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
    expect(await storedToken(page)).toBeNull()
    expect(await page.getByRole('link', { name: 'Olvidé mi contraseña' }).getAttribute('href')).toBe('/forgot-password')
    // No social provider is enabled on this site, so no social button is offered.
    expect(await page.getByRole('link', { name: /Continuar con/ }).count()).toBe(0)
  })

  it('un administrador con contraseña provisional queda en /reset-password hasta cambiarla', async () => {
    const email = 'provisional@fundacion.mx'
    const provisional = await createAccount(site, adminToken, email, 1)
    const { page } = await openPage(browser, 'contrasena-provisional')
    await signIn(page, site.url, `  ${email}  `, provisional)
    await page.waitForURL(/\/reset-password$/)
    await page.getByRole('heading', { level: 1, name: 'Cambiar contraseña' }).waitFor()

    // Every other route brings them back (in-app navigation; typed URLs: see the test below).
    const nav = page.getByRole('navigation', { name: 'Principal' })
    for (const link of ['Campañas', 'Nosotros', 'Inicio']) {
      await nav.getByRole('link', { name: link }).click()
      await page.waitForURL(/\/reset-password$/)
      await page.getByRole('heading', { level: 1, name: 'Cambiar contraseña' }).waitFor()
    }
    await page.evaluate(() => {
      history.pushState(null, '', '/dashboard')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.waitForURL(/\/reset-password$/)

    const newPassword = 'Nueva#Clave2026'
    await page.getByLabel('Contraseña actual o provisional').fill(provisional)
    await page.getByLabel('Nueva contraseña').fill(newPassword)
    await page.getByLabel('Confirmar contraseña').fill('Otra#Clave2026')
    await page.getByRole('button', { name: 'Guardar contraseña' }).click()
    await page.getByText('Las contraseñas no coinciden').waitFor()
    await page.getByLabel('Confirmar contraseña').fill(newPassword)
    await page.getByRole('button', { name: 'Guardar contraseña' }).click()
    await acceptAlert(page, 'Contraseña actualizada', 'Por favor, inicie sesión nuevamente')
    await page.waitForURL(/\/login$/)
    expect(await storedToken(page)).toBeNull()
    expect(await loginStatus(email, provisional)).toBe(401)

    await signIn(page, site.url, email, newPassword)
    await page.waitForURL((url) => url.pathname === '/')
    const account = accountButton(page, 'Prueba Cuenta')
    await account.waitFor()
    expect(await storedToken(page)).not.toBeNull()

    // The account menu: keyboard reachable, Dashboard and Mi perfil for administrators.
    expect(await account.getAttribute('aria-expanded')).toBe('false')
    await account.focus()
    await page.keyboard.press('Enter')
    expect(await account.getAttribute('aria-expanded')).toBe('true')
    const menu = page.getByRole('menu', { name: 'Cuenta' })
    expect(await menu.getByRole('menuitem', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard')
    expect(await menu.getByRole('menuitem', { name: 'Mi perfil' }).getAttribute('href')).toBe('/dashboard/user-admin/profile/edit')
    await page.keyboard.press('Escape')
    expect(await account.getAttribute('aria-expanded')).toBe('false')
    await account.click()
    await menu.getByRole('menuitem', { name: 'Cerrar sesión' }).click()
    await loginLink(page).waitFor()
    expect(await storedToken(page)).toBeNull()
  })

  it('una URL escrita a mano por un usuario con contraseña provisional vuelve a /reset-password', async () => {
    const email = 'provisional-url@fundacion.mx'
    const provisional = await createAccount(site, adminToken, email, 1)
    const { page } = await openPage(browser, 'provisional-url')
    await signIn(page, site.url, email, provisional)
    await page.waitForURL(/\/reset-password$/)
    for (const path of ['/campaigns', '/dashboard', '/']) {
      await page.goto(`${site.url}${path}`)
      await page.waitForURL(/\/reset-password$/, { timeout: 5000 })
    }
    expect(await storedToken(page)).not.toBeNull()
  })

  it('recuperar la contraseña con el enlace del correo', async () => {
    const email = 'olvido@fundacion.mx'
    await createAccount(site, adminToken, email, 2)
    const { page } = await openPage(browser, 'recuperar-contrasena', { expectedConsoleErrors: [/status of 422 .*\/api\/auth\/recover-password\)/] })
    await page.goto(`${site.url}/login`)
    await page.getByRole('link', { name: 'Olvidé mi contraseña' }).click()
    await page.waitForURL(/\/forgot-password$/)
    // The router keeps the login form on screen until the new screen's code arrives.
    await page.getByRole('heading', { level: 1, name: 'Recuperar contraseña' }).waitFor()
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByRole('button', { name: 'Enviar enlace' }).click()
    await acceptAlert(page, 'Email enviado', 'Revise su bandeja de entrada')

    const mail = await waitForMailContaining(site, email, '/recover-password?')
    const link = /https?:\/\/[^\s"<>]+\/recover-password\?[^\s"<>]+/.exec(mail)?.[0]?.replace(/&amp;/g, '&')
    expect(link).toBeDefined()
    const target = new URL(link ?? '')
    expect(target.searchParams.get('email')).toBe(email)
    expect(target.searchParams.get('token')).toBeTruthy()

    await page.goto(link ?? '')
    await page.getByText(email).waitFor()
    const newPassword = 'Recupera#2026'
    await page.getByLabel('Nueva contraseña').fill('corta')
    await page.getByLabel('Confirmar contraseña').fill('corta')
    await page.getByRole('button', { name: 'Guardar contraseña' }).click()
    await page.getByText('El mínimo de caracteres es de 8').waitFor()
    await page.getByLabel('Nueva contraseña').fill(newPassword)
    await page.getByLabel('Confirmar contraseña').fill(newPassword)
    await page.getByRole('button', { name: 'Guardar contraseña' }).click()
    await acceptAlert(page, 'Contraseña actualizada', 'Por favor, inicie sesión nuevamente')
    await page.waitForURL(/\/login$/)

    await signIn(page, site.url, email, newPassword)
    await page.waitForURL((url) => url.pathname === '/')
    const account = accountButton(page, 'Prueba Cuenta')
    await account.waitFor()
    // A role 2 user has no Dashboard nor Mi perfil entries.
    await account.click()
    const menu = page.getByRole('menu', { name: 'Cuenta' })
    await menu.getByRole('menuitem', { name: 'Cerrar sesión' }).waitFor()
    expect(await menu.getByRole('menuitem').count()).toBe(1)

    // The link works only once: the server's message shows and the password stays.
    await page.goto(link ?? '')
    await page.getByLabel('Nueva contraseña').fill('Otra#Clave2026')
    await page.getByLabel('Confirmar contraseña').fill('Otra#Clave2026')
    const answer = page.waitForResponse('**/api/auth/recover-password')
    await page.getByRole('button', { name: 'Guardar contraseña' }).click()
    expect((await answer).status()).toBe(422)
    await page.getByText('Enlace inválido').waitFor()
    expect(await page.getByRole('dialog', { name: 'Contraseña actualizada' }).count()).toBe(0)
    expect(await loginStatus(email, newPassword)).toBe(200)
  })
})
