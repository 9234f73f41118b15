import { expect } from 'vitest'
import { moduleHasAction } from '@donaciones/contracts'
import { openCampaignBody } from '../support/open-campaign.ts'
import { activateAccount, configureSite, createAccount, json, startTestSite, type Permission, type SiteClient, type SiteEngine, type TestSite } from '../support/site.ts'

/** The failed-response body of every service (spec §8). */
export interface ErrorBody {
  message: string
  description: string
  errors?: { path: string; message: string }[]
}

export interface Option {
  value: string
  label: string
}

export interface CatalogRecord {
  _id: string
  name?: string
  title?: string
  description: string
  active: boolean
}

export interface CommentView {
  _id: string
  comment: string
  campaign: string
  createdAt: string
  createdBy: { _id?: string; name: string; lastName: string; picture: string | null }
}

export interface CampaignView {
  _id: string
  slug: string
  title: string
  subtitle: string | null
  description: string
  content: string
  thumbnail: { _id: string; path: string }
  goal: number | null
  duration: number
  date: string
  gratitude: string | null
  visibility: { counter: boolean; countdown: boolean; comments: boolean }
  active: boolean
  categories: { _id: string; title: string }[]
  institution: { _id: string; name: string } | null
  comments?: CommentView[]
}

export interface CampaignEditView extends Omit<CampaignView, 'categories' | 'institution' | 'comments'> {
  categories: Option[]
  institution: Option | null
}

export const update = { cause: 'Actualización', description: 'Corrección de datos' }
export const deactivation = { cause: 'Desactivación', description: 'Campaña terminada' }
export const activation = { cause: 'Activación', description: 'Se reabre' }

let sequence = 0
/** A text of exactly `length` characters that no other call returns (titles and names must be unique). */
export function uniqueText(prefix: string, length: number): string {
  sequence += 1
  const text = `${prefix} ${sequence} `.padEnd(length, 'x')
  if (text.length !== length) throw new Error(`'${prefix}' no cabe en ${length} caracteres`)
  return text
}

/** What a campaign needs that must exist first: an uploaded thumbnail and the wizard's category and institution. */
export interface CampaignRefs {
  thumbnail: string
  category: Option
  institution: Option
}

export async function campaignRefs(site: SiteClient, adminToken: string): Promise<CampaignRefs> {
  const thumbnail = await site.upload(adminToken)
  const categories = await json<Option[]>(await site.api('/api/options/categories', { token: adminToken }))
  const institutions = await json<Option[]>(await site.api('/api/options/institutions', { token: adminToken }))
  const category = categories.find((option) => option.label === 'Salud')
  const institution = institutions.find((option) => option.label === 'Hospital Aliado')
  if (!category || !institution) throw new Error('Faltan la categoría o la institución del asistente')
  return { thumbnail, category, institution }
}

export interface CampaignSite {
  site: TestSite
  admin: string
  refs: CampaignRefs
  /** A signed-in role-2 user, when asked for. */
  member: string
}

/** A configured site with what a campaign needs and, given an e-mail, a signed-in role-2 member. */
export async function startCampaignSite(memberEmail?: string, engine?: SiteEngine): Promise<CampaignSite> {
  const site = await startTestSite({ engine })
  const admin = await configureSite(site)
  const refs = await campaignRefs(site, admin)
  let member = ''
  if (memberEmail) {
    const { provisional } = await createAccount(site, admin, { email: memberEmail, role: 2 })
    member = await activateAccount(site, memberEmail, provisional)
  }
  return { site, admin, refs, member }
}

/** A valid campaign body (spec §3/§5); `overrides` replaces fields, `undefined` removes one. */
export function campaignPayload(refs: CampaignRefs, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    ...openCampaignBody(uniqueText('Campaña', 30), { thumbnail: refs.thumbnail, category: refs.category.value }),
    subtitle: 'Subtítulo',
    goal: 50_000,
    institution: refs.institution.value,
    gratitude: 'Gracias por tu apoyo',
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete payload[key]
    else payload[key] = value
  }
  return payload
}

export async function createCampaign(site: SiteClient, token: string, payload: Record<string, unknown>): Promise<CampaignView> {
  const response = await site.api('/api/campaigns', { method: 'POST', token, json: payload })
  if (response.status !== 201) throw new Error(`Alta de campaña fallida: ${response.status} ${await response.text()}`)
  return json<CampaignView>(response)
}

/** Asserts a 422 whose field errors are exactly `errors` (one invalid field → one message). */
export async function expectInvalid(response: Response, errors: { path: string; message: string }[]): Promise<ErrorBody> {
  const body = await json<ErrorBody>(response)
  expect({ status: response.status, errors: body.errors }).toEqual({ status: 422, errors })
  expect(body.description).toBe(errors[0]?.message)
  return body
}

export async function expectStatus(response: Response, status: number): Promise<void> {
  const text = await response.text()
  expect(response.status, text.slice(0, 300)).toBe(status)
}

export type Module = 'campaign' | 'institution' | 'category'
const allModules = ['campaign', 'admin', 'user', 'institution', 'category', 'pages', 'historical'] as const

/** Grants of `actions` on `modules`, each only where its module has the action (the server refuses any other). */
function permissions(modules: readonly Permission['module'][], actions: Partial<Record<'read' | 'create' | 'update', boolean>> = { read: true, create: true, update: true }): Permission[] {
  return modules.map((module) => ({
    module,
    read: actions.read ?? false,
    create: (actions.create ?? false) && moduleHasAction(module, 'create'),
    update: (actions.update ?? false) && moduleHasAction(module, 'update'),
  }))
}

export interface Callers {
  admin: string
  member: string
  /** Role 1 with every permission of every module. */
  restrictedAll: string
  /** Role 1 without any permission. */
  restrictedNone: string
  /** Role 1 with every permission except those of the module. */
  restrictedWithout: Record<Module, string>
  /** Role 1 with only read on campaign, institution and category. */
  restrictedReadOnly: string
}

async function account(site: TestSite, admin: string, email: string, role: 1 | 2, granted: Permission[] = []): Promise<string> {
  const { provisional } = await createAccount(site, admin, { email, role, permissions: granted })
  return activateAccount(site, email, provisional)
}

/** One account of each kind the permission matrix needs (spec §6). */
export async function createCallers(site: TestSite, admin: string): Promise<Callers> {
  const without = async (module: Module) => account(site, admin, `sin-${module}@fundacion.mx`, 1, permissions(allModules.filter((other) => other !== module)))
  return {
    admin,
    member: await account(site, admin, 'usuario@correo.mx', 2),
    restrictedAll: await account(site, admin, 'todo@fundacion.mx', 1, permissions(allModules)),
    restrictedNone: await account(site, admin, 'nada@fundacion.mx', 1),
    restrictedWithout: { campaign: await without('campaign'), institution: await without('institution'), category: await without('category') },
    restrictedReadOnly: await account(site, admin, 'lectura@fundacion.mx', 1, permissions(['campaign', 'institution', 'category'], { read: true })),
  }
}
