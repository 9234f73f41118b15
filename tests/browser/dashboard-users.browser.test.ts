import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, tinyPng, type BrowserSite } from './support/browser-site.ts'
import { openPage } from './support/pages.ts'
import { createCampaignThroughApi, signInWithToken } from './journeys/campaign.ts'
import { signIn } from './journeys/public-site.ts'
import { answerJustification, openFromMenu, recordOnServer, sideMenuLabels, tableRow, waitForToast } from './journeys/dashboard.ts'

interface ServerUser {
  _id: string
  name: string
  lastName: string
  email: string
  role: number
  active: boolean
  changePassword: boolean
  thumbnail: { _id?: string; path: string } | null
  permissions: { module: { name: string }; read: boolean; create: boolean; update: boolean }[]
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

/** Closes the kit's alert dialog after checking its title and text. */
async function acceptDialog(page: Page, title: string, text: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title })
  await dialog.getByText(text, { exact: true }).waitFor()
  await dialog.getByRole('button', { name: 'Aceptar' }).click()
  await dialog.waitFor({ state: 'hidden' })
}

describe('dashboard: usuarios, administradores y perfil', () => {
  let site: BrowserSite
  let browser: Browser
  let adminToken: string
  let filesDir: string
  let imagePath: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    adminToken = await site.configure()
    filesDir = mkdtempSync(join(tmpdir(), 'usuarios-'))
    imagePath = join(filesDir, 'foto.png')
    writeFileSync(imagePath, tinyPng)
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
    if (filesDir) rmSync(filesDir, { recursive: true, force: true })
  })

  it('el administrador total crea un administrador restringido que solo ve y crea campañas', async () => {
    const email = 'marta.salinas@fundacion.mx'
    const { page, context } = await openPage(browser, 'usuarios-alta-admin')
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard/user-admin/list`)
    await page.getByRole('heading', { level: 1, name: 'Administradores' }).waitFor()
    await tableRow(page, 'Administrador total').first().waitFor()
    await page.getByRole('link', { name: 'Agregar', exact: true }).click()
    await page.waitForURL(/\/dashboard\/user\/create/)

    const save = button(page, 'Guardar')
    expect(await save.isDisabled()).toBe(true)
    await field(page, 'Nombre').fill('N'.repeat(31))
    await field(page, 'Apellido').fill('Salinas')
    await page.getByText('El máximo de caracteres es de 30').waitFor()
    await page.getByText('31/30').waitFor()
    await field(page, 'Nombre').fill('Marta')
    await field(page, 'Correo electrónico').fill(email)
    await field(page, 'Rol').selectOption({ label: 'Administrador restringido' })

    // The matrix: ticking Crear forces Leer on and disables it.
    const matrix = page.getByRole('table', { name: 'Permisos' })
    await matrix.waitFor()
    const readCampaigns = page.getByRole('checkbox', { name: 'Leer Campañas' })
    expect(await readCampaigns.isChecked()).toBe(false)
    await page.getByRole('checkbox', { name: 'Crear Campañas' }).check()
    expect(await readCampaigns.isChecked()).toBe(true)
    expect(await readCampaigns.isDisabled()).toBe(true)
    expect(await page.getByRole('checkbox', { name: 'Leer Instituciones' }).isChecked()).toBe(false)

    // Role 'Usuario' hides the matrix; back to role 1 it keeps the ticks.
    await field(page, 'Rol').selectOption({ label: 'Usuario' })
    await matrix.waitFor({ state: 'detached' })
    await field(page, 'Rol').selectOption({ label: 'Administrador restringido' })
    await matrix.waitFor()
    expect(await page.getByRole('checkbox', { name: 'Crear Campañas' }).isChecked()).toBe(true)

    await expect.poll(() => save.isEnabled()).toBe(true)
    await save.click()
    await acceptDialog(page, 'Administrador creado', `Se enviará una contraseña provisional a ${email}`)
    await page.waitForURL(`${site.url}/dashboard/user-admin/list`)
    await tableRow(page, email).first().waitFor()
    expect(await tableRow(page, email).first().textContent()).toContain('Administrador restringido')

    const admins = await recordOnServer<ServerUser[]>(site, adminToken, '/api/users/admin')
    const created = admins.find((user) => user.email === email)
    expect(created).toMatchObject({ name: 'Marta', lastName: 'Salinas', role: 1, active: true, changePassword: true })
    expect(created?.permissions.map((entry) => ({ module: entry.module.name, read: entry.read, create: entry.create, update: entry.update }))).toEqual([
      { module: 'campaign', read: true, create: true, update: false },
    ])
    await context.close()

    // The provisional password arrives by mail.
    const mail = await site.mail.waitFor(email)
    const provisional = /Contraseña provisional: (\S+)/.exec(mail.text)?.[1]
    expect(provisional).toBeTruthy()

    // In a new browser context the new administrator signs in, must change the password, signs in again.
    const restricted = await openPage(browser, 'usuarios-admin-restringido')
    const other = restricted.page
    await signIn(other, site.url, email, provisional ?? '')
    await other.waitForURL(/\/reset-password$/)
    const newPassword = 'Marta#Clave2026'
    await other.getByLabel('Contraseña actual o provisional').fill(provisional ?? '')
    await other.getByLabel('Nueva contraseña').fill(newPassword)
    await other.getByLabel('Confirmar contraseña').fill(newPassword)
    await other.getByRole('button', { name: 'Guardar contraseña' }).click()
    await acceptDialog(other, 'Contraseña actualizada', 'Por favor, inicie sesión nuevamente')
    await other.waitForURL(/\/login$/)
    await signIn(other, site.url, email, newPassword)
    await other.waitForURL((url) => !url.pathname.startsWith('/login'))
    await other.getByRole('button', { name: /menú de la cuenta/ }).click()
    await other.getByRole('menu', { name: 'Cuenta' }).getByRole('menuitem', { name: 'Dashboard' }).click()
    expect(await sideMenuLabels(other)).toEqual(['Inicio', 'Campañas'])

    // No update permission: the edit route, typed by hand, sends them to /dashboard.
    const campaign = await createCampaignThroughApi(site, adminToken, { title: 'Campaña de invierno' })
    await other.goto(`${site.url}/dashboard/campaign/edit/${campaign._id}`)
    await other.waitForURL(`${site.url}/dashboard`)

    // Create permission: the wizard opens from the list's 'Agregar' and its first step can be completed.
    await openFromMenu(other, 'Campañas')
    await other.getByRole('link', { name: 'Agregar', exact: true }).click()
    await other.getByRole('heading', { level: 1, name: 'Crear campaña' }).waitFor()
    await other.getByText('Paso 1 de 4', { exact: true }).waitFor()
    await field(other, 'Título').fill('Cobijas para la sierra')
    await field(other, 'Descripción').fill('Cobijas para familias de la sierra.')
    await field(other, 'Imagen de portada').setInputFiles(imagePath)
    await other.getByRole('img', { name: 'Vista previa de la imagen de portada' }).waitFor()
    await other.getByRole('checkbox', { name: 'Salud' }).check()
    await button(other, 'Siguiente').click()
    await other.getByText('Paso 2 de 4', { exact: true }).waitFor()
    await restricted.context.close()
  })

  it('el perfil propio limita los nombres a 25 caracteres, exige foto y guarda "Perfil actualizado"', async () => {
    const { page, context } = await openPage(browser, 'usuarios-perfil')
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard/user-admin/profile/edit`)
    await page.getByRole('heading', { level: 1, name: 'Mi perfil' }).waitFor()
    const update = button(page, 'Actualizar')
    expect(await update.isDisabled()).toBe(true)

    await field(page, 'Nombre').fill('A'.repeat(26))
    await field(page, 'Nombre').blur()
    await page.getByText('El máximo de caracteres es de 25').waitFor()
    await page.getByText('26/25').waitFor()
    expect(await update.isDisabled()).toBe(true)

    await field(page, 'Nombre').fill('Ana Lucía')
    await field(page, 'Apellido').fill('Torres')
    await field(page, 'Foto de perfil').setInputFiles(imagePath)
    await expect.poll(() => update.isEnabled()).toBe(true)
    await update.click()
    await waitForToast(page, 'Perfil actualizado')
    await page.waitForURL(/\/dashboard\/user-admin\/profile\/[^/]+$/)
    const id = new URL(page.url()).pathname.split('/').pop() ?? ''
    await page.getByRole('heading', { level: 1, name: 'Perfil' }).waitFor()
    await page.getByText('Ana Lucía', { exact: true }).first().waitFor()

    const me = await recordOnServer<ServerUser>(site, adminToken, `/api/users/${id}`)
    expect(me).toMatchObject({ name: 'Ana Lucía', lastName: 'Torres', role: 0 })
    expect(me.thumbnail?.path).toBeTruthy()
    // The session (navbar) carries the new name without a reload.
    await page.getByRole('banner').getByText(/Ana Lucía/).first().waitFor({ timeout: 5000 })
    await context.close()
  })

  it('un usuario (rol 2) creado con el formulario aparece en la cuadrícula de usuarios', async () => {
    const email = 'pedro.lopez@correo.mx'
    const { page, context } = await openPage(browser, 'usuarios-alta-usuario')
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard/user/list`)
    await page.getByRole('heading', { level: 1, name: 'Usuarios' }).waitFor()
    // No users yet: the 'Sin registros' dialog offers to add one.
    const empty = page.getByRole('dialog', { name: 'Sin registros' })
    await empty.waitFor()
    await empty.getByRole('button', { name: 'Agregar registros' }).click()
    await page.waitForURL(/\/dashboard\/user\/create$/)

    await field(page, 'Nombre').fill('Pedro')
    await field(page, 'Apellido').fill('López')
    await field(page, 'Correo electrónico').fill('no-es-correo')
    await field(page, 'Correo electrónico').blur()
    await page.getByText('Correo electrónico inválido').waitFor()
    await field(page, 'Correo electrónico').fill(email)
    await field(page, 'Rol').selectOption({ label: 'Usuario' })
    expect(await page.getByRole('table', { name: 'Permisos' }).count()).toBe(0)
    await expect.poll(() => button(page, 'Guardar').isEnabled()).toBe(true)
    await button(page, 'Guardar').click()
    await waitForToast(page, 'Registro guardado')
    await page.waitForURL(`${site.url}/dashboard/user/list`)
    const card = page.getByRole('list', { name: 'Lista de usuarios' }).getByRole('link').filter({ hasText: email })
    await card.waitFor()
    expect(await card.textContent()).toContain('Pedro López')

    const users = await recordOnServer<ServerUser[]>(site, adminToken, '/api/users')
    expect(users.find((user) => user.email === email)).toMatchObject({ name: 'Pedro', lastName: 'López', role: 2, active: true })

    // Search, then the card opens the view with 'Ver historial'.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('nadie')
    await page.getByText('Sin datos disponibles').waitFor()
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('pedro')
    await card.click()
    await page.waitForURL(/\/dashboard\/user\/view\/[^/]+$/)
    await page.getByRole('heading', { level: 1, name: 'Usuario - Información del registro' }).waitFor()
    await page.getByRole('link', { name: 'Ver historial' }).waitFor()
    await page.getByRole('link', { name: 'Editar' }).waitFor()
    await context.close()
  })

  it('edita los permisos de un administrador restringido con justificación y lo desactiva', async () => {
    const email = 'raul.vega@fundacion.mx'
    const created = await site.api('/api/users', {
      method: 'POST',
      token: adminToken,
      json: { name: 'Raúl', lastName: 'Vega', email, role: 1, permissions: [{ module: 'campaign', read: true, create: false, update: false, delete: false }] },
    })
    expect(created.status).toBe(201)
    const { user } = (await created.json()) as { user: ServerUser }

    const { page, context } = await openPage(browser, 'usuarios-editar-admin')
    await signInWithToken(page, adminToken)
    await page.goto(`${site.url}/dashboard/user-admin/list`)
    await tableRow(page, email).first().click()
    await page.waitForURL(`${site.url}/dashboard/user/view/${user._id}`)
    await page.getByRole('heading', { level: 1, name: 'Usuario - Información del registro' }).waitFor()
    await page.getByRole('definition').filter({ hasText: 'Administrador restringido' }).waitFor()
    await page.getByRole('link', { name: 'Editar' }).click()
    await page.waitForURL(`${site.url}/dashboard/user/edit/${user._id}`)

    // The matrix shows the current grants.
    await page.getByRole('table', { name: 'Permisos' }).waitFor()
    expect(await page.getByRole('checkbox', { name: 'Leer Campañas' }).isChecked()).toBe(true)
    expect(await page.getByRole('checkbox', { name: 'Leer Campañas' }).isDisabled()).toBe(false)
    const update = button(page, 'Actualizar')
    expect(await update.isDisabled()).toBe(true)
    await page.getByRole('checkbox', { name: 'Actualizar Instituciones' }).check()
    expect(await page.getByRole('checkbox', { name: 'Leer Instituciones' }).isChecked()).toBe(true)
    expect(await page.getByRole('checkbox', { name: 'Leer Instituciones' }).isDisabled()).toBe(true)
    await expect.poll(() => update.isEnabled()).toBe(true)

    // A cancelled justification sends nothing.
    await update.click()
    await answerJustification(page, null)
    expect((await recordOnServer<ServerUser>(site, adminToken, `/api/users/${user._id}`)).permissions).toHaveLength(1)

    await update.click()
    await answerJustification(page, 'Apoyará con las instituciones.')
    await waitForToast(page, 'Registro actualizado')
    await page.waitForURL(`${site.url}/dashboard/user/view/${user._id}`)
    const edited = await recordOnServer<ServerUser>(site, adminToken, `/api/users/${user._id}`)
    expect(edited.permissions.map((entry) => ({ module: entry.module.name, read: entry.read, create: entry.create, update: entry.update }))).toEqual([
      { module: 'campaign', read: true, create: false, update: false },
      { module: 'institution', read: true, create: false, update: true },
    ])

    await button(page, 'Desactivar').click()
    await answerJustification(page, 'Dejó la fundación.')
    await waitForToast(page, 'Registro desactivado')
    await button(page, 'Activar').waitFor()
    expect((await recordOnServer<ServerUser>(site, adminToken, `/api/users/${user._id}`)).active).toBe(false)
    await context.close()
  })
})
