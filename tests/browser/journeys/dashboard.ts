import ExcelJS from 'exceljs'
import type { Download, Page } from 'playwright-core'
import type { BrowserSite } from '../support/browser-site.ts'
import { createActiveAccountToken } from '../support/accounts.ts'

/** Reusable steps of the administration (dashboard) journeys. */

/** The dashboard's side menu. */
export function sideMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Menú de administración' })
}

/** Opens a module of the dashboard by clicking its entry in the side menu (opened first on narrow screens). */
export async function openFromMenu(page: Page, label: string): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Menú' })
  // The layout first: before it is drawn, the toggle of a narrow screen is not visible either.
  await toggle.or(sideMenu(page)).first().waitFor()
  if (await toggle.isVisible()) await toggle.click()
  await sideMenu(page).getByRole('link', { name: label, exact: true }).click()
}

/** Leaves the dashboard for the public home page by the header's 'Ir al sitio' (behind 'Menú' on phones). */
export async function goToSite(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Menú' })
  if (await toggle.isVisible()) await toggle.click()
  await page.getByRole('banner').getByRole('link', { name: 'Ir al sitio', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/')
}

/** Labels of the side menu's links, in order. */
export async function sideMenuLabels(page: Page): Promise<string[]> {
  const menu = sideMenu(page)
  await menu.getByRole('link').first().waitFor()
  return (await menu.getByRole('link').allTextContents()).map((text) => text.trim())
}

/** Answers the justification dialog: a text, or null to cancel it. */
export async function answerJustification(page: Page, text: string | null): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Justificación del cambio' })
  await dialog.waitFor()
  if (text === null) {
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
  } else {
    await dialog.getByLabel('Escriba el motivo del cambio').fill(text)
    await dialog.getByRole('button', { name: 'Aceptar' }).click()
  }
  await dialog.waitFor({ state: 'detached' })
}

/** Waits for a toast with this text. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor()
}

/** A catalog form's fields (institutions: 'Nombre'; categories: 'Título'). */
export async function fillCatalogForm(page: Page, labelField: 'Nombre' | 'Título', label: string, description: string): Promise<void> {
  await page.getByLabel(labelField, { exact: true }).fill(label)
  await page.getByLabel('Descripción', { exact: true }).fill(description)
  await page.getByLabel('Descripción', { exact: true }).blur()
}

/** The row of a data table whose cells contain `text`. */
export function tableRow(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text })
}

/** Waits for the download a click starts and reads its first sheet with exceljs (rows as text arrays). */
export async function downloadSheet(page: Page, click: () => Promise<void>): Promise<{ download: Download; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  const path = await download.path()
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(path)
  const sheet = workbook.worksheets[0]
  const rows: string[][] = []
  sheet?.eachRow((row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : []
    rows.push(values.map((value) => (value instanceof Date ? value.toISOString() : String(value ?? ''))))
  })
  return { download, rows }
}

/** Permission entries as the user form sends them (module name and actions). */
export interface PermissionGrant {
  module: 'campaign' | 'admin' | 'user' | 'institution' | 'category' | 'pages' | 'historical' | 'donation'
  read: boolean
  create: boolean
  update: boolean
}

/**
 * A role 1 administrator with `permissions`, created by the role 0 admin through POST /api/users;
 * the provisional password arrives by mail and is replaced through the API. Returns its token.
 */
export async function createRestrictedAdminToken(
  site: BrowserSite,
  adminToken: string,
  email: string,
  permissions: PermissionGrant[],
  newPassword = 'Restringido#2026',
): Promise<string> {
  const account = { name: 'Rosa', lastName: 'Méndez', email, role: 1 as const, permissions: permissions.map((entry) => ({ ...entry, delete: false })) }
  return createActiveAccountToken(site, adminToken, account, newPassword)
}

/** A record of an admin collection (/api/institutions, /api/categories) as the server has it now. */
export async function recordOnServer<T>(site: BrowserSite, token: string, path: string): Promise<T> {
  const response = await site.api(path, { token })
  if (!response.ok) throw new Error(`Lectura fallida ${path}: ${response.status}`)
  return (await response.json()) as T
}
