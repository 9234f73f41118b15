import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { signInWithToken } from './journeys/campaign.ts'
import { sideMenu } from './journeys/dashboard.ts'
import { adminCredentials, startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { keyScreen, openPage } from './support/pages.ts'

interface Entry {
  module: string
  document: string
  title: string
  cause: string
  description: string
  createdBy: { _id: string; fullName: string } | null
}

const GREEN = 'rgb(22, 101, 52)'
const RED = 'rgb(185, 28, 28)'
const ORANGE = 'rgb(194, 65, 12)'

/** YYYY-MM-DD in Mexico City, `offset` days from today (the server files changes by that day). */
function mexicoDay(offset = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return date.toISOString().slice(0, 10)
}

/** '21 de noviembre de 2026', as the calendar's day buttons name a day. */
function spokenDay(day: string): string {
  return new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))
}

/** Spec §2.5 history screens: the day timeline with cause colours and the per-user history. */
describe('dashboard: change history', () => {
  let site: BrowserSite
  let browser: Browser
  let admin: string
  let adminId: string
  let institutionId: string
  const name = 'Casa Hogar Esperanza'
  const renamed = 'Casa Hogar Esperanza Luz'

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    admin = await site.configure()
    adminId = (JSON.parse(Buffer.from(admin.split('.')[1] as string, 'base64url').toString()) as { _id: string })._id

    const created = await site.api('/api/institutions', { method: 'POST', token: admin, json: { name, description: 'Albergue para niñas y niños' } })
    expect(created.status).toBeLessThan(300)
    institutionId = ((await created.json()) as { _id: string })._id
    const changes = [
      { payload: { name: renamed, description: 'Albergue para niñas y niños' }, historical: { cause: 'Actualización', description: 'Nombre completo de la casa hogar' } },
      { payload: { active: false }, historical: { cause: 'Desactivación', description: 'Cerró temporalmente por remodelación' } },
      { payload: { active: true }, historical: { cause: 'Activación', description: 'Reabrió sus puertas' } },
    ]
    for (const change of changes) {
      const response = await site.api(`/api/institutions/${institutionId}`, { method: 'PUT', token: admin, json: change })
      expect(response.status, await response.clone().text()).toBe(200)
    }
    // The audit trail is a projection: wait until the four changes are on the server.
    const started = Date.now()
    let causes: string[] = []
    while (Date.now() - started < 5000) {
      const list = (await (await site.api(`/api/historical/?module=institution&document=${institutionId}`, { token: admin })).json()) as Entry[]
      causes = list.map((entry) => entry.cause)
      if (causes.length >= 4) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(causes).toEqual(['Activación', 'Desactivación', 'Actualización', 'Creación'])
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  const entryWith = (page: Page, text: string): Locator => page.getByRole('listitem').filter({ hasText: text })
  const colourOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color)

  it("shows today's changes with coloured causes, justifications, authors and record links; another day is empty", async () => {
    const today = mexicoDay()
    const onServer = (await (await site.api(`/api/historical/?date=${today}`, { token: admin })).json()) as Entry[]
    expect(onServer.filter((entry) => entry.document === institutionId)).toHaveLength(4)

    const { page, consoleErrors } = await openPage(browser, 'historico-dia')
    await signInWithToken(page, admin)
    await page.goto(`${site.url}/dashboard/historical/list`)
    await page.getByRole('heading', { level: 1, name: 'Histórico de eventos' }).waitFor()
    const timeline = page.getByRole('region', { name: /^Línea de tiempo del/ })
    await timeline.waitFor()
    expect(await timeline.getAttribute('tabindex')).toBe('0')
    expect(await timeline.evaluate((element) => [getComputedStyle(element).height, getComputedStyle(element).overflowY])).toEqual(['420px', 'auto'])
    // Today is chosen on arrival, in the Spanish calendar that starts on Monday.
    await expect.poll(() => page.getByRole('button', { name: /^Hoy, .*seleccionado$/ }).count()).toBe(1)
    expect((await page.locator('th.rdp-weekday').first().getAttribute('aria-label'))?.toLowerCase()).toBe('lunes')

    const deactivated = entryWith(page, 'Cerró temporalmente por remodelación')
    const activated = entryWith(page, 'Reabrió sus puertas')
    const updated = entryWith(page, 'Nombre completo de la casa hogar')
    await deactivated.waitFor()
    expect(await colourOf(deactivated.getByText('Desactivación', { exact: true }))).toBe(RED)
    expect(await colourOf(activated.getByText('Activación', { exact: true }))).toBe(GREEN)
    expect(await colourOf(updated.getByText('Actualización', { exact: true }))).toBe(ORANGE)
    // Newest first: the re-activation comes before the deactivation, which comes before the update.
    const order = await page.getByRole('listitem').allTextContents()
    const position = (text: string) => order.findIndex((item) => item.includes(text))
    expect(position('Reabrió sus puertas')).toBeLessThan(position('Cerró temporalmente'))
    expect(position('Cerró temporalmente')).toBeLessThan(position('Nombre completo de la casa hogar'))

    expect(await deactivated.getByText('Institución').count()).toBeGreaterThan(0)
    const record = deactivated.getByRole('link', { name: renamed })
    expect(await record.getAttribute('href')).toBe(`/dashboard/institution/view/${institutionId}`)
    const author = deactivated.getByRole('link', { name: 'Autor: Ana Pérez' })
    expect(await author.getAttribute('href')).toBe(`/dashboard/user/view/${adminId}`)
    await keyScreen(page, 'historico-del-dia')

    // The record link opens the institution's view.
    await record.click()
    await page.waitForURL(`${site.url}/dashboard/institution/view/${institutionId}`)
    await page.goBack()
    await page.getByRole('region', { name: /^Línea de tiempo del/ }).waitFor()

    // Yesterday: nothing happened on this fresh site.
    const yesterday = mexicoDay(-1)
    expect(await (await site.api(`/api/historical/?date=${yesterday}`, { token: admin })).json()).toEqual([])
    if (yesterday.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Ir al mes anterior' }).click()
    await page.getByRole('button', { name: new RegExp(spokenDay(yesterday)) }).click()
    await page.getByText('Sin cambios registrados').waitFor()
    expect(await page.getByText('Cerró temporalmente por remodelación').count()).toBe(0)
    expect(page.url()).toContain(`dia=${yesterday}`)

    // Clearing the selection brings back the hint instead of a timeline.
    await page.getByRole('button', { name: /seleccionado$/ }).click()
    await expect.poll(() => page.getByText('Seleccione un día para monitorear los cambios realizados.').count()).toBeGreaterThan(0)
    expect(await page.getByRole('region', { name: /^Línea de tiempo del/ }).count()).toBe(0)

    // Keyboard: today's button is reachable and Enter chooses it again.
    await page.getByRole('button', { name: /^Hoy, / }).focus()
    await page.keyboard.press('Enter')
    await entryWith(page, 'Reabrió sus puertas').waitFor()
    expect(consoleErrors).toEqual([])
    await page.context().close()
  })

  it("shows the administrator's card and the changes they made", async () => {
    const server = (await (await site.api(`/api/historical/user/${adminId}`, { token: admin })).json()) as { list: Entry[]; user: { email: string; createdAt: string } }
    expect(server.user.email).toBe(adminCredentials.email)
    expect(server.list.filter((entry) => entry.document === institutionId).map((entry) => entry.cause)).toEqual(['Activación', 'Desactivación', 'Actualización', 'Creación'])

    const { page, consoleErrors } = await openPage(browser, 'historico-usuario')
    await signInWithToken(page, admin)
    await page.goto(`${site.url}/dashboard/user/view/${adminId}/historical`)
    await page.getByRole('heading', { level: 1, name: 'Histórico de eventos por usuario' }).waitFor()
    const card = page.getByRole('region', { name: 'Usuario' })
    await card.waitFor()
    for (const text of ['Ana', 'Pérez', adminCredentials.email, 'Administrador total']) {
      expect(await card.getByText(text, { exact: true }).count(), text).toBe(1)
    }
    const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(server.user.createdAt)).split('-')
    expect(await card.getByText(`${day}/${month}/${year}`, { exact: true }).count()).toBe(1)
    expect(await colourOf(card.getByText('Activo', { exact: true }))).toBe(GREEN)
    expect(await card.getByText('✓').count()).toBe(1)

    const timeline = page.getByRole('region', { name: 'Cambios realizados por Ana Pérez' })
    await timeline.waitFor()
    const deactivated = entryWith(page, 'Cerró temporalmente por remodelación')
    expect(await colourOf(deactivated.getByText('Desactivación', { exact: true }))).toBe(RED)
    expect(await deactivated.getByRole('link', { name: renamed }).getAttribute('href')).toBe(`/dashboard/institution/view/${institutionId}`)
    expect(await entryWith(page, 'Reabrió sus puertas').count()).toBe(1)
    expect(await entryWith(page, 'Nombre completo de la casa hogar').count()).toBe(1)
    await keyScreen(page, 'historico-usuario')
    expect(consoleErrors).toEqual([])
    await page.context().close()
  })

  it("credits the setup's first category to the first administrator, and says 'Sin justificación' in Histórico and in the record's own history alike", async () => {
    const { page, consoleErrors } = await openPage(browser, 'historico-configuracion')
    await signInWithToken(page, admin)
    await page.goto(`${site.url}/dashboard/historical/list`)
    await page.getByRole('heading', { level: 1, name: 'Histórico de eventos' }).waitFor()
    const created = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Salud', exact: true }) })
    await created.waitFor()
    await created.getByText('Sin justificación', { exact: true }).waitFor()
    expect(await created.getByRole('link', { name: 'Autor: Ana Pérez' }).getAttribute('href')).toBe(`/dashboard/user/view/${adminId}`)
    expect(await page.getByText('Autor desconocido').count()).toBe(0)
    await created.scrollIntoViewIfNeeded()
    await keyScreen(page, 'historico-configuracion')

    // The category's own history, in the row of Categorías, words it the same way.
    await sideMenu(page).getByRole('link', { name: 'Categorías' }).click()
    await page.waitForURL(`${site.url}/dashboard/category/list`)
    await page.getByRole('button', { name: 'Ver cambios: Salud' }).click()
    const rows = page.locator('.data-table__detail')
    await rows.getByText('Creación', { exact: true }).waitFor()
    await rows.getByText('Sin justificación', { exact: true }).waitFor()
    expect(await rows.getByText('Ana Pérez', { exact: true }).count()).toBe(1)
    expect(await rows.getByText('Justificación:', { exact: false }).count()).toBe(0)
    await keyScreen(page, 'historico-configuracion-categoria')
    expect(consoleErrors).toEqual([])
    await page.context().close()

    const { page: phone } = await openPage(browser, 'historico-configuracion-movil', { viewport: { width: 390, height: 844 } })
    await signInWithToken(phone, admin)
    await phone.goto(`${site.url}/dashboard/category/list`)
    await phone.getByRole('button', { name: 'Ver cambios: Salud' }).click()
    const phoneRows = phone.locator('.data-table__detail')
    await phoneRows.getByText('Sin justificación', { exact: true }).waitFor()
    await phoneRows.scrollIntoViewIfNeeded()
    await keyScreen(phone, 'historico-configuracion-categoria-movil')
    await phone.context().close()
  })
})
