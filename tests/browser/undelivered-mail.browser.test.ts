import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { signInWithToken } from './journeys/campaign.ts'
import { openFromMenu } from './journeys/dashboard.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'

const EMAIL = 'admin.en.espera@fundacion.mx'

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })

/** Opens Configuración (side menu, or the welcome screen's card) and waits until its mail queue has been asked for. */
async function openConfiguration(page: Page, from: 'menu' | 'card' = 'menu'): Promise<void> {
  const checked = page.waitForResponse((response) => response.url().endsWith('/api/configuration/mail/undelivered'))
  if (from === 'menu') await openFromMenu(page, 'Configuración')
  else await page.getByRole('main').getByRole('link', { name: /^Configuración/ }).click()
  await page.getByRole('heading', { level: 1, name: 'Configuración' }).waitFor()
  expect((await checked).status()).toBe(200)
}

/**
 * The SMTP server is down while an administrator is created from the dashboard: the answer says the
 * password will be sent, Configuración lists the waiting mail with the server's reason, and once
 * the server is back the mail arrives and the list is gone.
 */
describe('dashboard: mail that waits for the SMTP server', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string

  beforeAll(async () => {
    // Mail shows as undelivered after 2 s (15 min in production) and is retried every half second.
    ;[site, browser] = await Promise.all([
      startBrowserSite({ MAIL_ALERT_AFTER_SECONDS: '2', MAIL_RETRY_FIRST_MS: '300', MAIL_RETRY_MAX_MS: '500' }),
      launchChromium(),
    ])
    adminToken = await site.configure()
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('says the password is queued, lists the waiting mail with its reason (also on a phone), and clears it once delivered', async () => {
    await site.mail.stop()
    const { page, context } = await openPage(browser, 'correo-en-espera')
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard`)
    await openFromMenu(page, 'Administradores')
    await page.getByRole('heading', { level: 1, name: 'Administradores' }).waitFor()
    await page.getByRole('link', { name: 'Agregar', exact: true }).click()
    await field(page, 'Nombre').fill('Elena')
    await field(page, 'Apellido').fill('Espera')
    await field(page, 'Correo electrónico').fill(EMAIL)
    await field(page, 'Rol').selectOption({ label: 'Administrador restringido' })
    await page.getByRole('checkbox', { name: 'Leer Campañas' }).check()
    await page.getByRole('button', { name: 'Guardar', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Administrador creado' })
    await dialog.getByText(`Se enviará una contraseña provisional a ${EMAIL}`, { exact: true }).waitFor()
    await dialog.getByRole('button', { name: 'Aceptar' }).click()

    await page.waitForTimeout(2_500)
    await openConfiguration(page)
    const notice = page.getByRole('region', { name: 'Correo sin entregar' })
    await notice.waitFor()
    await notice.getByText('Un correo lleva más de 2 segundos en espera.', { exact: false }).waitFor()
    expect(await notice.getByRole('listitem').count()).toBe(1)
    const item = notice.getByRole('listitem')
    expect(await item.textContent()).toContain('Su contraseña provisional')
    expect(await item.textContent()).toContain('Para ad•••@fundacion.mx')
    expect(await item.textContent()).toMatch(/Motivo: .*ECONNREFUSED/)
    expect(await item.textContent()).not.toContain(EMAIL)

    // On a phone the notice fits the screen.
    const phone = await openPage(browser, 'correo-en-espera-telefono', { viewport: { width: 390, height: 844 }, mobile: true })
    await signInWithToken(phone.page, adminToken)
    await phone.page.goto(`${site.url}/dashboard`)
    await openConfiguration(phone.page, 'card')
    await phone.page.getByRole('region', { name: 'Correo sin entregar' }).waitFor()
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await phone.context.close()

    await site.mail.restart()
    await site.mail.waitFor(EMAIL, 15_000)
    await openFromMenu(page, 'Administradores')
    await page.getByRole('heading', { level: 1, name: 'Administradores' }).waitFor()
    await openConfiguration(page)
    await page.getByLabel('Nombre de la institución').waitFor()
    expect(await notice.count()).toBe(0)
    expect(site.mail.mails.filter((mail) => mail.to.includes(EMAIL))).toHaveLength(1)
    await context.close()
  })
})
