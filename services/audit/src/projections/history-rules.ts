import {
  campaignActivationToggled,
  campaignCreated,
  campaignUpdated,
  categoryActivationToggled,
  categoryCreated,
  categoryUpdated,
  configurationCreated,
  configurationUpdated,
  institutionActivationToggled,
  institutionCreated,
  institutionUpdated,
  pageActivationToggled,
  pageCreated,
  pageUpdated,
  userActivationToggled,
  userChangeRefused,
  userCreated,
  userPermissionsChanged,
  userProfileUpdated,
  userRoleChanged,
  userUpdated,
  type EventDefinition,
  type HistoricalModule,
} from '@donaciones/contracts'
import { eventKey } from '@donaciones/kit'

/** How one kind of event becomes a history entry. */
export interface HistoryRule {
  definition: EventDefinition
  module: HistoricalModule
  /** The changed record's id in the payload. */
  document: (data: Record<string, unknown>) => string
  /** The record's title as of this event, when the event carries it. */
  title?: (data: Record<string, unknown>) => string
  created?: boolean
  /** Cause and description of its own (instead of the administrator's justification). */
  describe?: (data: Record<string, unknown>) => { cause: string; description: string }
}

export const moduleLabels: Record<HistoricalModule, string> = {
  campaign: 'Campaña',
  institution: 'Institución',
  category: 'Categoría',
  user: 'Usuario',
  configuration: 'Configuración',
  page: 'Página',
}

export const creationCause = 'Creación'
export const updateCause = 'Actualización'
/** A UserChangeRefused event: someone tried to take over another administrator's account. */
export const refusedCause = 'Intento rechazado'

const refusedChanges: Record<string, string> = {
  email: 'Cambio de correo electrónico rechazado',
  'provisional-password': 'Contraseña provisional rechazada',
  deactivation: 'Desactivación rechazada',
}
const refusedChange = (data: Record<string, unknown>) => ({
  cause: refusedCause,
  description: `${refusedChanges[String(data.change)] ?? 'Cambio rechazado'}: ${String(data.reason ?? '')}`,
})

const field = (name: string) => (data: Record<string, unknown>) => String(data[name] ?? '')
const fullName = (data: Record<string, unknown>) => `${String(data.name ?? '')} ${String(data.lastName ?? '')}`.trim()
const siteName = (data: Record<string, unknown>) => String((data.settings as { name?: string } | undefined)?.name ?? '')

export const historyRules: readonly HistoryRule[] = [
  { definition: campaignCreated, module: 'campaign', document: field('campaignId'), title: field('title'), created: true },
  { definition: campaignUpdated, module: 'campaign', document: field('campaignId'), title: field('title') },
  { definition: campaignActivationToggled, module: 'campaign', document: field('campaignId') },
  { definition: institutionCreated, module: 'institution', document: field('institutionId'), title: field('name'), created: true },
  { definition: institutionUpdated, module: 'institution', document: field('institutionId'), title: field('name') },
  { definition: institutionActivationToggled, module: 'institution', document: field('institutionId') },
  { definition: categoryCreated, module: 'category', document: field('categoryId'), title: field('title'), created: true },
  { definition: categoryUpdated, module: 'category', document: field('categoryId'), title: field('title') },
  { definition: categoryActivationToggled, module: 'category', document: field('categoryId') },
  { definition: userCreated, module: 'user', document: field('userId'), title: fullName, created: true },
  { definition: userUpdated, module: 'user', document: field('userId'), title: fullName },
  { definition: userProfileUpdated, module: 'user', document: field('userId'), title: fullName },
  { definition: userActivationToggled, module: 'user', document: field('userId') },
  { definition: userRoleChanged, module: 'user', document: field('userId') },
  { definition: userPermissionsChanged, module: 'user', document: field('userId') },
  { definition: userChangeRefused, module: 'user', document: field('userId'), describe: refusedChange },
  { definition: configurationCreated, module: 'configuration', document: field('configurationId'), title: siteName, created: true },
  { definition: configurationUpdated, module: 'configuration', document: field('configurationId'), title: siteName },
  { definition: pageCreated, module: 'page', document: field('pageId'), title: field('title'), created: true },
  { definition: pageUpdated, module: 'page', document: field('pageId') },
  { definition: pageActivationToggled, module: 'page', document: field('pageId') },
]

/** Each rule under the key (`service.type`) of the event it describes. */
export const historyRulesByKey: ReadonlyMap<string, HistoryRule> = new Map(historyRules.map((rule) => [eventKey(rule.definition), rule]))
