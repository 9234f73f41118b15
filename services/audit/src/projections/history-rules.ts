import {
  campaignActivationToggled,
  campaignCreated,
  campaignUpdated,
  categoryActivationToggled,
  categoryCreated,
  categoryUpdated,
  configurationCreated,
  configurationUpdated,
  deductibleReceiptIssued,
  donorMessageModerated,
  formatFolio,
  monthlyDonationCancelled,
  monthlyDonationCardUpdated,
  monthlyDonationStarted,
  monthlyDonationSuspended,
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
  type HistoricalModule,
  type RefusedChange,
} from '@donaciones/contracts'
import { eventKey, on, type EventHandler } from '@donaciones/kit'

/** What one event says of the record it changed. */
export interface HistoryChange {
  /** The changed record's id. */
  document: string
  /** The record's title as of this event, when the event carries it. */
  title?: string
  /** Cause and description of its own (instead of the administrator's justification). */
  justification?: { cause: string; description: string }
}

/** How one kind of event becomes a history entry. */
export interface HistoryRule {
  module: HistoricalModule
  change: EventHandler<[], HistoryChange>
  created?: boolean
}

export const moduleLabels: Record<HistoricalModule, string> = {
  campaign: 'Campaña',
  institution: 'Institución',
  category: 'Categoría',
  user: 'Usuario',
  configuration: 'Configuración',
  page: 'Página',
  donation: 'Donación',
}

export const creationCause = 'Creación'
export const updateCause = 'Actualización'
/** A UserChangeRefused event: someone tried a guarded change of another user (a takeover, permissions he lacks). */
export const refusedCause = 'Intento rechazado'

const refusedChanges: Record<RefusedChange, string> = {
  email: 'Cambio de correo electrónico rechazado',
  'provisional-password': 'Contraseña provisional rechazada',
  deactivation: 'Desactivación rechazada',
  permissions: 'Cambio de permisos rechazado',
}
const fullName = (data: { name: string; lastName: string }) => `${data.name} ${data.lastName}`.trim()

export const historyRules: readonly HistoryRule[] = [
  { module: 'campaign', created: true, change: on(campaignCreated, (data) => ({ document: data.campaignId, title: data.title })) },
  { module: 'campaign', change: on(campaignUpdated, (data) => ({ document: data.campaignId, title: data.title })) },
  { module: 'campaign', change: on(campaignActivationToggled, (data) => ({ document: data.campaignId })) },
  // A donor's message hidden from (or shown again on) the campaign's donor wall, with the administrator's justification.
  { module: 'campaign', change: on(donorMessageModerated, (data) => ({ document: data.campaignId })) },
  { module: 'institution', created: true, change: on(institutionCreated, (data) => ({ document: data.institutionId, title: data.name })) },
  { module: 'institution', change: on(institutionUpdated, (data) => ({ document: data.institutionId, title: data.name })) },
  { module: 'institution', change: on(institutionActivationToggled, (data) => ({ document: data.institutionId })) },
  { module: 'category', created: true, change: on(categoryCreated, (data) => ({ document: data.categoryId, title: data.title })) },
  { module: 'category', change: on(categoryUpdated, (data) => ({ document: data.categoryId, title: data.title })) },
  { module: 'category', change: on(categoryActivationToggled, (data) => ({ document: data.categoryId })) },
  { module: 'user', created: true, change: on(userCreated, (data) => ({ document: data.userId, title: fullName(data) })) },
  { module: 'user', change: on(userUpdated, (data) => ({ document: data.userId, title: fullName(data) })) },
  { module: 'user', change: on(userProfileUpdated, (data) => ({ document: data.userId, title: fullName(data) })) },
  { module: 'user', change: on(userActivationToggled, (data) => ({ document: data.userId })) },
  { module: 'user', change: on(userRoleChanged, (data) => ({ document: data.userId })) },
  { module: 'user', change: on(userPermissionsChanged, (data) => ({ document: data.userId })) },
  {
    module: 'user',
    change: on(userChangeRefused, (data) => ({
      document: data.userId,
      justification: { cause: refusedCause, description: `${refusedChanges[data.change]}: ${data.reason}` },
    })),
  },
  { module: 'configuration', created: true, change: on(configurationCreated, (data) => ({ document: data.configurationId, title: data.settings.name })) },
  { module: 'configuration', change: on(configurationUpdated, (data) => ({ document: data.configurationId, title: data.settings.name })) },
  { module: 'page', created: true, change: on(pageCreated, (data) => ({ document: data.pageId, title: data.title })) },
  { module: 'page', change: on(pageUpdated, (data) => ({ document: data.pageId })) },
  { module: 'page', change: on(pageActivationToggled, (data) => ({ document: data.pageId })) },
  // A monthly donation's life: the donor acts through the links in their e-mails, the provider by its webhooks.
  { module: 'donation', created: true, change: on(monthlyDonationStarted, (data) => ({ document: data.subscriptionId, title: `Donación mensual de ${data.donor.name}`.trim() })) },
  { module: 'donation', change: on(monthlyDonationSuspended, (data) => ({ document: data.subscriptionId, justification: { cause: 'Suspensión', description: data.reason } })) },
  {
    module: 'donation',
    change: on(monthlyDonationCardUpdated, (data) => ({ document: data.subscriptionId, justification: { cause: 'Cambio de tarjeta', description: 'El donador registró otra tarjeta desde el enlace de su correo' } })),
  },
  {
    module: 'donation',
    change: on(monthlyDonationCancelled, (data) => ({
      document: data.subscriptionId,
      justification: { cause: 'Cancelación', description: data.by === 'donor' ? 'El donador la canceló desde el enlace de su correo' : 'El proveedor de pagos canceló la suscripción' },
    })),
  },
  // The stamped CFDI of a donation uploaded and mailed to the donor: the administrator types no justification.
  {
    module: 'donation',
    change: on(deductibleReceiptIssued, (data) => ({
      document: data.donationId,
      justification: { cause: 'Recibo emitido', description: `Recibo deducible${data.folio === null ? '' : ` del folio ${formatFolio(data.folio)}`} enviado al donador${data.uuid ? ` (UUID ${data.uuid})` : ''}` },
    })),
  },
]

/** Each rule under the key (`service.type`) of the event it describes. */
export const historyRulesByKey: ReadonlyMap<string, HistoryRule> = new Map(historyRules.map((rule) => [eventKey(rule.change.definition), rule]))
