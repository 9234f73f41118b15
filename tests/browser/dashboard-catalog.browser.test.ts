import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'
import { signInWithToken } from './journeys/campaign.ts'
import {
  answerJustification,
  createRestrictedAdminToken,
  downloadSheet,
  fillCatalogForm,
  recordOnServer,
  sideMenu,
  sideMenuLabels,
  tableRow,
  waitForToast,
} from './journeys/dashboard.ts'

interface CatalogRecord {
  _id: string
  name?: string
  title?: string
  description: string
  active: boolean
}

describe('dashboard: institutions and categories', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    adminToken = await site.configure()
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('lets the full administrator create an institution through the form, with the limit messages', async () => {
    const { page, context } = await openPage(browser, 'dashboard-institucion')
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard`)
    expect(await sideMenuLabels(page)).toEqual([
      'Inicio', 'Campañas', 'Administradores', 'Usuarios', 'Instituciones', 'Categorías', 'Páginas', 'Configuración', 'Histórico', 'Donaciones',
    ])
    await sideMenu(page).getByRole('link', { name: 'Instituciones' }).click()
    await page.waitForURL(`${site.url}/dashboard/institution/list`)
    await expect.poll(() => sideMenu(page).getByRole('link', { name: 'Instituciones' }).getAttribute('aria-current')).toBe('page')
    await tableRow(page, 'Hospital Aliado').first().waitFor()

    await page.getByRole('link', { name: 'Agregar institución' }).click()
    await page.waitForURL(`${site.url}/dashboard/institution/create`)
    const save = page.getByRole('button', { name: 'Guardar' })
    expect(await save.isDisabled()).toBe(true)
    await fillCatalogForm(page, 'Nombre', 'N'.repeat(41), 'D'.repeat(201))
    await page.getByText('El máximo de caracteres es de 40').waitFor()
    await page.getByText('El máximo de caracteres es de 200').waitFor()
    await page.getByText('41/40').waitFor()
    expect(await save.isDisabled()).toBe(true)

    await fillCatalogForm(page, 'Nombre', 'Casa Hogar Esperanza', 'Albergue para niñas y niños')
    await expect.poll(() => save.isEnabled()).toBe(true)
    await save.click()
    await waitForToast(page, 'Registro guardado')
    await page.waitForURL(`${site.url}/dashboard/institution/list`)
    await tableRow(page, 'Casa Hogar Esperanza').first().waitFor()

    const institutions = await recordOnServer<CatalogRecord[]>(site, adminToken, '/api/institutions')
    expect(institutions.find((record) => record.name === 'Casa Hogar Esperanza')).toMatchObject({ description: 'Albergue para niñas y niños', active: true })
    await context.close()
  })

  it('creates, edits (with and without justification), deactivates, reactivates, expands and exports a category', async () => {
    const { page, context } = await openPage(browser, 'dashboard-categoria')
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard/category/list`)
    await tableRow(page, 'Salud').first().waitFor()

    // Create through the form.
    await page.getByRole('link', { name: 'Agregar categoría' }).click()
    await fillCatalogForm(page, 'Título', 'Educación', 'Campañas de becas y útiles')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await waitForToast(page, 'Registro guardado')
    await page.waitForURL(`${site.url}/dashboard/category/list`)
    const categories = await recordOnServer<CatalogRecord[]>(site, adminToken, '/api/categories')
    const created = categories.find((record) => record.title === 'Educación')
    expect(created).toMatchObject({ description: 'Campañas de becas y útiles', active: true })
    const id = created?._id ?? ''

    // The list search ignores case and accents.
    const search = page.getByRole('searchbox', { name: 'Buscar' })
    for (const text of ['educacion', 'EDUCACION']) {
      await search.fill(text)
      await tableRow(page, 'Educación').first().waitFor()
      await expect.poll(() => tableRow(page, 'Salud').count()).toBe(0)
    }
    await search.fill('')
    await tableRow(page, 'Salud').first().waitFor()

    // Row click opens the view; 'Editar' opens the form.
    await tableRow(page, 'Educación').first().getByText('Campañas de becas y útiles').click()
    await page.waitForURL(`${site.url}/dashboard/category/view/${id}`)
    await page.getByRole('link', { name: 'Editar' }).click()
    await page.waitForURL(`${site.url}/dashboard/category/edit/${id}`)
    const update = page.getByRole('button', { name: 'Actualizar' })
    await expect.poll(() => page.getByLabel('Descripción', { exact: true }).inputValue()).toBe('Campañas de becas y útiles')
    expect(await update.isDisabled()).toBe(true)
    await page.getByLabel('Descripción', { exact: true }).fill('Becas, útiles y uniformes')
    await expect.poll(() => update.isEnabled()).toBe(true)

    // Cancelling the justification changes nothing.
    await update.click()
    await answerJustification(page, null)
    expect(page.url()).toBe(`${site.url}/dashboard/category/edit/${id}`)
    expect((await recordOnServer<CatalogRecord>(site, adminToken, `/api/categories/${id}`)).description).toBe('Campañas de becas y útiles')

    await update.click()
    await answerJustification(page, 'Se amplía la descripción')
    await waitForToast(page, 'Registro actualizado')
    await page.waitForURL(`${site.url}/dashboard/category/view/${id}`)
    await page.getByText('Becas, útiles y uniformes').waitFor()
    expect((await recordOnServer<CatalogRecord>(site, adminToken, `/api/categories/${id}`)).description).toBe('Becas, útiles y uniformes')

    // Deactivate and reactivate.
    await page.getByText('Activo', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Desactivar' }).click()
    await answerJustification(page, 'Sin campañas este año')
    await waitForToast(page, 'Registro desactivado')
    await page.getByText('Inactivo', { exact: true }).waitFor()
    expect((await recordOnServer<CatalogRecord>(site, adminToken, `/api/categories/${id}`)).active).toBe(false)
    expect(await page.locator('.active-mark--off').count()).toBe(1)

    await page.getByRole('button', { name: 'Activar' }).click()
    await answerJustification(page, 'Vuelve el programa de becas')
    await waitForToast(page, 'Registro activado')
    await page.getByText('Activo', { exact: true }).waitFor()
    expect((await recordOnServer<CatalogRecord>(site, adminToken, `/api/categories/${id}`)).active).toBe(true)
    expect(await page.locator('.active-mark--on').count()).toBe(1)

    // The row expansion shows the history.
    await page.getByRole('link', { name: 'Regresar' }).click()
    await page.waitForURL(`${site.url}/dashboard/category/list`)
    const toggle = page.getByRole('button', { name: 'Ver cambios: Educación' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    const history = page.locator('.data-table__detail')
    await history.getByText('Se amplía la descripción').waitFor()
    for (const cause of ['Actualización', 'Desactivación', 'Activación']) await history.getByText(cause, { exact: true }).waitFor()
    for (const justification of ['Sin campañas este año', 'Vuelve el programa de becas']) await history.getByText(justification).waitFor()
    // Every entry (the creation included) names its author.
    const entries = await history.getByRole('listitem').count()
    expect(entries).toBeGreaterThanOrEqual(3)
    expect(await history.getByText('Ana Pérez', { exact: true }).count()).toBe(entries)
    expect(await history.locator('.history-rows__date').first().textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)$/)
    const colour = (cause: string) => history.getByText(cause, { exact: true }).evaluate((element) => getComputedStyle(element).color)
    expect(await colour('Activación')).toBe('rgb(22, 101, 52)')
    expect(await colour('Desactivación')).toBe('rgb(185, 28, 28)')

    // Search, sorting and pagination.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('salud')
    await expect.poll(() => tableRow(page, 'Educación').count()).toBe(0)
    await tableRow(page, 'Salud').first().waitFor()
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('')
    await tableRow(page, 'Educación').first().waitFor()
    const titleHeader = page.getByRole('columnheader', { name: /Título/ })
    expect(await titleHeader.getAttribute('aria-sort')).toBe('none')
    await titleHeader.getByRole('button').click()
    expect(await titleHeader.getAttribute('aria-sort')).toBe('ascending')
    await page.getByText('Página 1 de 1').waitFor()
    expect(await page.getByRole('button', { name: 'Siguiente' }).isDisabled()).toBe(true)

    // Export the selected row.
    await expect.poll(() => page.getByRole('button', { name: 'Descargar todo' }).isVisible()).toBe(true)
    await page.getByRole('checkbox', { name: 'Seleccionar Educación' }).check()
    const { download, rows } = await downloadSheet(page, () => page.getByRole('button', { name: 'Descargar selección' }).click())
    expect(download.suggestedFilename()).toBe('categories.xlsx')
    expect(rows).toHaveLength(2)
    expect(rows[1]?.[0]).toBe('Educación')
    expect(rows[1]?.[1]).toBe('Becas, útiles y uniformes')
    await context.close()
  })

  it('edits a static page with the rich-text editor; the title is not editable', async () => {
    const pages = await recordOnServer<{ _id: string; title: string; description: string }[]>(site, adminToken, '/api/pages')
    const target = pages[0]
    if (!target) throw new Error('Sin páginas')
    const { page, context } = await openPage(browser, 'dashboard-paginas')
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard/pages/list`)
    await tableRow(page, target.title).first().getByText(target.title, { exact: true }).click()
    await page.waitForURL(`${site.url}/dashboard/pages/view/${target._id}`)
    await page.getByRole('link', { name: 'Editar' }).click()
    await page.waitForURL(`${site.url}/dashboard/pages/edit/${target._id}`)
    expect(await page.getByRole('textbox', { name: 'Título' }).count()).toBe(0)
    const update = page.getByRole('button', { name: 'Actualizar' })
    expect(await update.isDisabled()).toBe(true)
    const editor = page.locator('.ql-editor')
    await editor.click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type(' Texto agregado desde el panel.')
    await expect.poll(() => update.isEnabled()).toBe(true)
    await update.click()
    await answerJustification(page, 'Actualización del aviso')
    await waitForToast(page, 'Registro actualizado')
    await page.waitForURL(`${site.url}/dashboard/pages/view/${target._id}`)
    await page.getByText('Texto agregado desde el panel.').waitFor()
    expect((await recordOnServer<{ description: string }>(site, adminToken, `/api/pages/${target._id}`)).description).toContain('Texto agregado desde el panel.')
    await context.close()
  })

  it('shows a restricted administrator with only category read just Categorías, without create or edit', async () => {
    const token = await createRestrictedAdminToken(site, adminToken, 'restringida@fundacion.mx', [
      { module: 'category', read: true, create: false, update: false },
    ])
    const { page, context } = await openPage(browser, 'dashboard-restringido')
    await signInWithToken(page, token)
    await page.goto(`${site.url}/dashboard`)
    expect(await sideMenuLabels(page)).toEqual(['Inicio', 'Categorías'])

    await sideMenu(page).getByRole('link', { name: 'Categorías' }).click()
    await tableRow(page, 'Salud').first().waitFor()
    expect(await page.getByRole('link', { name: 'Agregar categoría' }).count()).toBe(0)
    await tableRow(page, 'Salud').first().getByText('Campañas de salud').click()
    await page.getByText('Categoría - Información del registro').waitFor()
    expect(await page.getByRole('link', { name: 'Editar' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /^(Desactivar|Activar)$/ }).count()).toBe(0)

    await page.goto(`${site.url}/dashboard/category/create`)
    await page.waitForURL(`${site.url}/dashboard`)
    expect(await page.getByLabel('Título', { exact: true }).count()).toBe(0)
    await context.close()
  })
})
