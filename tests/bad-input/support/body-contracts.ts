import { z } from 'zod'
import {
  campaignCreateRequestSchema,
  campaignToggleRequestSchema,
  campaignUpdateRequestSchema,
  categoryCreateRequestSchema,
  categoryToggleRequestSchema,
  categoryUpdateRequestSchema,
  commentCreateRequestSchema,
  conektaDonationRequestSchema,
  configurationUpdateRequestSchema,
  exportRequestSchema,
  storedConnectionTestRequestSchema,
  googleRegisterOrLoginRequestSchema,
  internalMailRequestSchema,
  institutionCreateRequestSchema,
  institutionToggleRequestSchema,
  institutionUpdateRequestSchema,
  loginRequestSchema,
  logoutBodySchema,
  monthlyCancelRequestSchema,
  monthlyCardRequestSchema,
  oxxoRequestSchema,
  pageToggleRequestSchema,
  pageUpdateRequestSchema,
  paypalDonationRequestSchema,
  paypalOrderRequestSchema,
  profileUpdateRequestSchema,
  provisionalPasswordRequestSchema,
  recoverPasswordRequestSchema,
  registerRequestSchema,
  requestRecoverPasswordSchema,
  resetPasswordRequestSchema,
  setupAdminRequestSchema,
  setupCatalogRequestSchema,
  userCreateRequestSchema,
  userToggleRequestSchema,
  userUpdateRequestSchema,
  verifyEmailRequestSchema,
} from '@donaciones/contracts'
import { campaignPayload, update } from '../../campaign-admin/fixtures.ts'
import { adminCredentials } from '../../support/site.ts'
import type { SiteRecords } from './site-records.ts'

/**
 * What a route does with its body:
 * - `contract`: validated against `schema`; `sample` is a valid body the generators mutate.
 * - `refused`: nothing a client can send without a provider's signature or before setup is accepted.
 * - `ignored`: the route takes no body (visits, likes, deletions); only unreadable bodies must be refused.
 */
export type BodyContract =
  | { kind: 'contract'; schema: z.ZodType; sample: Record<string, unknown> }
  | { kind: 'refused'; sample: Record<string, unknown> }
  | { kind: 'ignored' }

const toggleOrUpdate = (toggle: z.ZodType, change: z.ZodType): z.ZodType => z.union([toggle, change])
const email = adminCredentials.email
const historical = update

/** The configuration screen's payload as the wizard left it (blank secrets keep the stored ones). */
function configuration(records: SiteRecords): Record<string, unknown> {
  return {
    settings: { name: 'Fundación Ejemplo', logo: records.fileId, gratitudeMessage: 'Gracias por tu donación' },
    home: { showCounters: true, content: '<p>Nuestra misión</p>', image: records.fileId },
    contact: { email: 'contacto@fundacion.mx', phone: '5512345678', address: 'Av. Reforma 1, CDMX' },
    mailer: { auth: { user: 'prueba', pass: '' }, host: '127.0.0.1', port: 2525 },
    urls: { facebook: 'https://facebook.com/fundacion', twitter: '', instagram: '' },
    providers: { google: false, facebook: false, twitter: false, conekta: true, paypal: true },
    keys: { conekta: { client: 'key_conekta_publica', secret: '' }, paypal: { client: 'paypal-cliente', secret: '' } },
  }
}

/** The body contract of each route key that takes a body; any other key ignores its body. */
export function bodyContracts(records: SiteRecords): Record<string, BodyContract> {
  const campaign = campaignPayload(records.refs)
  const user = { name: 'Nuevo', lastName: 'Usuario', email: 'nuevo@fundacion.mx', role: 2, permissions: [] }
  const contract = (schema: z.ZodType, sample: Record<string, unknown>): BodyContract => ({ kind: 'contract', schema, sample })
  const donor = { campaign: records.campaignId, amount: 100, user: null }
  // The looser of the two campaign rules: a body it refuses is refused whatever the configuration says.
  const goal = { goalRequired: false }
  return {
    'POST /api/auth/login': contract(loginRequestSchema, { email, password: 'cualquiera' }),
    'PUT /api/auth/logout/:id': contract(logoutBodySchema, { login: false }),
    'POST /api/auth/reset-password': contract(resetPasswordRequestSchema, { password: adminCredentials.password, newPassword: 'Otra#Clave2026' }),
    'POST /api/auth/request-recover-password': contract(requestRecoverPasswordSchema, { email }),
    'POST /api/auth/recover-password': contract(recoverPasswordRequestSchema, { password: 'Otra#Clave2026', email, token: 'token-de-prueba' }),
    'POST /api/auth/register': contract(registerRequestSchema, { name: 'Ana', lastName: 'Pérez', email: 'registro@fundacion.mx', password: 'Otra#Clave2026' }),
    'POST /api/auth/verify-email': contract(verifyEmailRequestSchema, { email, token: 'token-de-prueba', password: 'Otra#Clave2026' }),
    'POST /api/auth/google-register-or-login': contract(googleRegisterOrLoginRequestSchema, {
      credential: 'credencial', email, name: 'Ana', lastName: 'Pérez', providerId: '123', thumbnail: null, validated: true,
    }),
    'PUT /api/users/profile': contract(profileUpdateRequestSchema, { name: 'Ana', lastName: 'Pérez', email, thumbnail: records.fileId }),
    'POST /api/users/export': contract(exportRequestSchema, { selection: [] }),
    'POST /api/users': contract(userCreateRequestSchema, user),
    'POST /api/users/:id/provisional-password': contract(provisionalPasswordRequestSchema, { historical }),
    'PUT /api/users/:id': contract(toggleOrUpdate(userToggleRequestSchema, userUpdateRequestSchema), { payload: user, historical }),
    'POST /api/init': { kind: 'refused', sample: {} },
    // The wizard's connection test: once the site is configured, 409 before the body is read.
    'POST /api/init/connection-test': { kind: 'refused', sample: {} },
    'POST /api/configuration/connection-test': contract(storedConnectionTestRequestSchema, { service: 'mail' }),
    'PUT /api/configuration': contract(configurationUpdateRequestSchema, { payload: configuration(records), historical }),
    'PUT /api/pages/:id': contract(toggleOrUpdate(pageToggleRequestSchema, pageUpdateRequestSchema), { payload: { description: '<p>Texto</p>' }, historical }),
    'POST /api/files': { kind: 'refused', sample: {} },
    'POST /api/institutions/export': contract(exportRequestSchema, { selection: [] }),
    'POST /api/institutions': contract(institutionCreateRequestSchema, { name: 'Institución', description: 'Descripción' }),
    'PUT /api/institutions/:id': contract(toggleOrUpdate(institutionToggleRequestSchema, institutionUpdateRequestSchema), {
      payload: { name: 'Institución', description: 'Descripción' }, historical,
    }),
    'POST /api/categories/export': contract(exportRequestSchema, { selection: [] }),
    'POST /api/categories': contract(categoryCreateRequestSchema, { title: 'Categoría', description: 'Descripción' }),
    'PUT /api/categories/:id': contract(toggleOrUpdate(categoryToggleRequestSchema, categoryUpdateRequestSchema), {
      payload: { title: 'Categoría', description: 'Descripción' }, historical,
    }),
    'POST /api/campaigns/:id/comments': contract(commentCreateRequestSchema.omit({ campaign: true }), { comment: 'Mucho ánimo' }),
    'POST /api/campaigns/export': contract(exportRequestSchema, { selection: [] }),
    'POST /api/campaigns': contract(campaignCreateRequestSchema(goal), campaign),
    'PUT /api/campaigns/:id': contract(toggleOrUpdate(campaignToggleRequestSchema, campaignUpdateRequestSchema(goal)), { payload: campaign, historical }),
    'POST /api/donations/webhooks/conekta': { kind: 'refused', sample: { type: 'order.paid', data: { object: { id: 'ord_1' } } } },
    'POST /api/donations/webhooks/paypal': { kind: 'refused', sample: { event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAP-1' } } },
    'POST /api/donations/conekta': contract(conektaDonationRequestSchema, { ...donor, token: 'tok_prueba', name: 'Ana', email, phone: '5512345678' }),
    'POST /api/donations/monthly': contract(conektaDonationRequestSchema, { ...donor, token: 'tok_prueba', name: 'Ana', email, phone: '5512345678' }),
    'POST /api/donations/monthly/cancel': contract(monthlyCancelRequestSchema, { token: 'enlace-de-prueba' }),
    'POST /api/donations/monthly/card': contract(monthlyCardRequestSchema, { token: 'enlace-de-prueba', cardToken: 'tok_prueba' }),
    'POST /api/donations/oxxopay/request': contract(oxxoRequestSchema, { ...donor, name: 'Ana', lastName: 'Pérez', email, phone: '5512345678' }),
    'POST /api/donations/paypal/order': contract(paypalOrderRequestSchema, donor),
    'POST /api/donations/paypal': contract(paypalDonationRequestSchema, { ...donor, orderID: 'ORDEN-1' }),
    'POST /api/donations/export': contract(exportRequestSchema, { selection: [] }),
    // A multipart form of the stamped XML and PDF: no JSON body is ever accepted.
    'POST /api/receipts/:donationId/stamped': { kind: 'refused', sample: {} },
  }
}

/** The contract of a route, `ignored` when it has none. */
export function bodyContractOf(contracts: Record<string, BodyContract>, key: string): BodyContract {
  return contracts[key] ?? { kind: 'ignored' }
}

/** Whether the route would accept this parsed body (undefined: no JSON body was read). */
export function wouldAccept(contract: BodyContract, body: unknown): boolean {
  if (contract.kind === 'refused') return false
  if (contract.kind === 'ignored') return true
  return contract.schema.safeParse(body).success
}


/**
 * Body contracts of the `/internal` routes. The samples are empty: a valid internal body would
 * create a first administrator or send mail, so only bodies the contract refuses are sent.
 */
export function internalBodyContracts(): Record<string, BodyContract> {
  return {
    'POST /internal/setup/admin': { kind: 'contract', schema: setupAdminRequestSchema, sample: {} },
    'POST /internal/setup/catalog': { kind: 'contract', schema: setupCatalogRequestSchema, sample: {} },
    'POST /internal/mail': { kind: 'contract', schema: internalMailRequestSchema, sample: {} },
  }
}
