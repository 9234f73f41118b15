import { it } from 'vitest'
import { launchChromium } from './chromium.ts'
import { signInWithToken } from './journeys/campaign.ts'
import { startBrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'

it('debug', async () => {
  const [site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
  try {
    const token = await site.configure({ providers: { google: false, facebook: false, twitter: false, conekta: false, paypal: false }, keys: {} })
    const { page } = await openPage(browser, 'dbg')
    page.on('console', (m) => console.log('CONSOLE', m.text()))
    await signInWithToken(page, token)
    await page.goto(`${site.url}/dashboard/configuration/edit`)
    await page.getByLabel('Nombre de la institución').waitFor()
    const save = page.getByRole('button', { name: 'Guardar cambios' })
    console.log('pristine disabled', await save.isDisabled())
    await page.getByRole('button', { name: 'Llaves de Conekta' }).click()
    const sw = page.getByRole('switch', { name: /Conekta/ })
    const st = async (l: string) => console.log('STATE', l, await page.locator('form.config-form').getAttribute('data-valid'), await page.locator('form.config-form').getAttribute('data-dirty'))
    await st('before')
    await page.getByLabel('Contraseña del correo').fill('x')
    await page.waitForTimeout(300)
    await st('typed pass')
    await page.getByLabel('Contraseña del correo').fill('')
    await page.waitForTimeout(300)
    await st('cleared pass')
    await page.getByLabel('Dirección').fill('')
    await page.waitForTimeout(300)
    await st('address empty (hidden)')
    await page.getByLabel('Dirección').fill('Calle 1')
    await page.waitForTimeout(300)
    await st('address back')
    await sw.check()
    await page.waitForTimeout(500)
    await st('checked')
    console.log('checked', await sw.isChecked(), 'disabled', await save.isDisabled())
    await page.getByLabel('Llave pública de Conekta').focus()
    await page.getByLabel('Llave pública de Conekta').blur()
    await page.waitForTimeout(500)
    console.log('after blur disabled', await save.isDisabled(), await page.locator('.kit-field__error').allTextContents())
    await page.getByLabel('Nombre de la institución').fill('Otra')
    await page.waitForTimeout(500)
    console.log('after name disabled', await save.isDisabled(), await page.locator('.kit-field__error').allTextContents())
    await page.screenshot({ path: '/tmp/helper-h/dbg.png', fullPage: true })
  } finally {
    await browser.close()
    await site.stop()
  }
})
