import type { Page } from 'playwright-core'

/**
 * The dashboard's 'Crear campaña' wizard (/dashboard/campaign/create, spec §2.5) driven like a
 * person would: four steps, 'Siguiente' between them, 'Guardar' on the last.
 */

export const CAMPAIGN_STEP_TITLES = ['Información general', 'Contenido', 'Opciones', 'Vista previa'] as const

export interface CampaignWizardInput {
  title: string
  description: string
  /** A real image file on disk, uploaded as the thumbnail. */
  imagePath: string
  /** The label of a category to check. */
  category: string
  content: string
  /** Step 3's goal; null when no payment provider is on, so the step shows why there is none. */
  goal: number | null
  duration: number
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })

export const campaignStepCounter = (page: Page, step: number) => page.getByText(`Paso ${step} de 4`, { exact: true })

/** Waits until step `step` (1-4) shows its counter and heading. */
export async function waitForCampaignStep(page: Page, step: number): Promise<void> {
  await campaignStepCounter(page, step).waitFor()
  await page.getByRole('heading', { level: 2, name: CAMPAIGN_STEP_TITLES[step - 1], exact: true }).waitFor()
}

/** Step 3's note when there is no 'Meta' field (no payment provider on). */
export function goalUnavailableNotice(page: Page) {
  return page.getByRole('note', { name: 'La meta no está disponible' })
}

/** Fills step 1 with valid values: title, description, thumbnail (waits for its preview), one category. */
export async function fillCampaignGeneral(page: Page, input: Pick<CampaignWizardInput, 'title' | 'description' | 'imagePath' | 'category'>): Promise<void> {
  await field(page, 'Título').fill(input.title)
  await field(page, 'Descripción').fill(input.description)
  await field(page, 'Imagen de portada').setInputFiles(input.imagePath)
  await page.getByRole('img', { name: 'Vista previa de la imagen de portada' }).waitFor()
  await page.getByRole('checkbox', { name: input.category }).check()
}

/** Steps 1 and 2 of the wizard; ends on step 3 ('Opciones'). */
export async function campaignWizardToOptions(page: Page, input: CampaignWizardInput): Promise<void> {
  await waitForCampaignStep(page, 1)
  await fillCampaignGeneral(page, input)
  await button(page, 'Siguiente').click()
  await waitForCampaignStep(page, 2)
  await page.getByRole('textbox', { name: 'Contenido de la campaña' }).fill(input.content)
  await button(page, 'Siguiente').click()
  await waitForCampaignStep(page, 3)
}

/** From step 3: the goal (or, without one, the note that says why), the duration, the preview and 'Guardar'; ends on the saved campaign's view. */
export async function finishCampaignWizard(page: Page, input: CampaignWizardInput): Promise<void> {
  if (input.goal === null) await goalUnavailableNotice(page).waitFor()
  else await field(page, 'Meta (MXN)').fill(String(input.goal))
  await field(page, 'Duración (días)').fill(String(input.duration))
  await button(page, 'Siguiente').click()
  await waitForCampaignStep(page, 4)
  await page.getByRole('heading', { level: 3, name: input.title, exact: true }).waitFor()
  await button(page, 'Guardar').click()
  await page.getByText('Registro guardado').first().waitFor()
  await page.waitForURL(/\/dashboard\/campaign\/view\/[^/]+$/)
}
