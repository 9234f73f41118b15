import { z } from 'zod'
import { requiredString } from '../rules.ts'
import { portSchema } from './configuration-fields.ts'

/** What 'Probar conexión' tests: the card and cash provider, the wallet provider, the mail server. */
export const connectionServiceNames = ['conekta', 'paypal', 'mail'] as const
export const connectionServiceSchema = z.enum(connectionServiceNames, { error: 'Servicio desconocido: use conekta, paypal o mail' })
export type ConnectionService = z.infer<typeof connectionServiceSchema>

/** The payment providers whose calls at donation time are watched. */
export const paymentProviderNames = ['conekta', 'paypal'] as const
export const paymentProviderSchema = z.enum(paymentProviderNames)
export type PaymentProvider = z.infer<typeof paymentProviderSchema>

/**
 * Why a call to a provider (or the mail server) did not do its work: the credentials were refused,
 * no answer came (connection refused, name not found, time out), or the provider answered with an
 * error of its own (5xx).
 */
export const providerProblemKinds = ['authentication', 'unreachable', 'provider-error'] as const
export const providerProblemKindSchema = z.enum(providerProblemKinds)
export type ProviderProblemKind = z.infer<typeof providerProblemKindSchema>

export const connectionOutcomeSchema = z.enum(['ok', ...providerProblemKinds])
export type ConnectionOutcome = z.infer<typeof connectionOutcomeSchema>

/** POST /api/configuration/connection-test: the stored settings of one service (Configuración). */
export const storedConnectionTestRequestSchema = z.strictObject({ service: connectionServiceSchema })
export type StoredConnectionTestRequest = z.infer<typeof storedConnectionTestRequestSchema>

export const conektaConnectionKeysSchema = z.strictObject({ service: z.literal('conekta'), privateKey: requiredString })
export const paypalConnectionKeysSchema = z.strictObject({ service: z.literal('paypal'), clientId: requiredString, secret: requiredString })
export const mailConnectionSettingsSchema = z.strictObject({ service: z.literal('mail'), host: requiredString, port: portSchema, user: requiredString, pass: requiredString })

/**
 * POST /api/init/connection-test: what the wizard's step holds, before anything is stored (the
 * mail step's host, port, user and password; the private key; PayPal's client id and secret).
 */
export const typedConnectionTestRequestSchema = z.discriminatedUnion('service', [conektaConnectionKeysSchema, paypalConnectionKeysSchema, mailConnectionSettingsSchema], {
  error: 'Servicio desconocido: use conekta, paypal o mail',
})
export type TypedConnectionTestRequest = z.infer<typeof typedConnectionTestRequestSchema>
export type TypedConnectionTestInput = z.input<typeof typedConnectionTestRequestSchema>

/** The answer of both: what the service said, in Spanish; never a secret. */
export const connectionTestResponseSchema = z.strictObject({
  service: connectionServiceSchema,
  ok: z.boolean(),
  outcome: connectionOutcomeSchema,
  message: z.string(),
  description: z.string(),
  /** The provider's or the server's own words (an error code, its message), when it gave any. */
  reason: z.string().nullable(),
})
export type ConnectionTestResponse = z.infer<typeof connectionTestResponseSchema>

const SERVICE_NAMES: Record<ConnectionService, string> = { conekta: 'Conekta', paypal: 'PayPal', mail: 'El servidor de correo' }
const CREDENTIALS: Record<ConnectionService, string> = {
  conekta: 'la llave privada',
  paypal: 'el Client ID y el secreto',
  mail: 'el usuario y la contraseña',
}
const WHERE_TO_LOOK: Record<ConnectionService, string> = {
  conekta: 'Revise la llave privada en el panel de Conekta',
  paypal: 'Revise el Client ID y el secreto en el panel de desarrolladores de PayPal',
  mail: 'Revise el usuario y la contraseña del correo',
}

/** The Spanish answer of a connection test (the same words for the stored and the typed settings). */
export function connectionTestAnswer(service: ConnectionService, outcome: ConnectionOutcome, reason: string | null): ConnectionTestResponse {
  const name = SERVICE_NAMES[service]
  const texts: Record<ConnectionOutcome, readonly [string, string]> = {
    ok: ['Conexión exitosa', `${name} aceptó ${CREDENTIALS[service]}.`],
    authentication: ['Autenticación rechazada', `${name} rechazó ${CREDENTIALS[service]}. ${WHERE_TO_LOOK[service]}.`],
    unreachable: [
      'Sin conexión',
      service === 'mail'
        ? 'No fue posible comunicarse con el servidor de correo. Revise el servidor (host) y el puerto, e intente de nuevo.'
        : `No fue posible comunicarse con ${name}. Revise la conexión del servidor a internet e intente de nuevo en unos minutos.`,
    ],
    'provider-error': ['Error del proveedor', `${name} respondió con un error. Intente de nuevo en unos minutos.`],
  }
  const [message, description] = texts[outcome]
  return { service, ok: outcome === 'ok', outcome, message, description, reason }
}

/**
 * One provider whose calls at donation time fail: since when (the first failure after the last
 * call that worked), how many donation attempts it affected, the last failure's kind and the
 * provider's reason. Gone once a call works again.
 */
export const providerFailureSchema = z.strictObject({
  provider: paymentProviderSchema,
  kind: providerProblemKindSchema,
  since: z.iso.datetime(),
  lastAt: z.iso.datetime(),
  donations: z.number().int().positive(),
  reason: z.string(),
})
export type ProviderFailure = z.infer<typeof providerFailureSchema>

/** GET /api/donations/providers/failures (role 0). */
export const providerFailuresResponseSchema = z.strictObject({ items: z.array(providerFailureSchema) })
export type ProviderFailuresResponse = z.infer<typeof providerFailuresResponseSchema>

/**
 * donation POST /internal/providers/check: without keys, the stored ones (read afresh from the
 * content service); with keys, those typed in the wizard. INTERNAL ONLY (internal token).
 */
export const internalProviderCheckRequestSchema = z.discriminatedUnion('service', [
  z.strictObject({ service: z.literal('conekta'), privateKey: z.string().optional() }),
  z.strictObject({ service: z.literal('paypal'), clientId: z.string().optional(), secret: z.string().optional() }),
])
export type InternalProviderCheckRequest = z.infer<typeof internalProviderCheckRequestSchema>

export const internalProviderCheckResponseSchema = z.strictObject({ outcome: connectionOutcomeSchema, reason: z.string().nullable() })
export type InternalProviderCheckResponse = z.infer<typeof internalProviderCheckResponseSchema>
