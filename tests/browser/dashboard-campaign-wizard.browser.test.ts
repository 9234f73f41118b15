import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { keyScreen, openPage } from './support/pages.ts'
import { createActiveAccountToken } from './support/accounts.ts'
import { startBrowserSite, tinyPng, type BrowserSite } from './support/browser-site.ts'
import { signInWithToken } from './journeys/campaign.ts'
import { answerJustification, openFromMenu, waitForToast } from './journeys/dashboard.ts'
import { campaignStepCounter, fillCampaignGeneral, goalUnavailableNotice, waitForCampaignStep } from './journeys/campaign-wizard.ts'

interface AdminCampaign {
  _id: string
  slug: string
  title: string
  subtitle: string | null
  description: string
  content: string
  goal: number | null
  duration: number
  date: string
  gratitude: string | null
  thumbnail: { _id: string; path: string }
  categories: { _id: string; title: string }[]
  institution: { _id: string; name: string } | null
  visibility: { counter: boolean; countdown: boolean; comments: boolean; donorWall?: boolean }
}

async function campaignById(site: BrowserSite, token: string, id: string): Promise<AdminCampaign> {
  const response = await site.api(`/api/campaigns/${id}`, { token })
  if (!response.ok) throw new Error(`Campaña no leída: ${response.status} ${await response.text()}`)
  return (await response.json()) as AdminCampaign
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })

/** Fills step 1 with valid values (title, description, thumbnail, the category 'Salud'). */
const fillGeneral = (page: Page, title: string, imagePath: string) =>
  fillCampaignGeneral(page, { title, description: 'Despensas para familias de la sierra.', imagePath, category: 'Salud' })

describe('asistente de campañas del panel (/dashboard/campaign/create y edit)', () => {
  let browser: Browser
  let filesDir: string
  let imagePath: string
  const sites: BrowserSite[] = []

  beforeAll(async () => {
    browser = await launchChromium()
    filesDir = mkdtempSync(join(tmpdir(), 'campana-'))
    imagePath = join(filesDir, 'portada.png')
    writeFileSync(imagePath, tinyPng)
  })

  afterAll(async () => {
    await browser?.close()
    await Promise.all(sites.map((site) => site.stop()))
    if (filesDir) rmSync(filesDir, { recursive: true, force: true })
  })

  it('crea una campaña paso a paso, la publica y la edita con justificación', async () => {
    const site = await startBrowserSite()
    sites.push(site)
    const token = await site.configure()
    const { page } = await openPage(browser, 'campana-asistente')
    await signInWithToken(page, token)
    await page.goto(`${site.url}/dashboard/campaign/create`)
    await page.getByRole('heading', { level: 1, name: 'Crear campaña' }).waitFor()
    await waitForCampaignStep(page, 1)
    for (const title of ['Información general', 'Contenido', 'Opciones', 'Vista previa']) {
      expect(await page.getByRole('listitem').filter({ hasText: title }).count()).toBe(1)
    }
    // Guardar only on the last step; no Anterior on the first.
    expect(await button(page, 'Guardar').count()).toBe(0)
    expect(await button(page, 'Anterior').count()).toBe(0)

    // Empty step: required messages, and the wizard stays on step 1.
    await button(page, 'Siguiente').click()
    await page.getByText('Campo requerido').first().waitFor()
    expect(await page.getByText('Campo requerido').count()).toBeGreaterThanOrEqual(4)
    expect(await campaignStepCounter(page, 1).isVisible()).toBe(true)

    // Title limit (40).
    await field(page, 'Título').fill('x'.repeat(41))
    await button(page, 'Siguiente').click()
    await page.getByText('El máximo de caracteres es de 40').waitFor()
    expect(await campaignStepCounter(page, 1).isVisible()).toBe(true)

    const title = 'Despensas para la sierra'
    await fillGeneral(page, title, imagePath)
    await field(page, 'Subtítulo (opcional)').fill('Invierno 2026')
    await field(page, 'Institución').selectOption({ label: 'Hospital Aliado' })
    await keyScreen(page, 'campana-informacion-general')
    await button(page, 'Siguiente').click()
    await waitForCampaignStep(page, 2)

    // Anterior keeps what was typed (and the uploaded image).
    await button(page, 'Anterior').click()
    await waitForCampaignStep(page, 1)
    expect(await field(page, 'Título').inputValue()).toBe(title)
    expect(await field(page, 'Descripción').inputValue()).toBe('Despensas para familias de la sierra.')
    expect(await page.getByRole('checkbox', { name: 'Salud' }).isChecked()).toBe(true)
    expect(await page.getByRole('img', { name: 'Vista previa de la imagen de portada' }).isVisible()).toBe(true)
    await button(page, 'Siguiente').click()
    await waitForCampaignStep(page, 2)

    // Content is required, then typed in the rich-text editor.
    await button(page, 'Siguiente').click()
    await page.getByText('Campo requerido').first().waitFor()
    await page.getByRole('textbox', { name: 'Contenido de la campaña' }).fill('Cada despensa alimenta a una familia durante un mes.')
    await button(page, 'Siguiente').click()
    await waitForCampaignStep(page, 3)

    // Options: limits of duration and goal.
    await field(page, 'Duración (días)').fill('201')
    await field(page, 'Meta (MXN)').fill('-1')
    await button(page, 'Siguiente').click()
    await page.getByText('El máximo de días es 200').waitFor()
    await page.getByText('Los números negativos no son válidos').waitFor()
    expect(await campaignStepCounter(page, 3).isVisible()).toBe(true)
    await field(page, 'Duración (días)').fill('0')
    await page.getByText('El mínimo de días es 1').waitFor()
    await field(page, 'Meta (MXN)').fill('10000001')
    await page.getByText('Ha sobrepasado el máximo de donaciones').waitFor()
    await field(page, 'Duración (días)').fill('45')
    await field(page, 'Meta (MXN)').fill('25000')
    await field(page, 'Mensaje de agradecimiento (opcional)').fill('¡Gracias por tu apoyo!')
    await page.getByRole('switch', { name: 'Mostrar comentarios' }).uncheck()
    // The donor wall is shown unless turned off.
    expect(await page.getByRole('switch', { name: 'Mostrar muro de donadores' }).isChecked()).toBe(true)
    const date = await field(page, 'Fecha de publicación').inputValue()
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    await button(page, 'Siguiente').click()
    await waitForCampaignStep(page, 4)

    // Preview shows what will be published.
    await page.getByRole('heading', { level: 3, name: title }).waitFor()
    expect(await page.getByText('Hospital Aliado').isVisible()).toBe(true)
    expect(await page.getByText('Cada despensa alimenta a una familia durante un mes.').isVisible()).toBe(true)
    expect(await page.getByText('45 días').isVisible()).toBe(true)
    expect(await button(page, 'Siguiente').count()).toBe(0)
    await keyScreen(page, 'campana-vista-previa')

    await button(page, 'Guardar').click()
    await page.getByText('Registro guardado').first().waitFor()
    await page.waitForURL(/\/dashboard\/campaign\/view\/[^/]+$/)
    const id = new URL(page.url()).pathname.split('/').pop() ?? ''

    // The server has the entered values.
    const saved = await campaignById(site, token, id)
    expect(saved.title).toBe(title)
    expect(saved.subtitle).toBe('Invierno 2026')
    expect(saved.description).toBe('Despensas para familias de la sierra.')
    expect(saved.goal).toBe(25_000)
    expect(saved.duration).toBe(45)
    expect(saved.date).toBe(date)
    expect(saved.gratitude).toBe('¡Gracias por tu apoyo!')
    expect(saved.categories.map((category) => category.title)).toEqual(['Salud'])
    expect(saved.institution?.name).toBe('Hospital Aliado')
    expect(saved.content).toContain('Cada despensa alimenta a una familia durante un mes.')
    expect(saved.visibility).toEqual({ counter: true, countdown: true, comments: false, donorWall: true })

    // The public page shows it.
    const { page: visitor } = await openPage(browser, 'campana-publica')
    await visitor.goto(`${site.url}/campaigns/${saved.slug}`)
    await visitor.getByRole('heading', { level: 1, name: title }).waitFor()
    await visitor.getByText('Cada despensa alimenta a una familia durante un mes.').waitFor()
    await visitor.context().close()

    // Edit: Actualizar waits for a change; a cancelled justification sends nothing.
    await page.getByRole('link', { name: 'Editar' }).click()
    await page.getByRole('heading', { level: 1, name: 'Editar campaña' }).waitFor()
    await expect.poll(() => field(page, 'Título').inputValue()).toBe(title)
    expect(await field(page, 'Institución').inputValue()).toBe(saved.institution?._id)
    expect(await field(page, 'Meta (MXN)').inputValue()).toBe('25000')
    expect(await page.getByRole('switch', { name: 'Mostrar comentarios' }).isChecked()).toBe(false)
    expect(await button(page, 'Actualizar').isDisabled()).toBe(true)
    await keyScreen(page, 'campana-editar')
    const newTitle = 'Despensas para la sierra 2026'
    await field(page, 'Título').fill(newTitle)
    await expect.poll(() => button(page, 'Actualizar').isEnabled()).toBe(true)
    await field(page, 'Título').fill('y'.repeat(41))
    await page.getByText('El máximo de caracteres es de 40').waitFor()
    await expect.poll(() => button(page, 'Actualizar').isDisabled()).toBe(true)
    await field(page, 'Título').fill(newTitle)
    await expect.poll(() => button(page, 'Actualizar').isEnabled()).toBe(true)

    await button(page, 'Actualizar').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Escriba el motivo del cambio').waitFor()
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(page.url()).toContain(`/dashboard/campaign/edit/${id}`)
    expect((await campaignById(site, token, id)).title).toBe(title)

    await button(page, 'Actualizar').click()
    await dialog.getByLabel('Escriba el motivo del cambio').fill('Se precisa el año de la campaña.')
    await dialog.getByRole('button', { name: 'Aceptar' }).click()
    await page.getByText('Registro actualizado').first().waitFor()
    await page.waitForURL(`${site.url}/dashboard/campaign/view/${id}`)
    const updated = await campaignById(site, token, id)
    expect(updated.title).toBe(newTitle)
    expect(updated.goal).toBe(25_000)
    expect(updated.institution?.name).toBe('Hospital Aliado')
    expect(updated.content).toContain('Cada despensa alimenta a una familia durante un mes.')
    // The justification is in the change history (the audit service gets it through the bus).
    await expect
      .poll(async () => {
        const response = await site.api(`/api/historical?module=campaign&document=${id}`, { token })
        const events = (await response.json()) as Array<{ cause: string; description: string }>
        return events.some((event) => event.cause === 'Actualización' && event.description === 'Se precisa el año de la campaña.')
      })
      .toBe(true)

    // Cancelar goes back to the view without saving.
    await page.getByRole('link', { name: 'Editar' }).click()
    await expect.poll(() => field(page, 'Título').inputValue()).toBe(newTitle)
    await field(page, 'Título').fill('No se guarda')
    await button(page, 'Cancelar').click()
    await page.waitForURL(`${site.url}/dashboard/campaign/view/${id}`)
    expect((await campaignById(site, token, id)).title).toBe(newTitle)
    await page.context().close()
  })

  it('oculta la meta cuando los proveedores de tarjeta y monedero están apagados, y guarda sin meta', async () => {
    const site = await startBrowserSite()
    sites.push(site)
    const token = await site.configure({
      providers: { google: false, facebook: false, twitter: false, conekta: false, paypal: false },
      keys: {},
    })
    const { page } = await openPage(browser, 'campana-sin-meta')
    await signInWithToken(page, token)
    await page.goto(`${site.url}/dashboard/campaign/create`)
    await waitForCampaignStep(page, 1)
    await fillGeneral(page, 'Campaña sin meta', imagePath)
    await button(page, 'Siguiente').click()
    await waitForCampaignStep(page, 2)
    await page.getByRole('textbox', { name: 'Contenido de la campaña' }).fill('Texto de la campaña.')
    await button(page, 'Siguiente').click()
    await waitForCampaignStep(page, 3)
    await field(page, 'Duración (días)').waitFor()
    expect(await field(page, 'Meta (MXN)').count()).toBe(0)
    // The step says why there is no goal, and where the payment providers are turned on.
    const notice = goalUnavailableNotice(page)
    await notice.getByText('Para fijar una meta hace falta un medio de pago activo (Conekta para tarjeta y OXXO, o PayPal), y no hay ninguno.', { exact: false }).waitFor()
    expect(await notice.getByText('Sin meta, la campaña se publica pero no recibe donaciones.', { exact: false }).count()).toBe(1)
    expect(await notice.getByRole('link', { name: 'Configuración', exact: true }).count()).toBe(1)
    await keyScreen(page, 'campana-sin-meta-opciones')
    await button(page, 'Siguiente').click()
    await waitForCampaignStep(page, 4)
    expect(await page.getByText('Meta', { exact: true }).count()).toBe(0)
    await button(page, 'Guardar').click()
    await page.getByText('Registro guardado').first().waitFor()
    await page.waitForURL(/\/dashboard\/campaign\/view\/[^/]+$/)
    const id = new URL(page.url()).pathname.split('/').pop() ?? ''
    const saved = await campaignById(site, token, id)
    expect(saved.title).toBe('Campaña sin meta')
    expect(saved.goal).toBeNull()
    expect(saved.duration).toBe(30)
    expect(saved.institution).toBeNull()

    // An administrator without 'Configuración' (role 1) is told to ask for a payment provider, with no link.
    const restrictedToken = await createActiveAccountToken(
      site,
      token,
      { name: 'Raúl', lastName: 'Vega', email: 'raul@fundacion.mx', role: 1, permissions: [{ module: 'campaign', read: true, create: true, update: false, delete: false }] },
      'Nueva#Clave2026',
    )
    const { page: restricted } = await openPage(browser, 'campana-sin-meta-rol-1')
    await signInWithToken(restricted, restrictedToken)
    await restricted.goto(`${site.url}/dashboard/campaign/create`)
    await fillGeneral(restricted, 'Campaña de Raúl', imagePath)
    await button(restricted, 'Siguiente').click()
    await waitForCampaignStep(restricted, 2)
    await restricted.getByRole('textbox', { name: 'Contenido de la campaña' }).fill('Texto de la campaña.')
    await button(restricted, 'Siguiente').click()
    await waitForCampaignStep(restricted, 3)
    await goalUnavailableNotice(restricted).getByText('Pida al administrador principal que active un medio de pago en Configuración', { exact: false }).waitFor()
    expect(await goalUnavailableNotice(restricted).getByRole('link').count()).toBe(0)
    await restricted.context().close()

    // The edit screen says the same; its link leads to 'Configuración', where enabling the card
    // provider makes the goal appear in the wizard.
    await page.getByRole('link', { name: 'Editar' }).click()
    await page.getByRole('heading', { level: 1, name: 'Editar campaña' }).waitFor()
    await goalUnavailableNotice(page).getByRole('link', { name: 'Configuración', exact: true }).click()
    await page.waitForURL(`${site.url}/dashboard/configuration/edit`)
    await page.getByRole('button', { name: /^Llaves de Conekta/ }).click()
    await page.getByRole('switch', { name: 'Recibir donaciones con tarjeta y en efectivo (Conekta)' }).check()
    await page.getByLabel('Llave pública de Conekta').fill(site.sim.conekta.publicKey)
    await page.getByLabel('Llave privada de Conekta').fill(site.sim.conekta.privateKey)
    await page.getByRole('button', { name: 'Guardar cambios' }).click()
    await answerJustification(page, 'Recibimos donaciones con tarjeta')
    await waitForToast(page, 'Registro actualizado')
    await openFromMenu(page, 'Campañas')
    await page.getByRole('link', { name: 'Agregar' }).click()
    await waitForCampaignStep(page, 1)
    await fillGeneral(page, 'Campaña con meta', imagePath)
    await button(page, 'Siguiente').click()
    await waitForCampaignStep(page, 2)
    await page.getByRole('textbox', { name: 'Contenido de la campaña' }).fill('Texto de la campaña.')
    await button(page, 'Siguiente').click()
    await waitForCampaignStep(page, 3)
    await field(page, 'Meta (MXN)').waitFor()
    expect(await goalUnavailableNotice(page).count()).toBe(0)
    await page.context().close()
  })
})
