import type { Page } from 'playwright-core'

/**
 * The setup wizard at /configure driven like a person would, one helper per step (spec §2.4).
 * Every helper starts on its step and ends when the next step (or the dashboard) is showing.
 */

export interface WizardAdmin {
  name: string
  lastName: string
  email: string
  password: string
}

export interface WizardKeys {
  client: string
  secret: string
}

export interface SetupWizardInput {
  /** A real image file on disk, uploaded as the logo. */
  logoPath: string
  /** The mission's side image; the logo file when not given. */
  missionImagePath?: string
  productKey?: string
  siteName?: string
  address?: string
  phone?: string
  contactEmail?: string
  gratitudeMessage?: string
  mission?: string
  terms?: string
  notice?: string
  admin: WizardAdmin
  mail: { user: string; pass: string; host: string; port: number }
  /** Filled steps 9 to 13; an absent provider is skipped with 'Omitir'. */
  conekta?: WizardKeys
  paypal?: WizardKeys
  facebook?: WizardKeys
  google?: WizardKeys
  twitter?: WizardKeys
  category?: { title: string; description: string }
  /** Step 15; skipped ('Omitir y guardar') when absent. */
  institution?: { name: string; description: string }
}

export const STEP_TITLES = [
  'Términos y condiciones de uso',
  'Clave del producto',
  'Datos de la institución',
  'Logotipo',
  'Misión',
  'Términos y condiciones del sitio',
  'Aviso de privacidad',
  'Administrador principal',
  'Envío de correos',
  'Pagos con tarjeta (Conekta)',
  'Pagos con PayPal',
  'Inicio de sesión con Facebook',
  'Inicio de sesión con Google',
  'Inicio de sesión con Twitter',
  'Primera categoría',
  'Institución aliada (opcional)',
] as const

const PROVIDERS = ['conekta', 'paypal', 'facebook', 'google', 'twitter'] as const
const PROVIDER_LABELS: Record<(typeof PROVIDERS)[number], [string, string]> = {
  conekta: ['Llave pública de Conekta', 'Llave privada de Conekta'],
  paypal: ['Client ID de PayPal', 'Secreto de PayPal'],
  facebook: ['App ID de Facebook', 'Secreto de la app de Facebook'],
  google: ['Client ID de Google', 'Secreto de cliente de Google'],
  twitter: ['API key de Twitter', 'API secret de Twitter'],
}

/** Waits until step `index` (0-15) shows its progress text and heading. */
export async function waitForStep(page: Page, index: number): Promise<void> {
  await page.getByText(`Paso ${index + 1} de 16`, { exact: true }).waitFor()
  await page.getByRole('heading', { level: 2, name: STEP_TITLES[index], exact: true }).waitFor()
}

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

async function forward(page: Page, from: number, name = 'Continuar'): Promise<void> {
  await button(page, name).click()
  await waitForStep(page, from + 1)
}

export async function acceptTerms(page: Page): Promise<void> {
  await page.getByRole('switch', { name: 'He leído y acepto los términos y condiciones' }).check()
  await forward(page, 0)
}

export async function fillProductKey(page: Page, key: string): Promise<void> {
  await field(page, 'Clave del producto').fill(key)
  await forward(page, 1)
}

export async function fillInstitution(page: Page, input: Pick<SetupWizardInput, 'siteName' | 'address' | 'phone' | 'contactEmail' | 'gratitudeMessage'> = {}): Promise<void> {
  await field(page, 'Nombre de la institución').fill(input.siteName ?? 'Fundación Ejemplo')
  await field(page, 'Dirección').fill(input.address ?? 'Av. Reforma 1, CDMX')
  await field(page, 'Teléfono de contacto').fill(input.phone ?? '5512345678')
  await field(page, 'Correo electrónico de contacto').fill(input.contactEmail ?? 'contacto@fundacion.mx')
  await field(page, 'Mensaje de agradecimiento para los donadores').fill(input.gratitudeMessage ?? 'Gracias por tu donación')
  await forward(page, 2)
}

/** Chooses an image file and waits for its preview (the upload finished). */
export async function uploadImage(page: Page, label: string, path: string): Promise<void> {
  await field(page, label).setInputFiles(path)
  await page.getByRole('img', { name: `Vista previa: ${label}` }).waitFor()
}

export async function uploadLogo(page: Page, logoPath: string): Promise<void> {
  await uploadImage(page, 'Logotipo', logoPath)
  await forward(page, 3)
}

export async function fillMission(page: Page, imagePath: string, text: string): Promise<void> {
  await uploadImage(page, 'Imagen lateral', imagePath)
  await field(page, 'Texto de la misión').fill(text)
  await forward(page, 4)
}

export async function fillLegalPage(page: Page, step: 5 | 6, text: string): Promise<void> {
  const label = step === 5 ? 'Contenido de los términos y condiciones' : 'Contenido del aviso de privacidad'
  await page.getByRole('textbox', { name: label, exact: true }).fill(text)
  await forward(page, step)
}

export async function fillAdmin(page: Page, admin: WizardAdmin): Promise<void> {
  await field(page, 'Nombre').fill(admin.name)
  await field(page, 'Apellidos').fill(admin.lastName)
  await field(page, 'Correo electrónico').fill(admin.email)
  await field(page, 'Contraseña').fill(admin.password)
  await field(page, 'Confirmar contraseña').fill(admin.password)
  await forward(page, 7)
}

export async function fillMail(page: Page, mail: SetupWizardInput['mail']): Promise<void> {
  await field(page, 'Usuario del correo').fill(mail.user)
  await field(page, 'Contraseña del correo').fill(mail.pass)
  await field(page, 'Servidor (host)').fill(mail.host)
  await field(page, 'Puerto').fill(String(mail.port))
  await forward(page, 8)
}

/** Steps 9 to 13: fills the keys, or skips the provider with 'Omitir'. */
export async function providerStep(page: Page, provider: (typeof PROVIDERS)[number], keys: WizardKeys | undefined): Promise<void> {
  const step = 9 + PROVIDERS.indexOf(provider)
  if (!keys) {
    await forward(page, step, 'Omitir')
    return
  }
  const [client, secret] = PROVIDER_LABELS[provider]
  await field(page, client).fill(keys.client)
  await field(page, secret).fill(keys.secret)
  await forward(page, step)
}

export async function fillCategory(page: Page, category: { title: string; description: string }): Promise<void> {
  await field(page, 'Título de la categoría').fill(category.title)
  await field(page, 'Descripción de la categoría').fill(category.description)
  await forward(page, 14, 'Guardar')
}

/** Step 15 saves everything; ends on /dashboard/campaign/create with the welcome dialog open. */
export async function saveSetup(page: Page, institution: SetupWizardInput['institution']): Promise<void> {
  if (institution) {
    await field(page, 'Nombre de la institución aliada').fill(institution.name)
    await field(page, 'Descripción de la institución aliada').fill(institution.description)
    await button(page, 'Guardar').click()
  } else {
    await button(page, 'Omitir y guardar').click()
  }
  await page.waitForURL('**/dashboard/campaign/create')
  await page.getByRole('dialog', { name: '¡Bienvenido!' }).waitFor()
}

/** Closes the welcome dialog after the wizard with 'Aceptar'; ends on the empty 'Crear campaña'. */
export async function acceptWelcome(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '¡Bienvenido!' })
  await dialog.getByRole('button', { name: 'Aceptar', exact: true }).click()
  await dialog.waitFor({ state: 'detached' })
  await page.getByRole('heading', { level: 1, name: 'Crear campaña' }).waitFor()
}

/** The whole wizard, from step 0 on /configure to the dashboard's welcome dialog. */
export async function completeSetupWizard(page: Page, input: SetupWizardInput): Promise<void> {
  await waitForStep(page, 0)
  await acceptTerms(page)
  await fillProductKey(page, input.productKey ?? 'PRODUCTO-2026')
  await fillInstitution(page, input)
  await uploadLogo(page, input.logoPath)
  await fillMission(page, input.missionImagePath ?? input.logoPath, input.mission ?? 'Nuestra misión es ayudar a quien más lo necesita.')
  await fillLegalPage(page, 5, input.terms ?? 'Términos y condiciones del sitio.')
  await fillLegalPage(page, 6, input.notice ?? 'Aviso de privacidad del sitio.')
  await fillAdmin(page, input.admin)
  await fillMail(page, input.mail)
  for (const provider of PROVIDERS) await providerStep(page, provider, input[provider])
  await fillCategory(page, input.category ?? { title: 'Salud', description: 'Campañas de salud' })
  await saveSetup(page, input.institution)
}
