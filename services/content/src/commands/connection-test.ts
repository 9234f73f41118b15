import {
  connectionTestAnswer,
  internalProviderCheckResponseSchema,
  type ConnectionService,
  type ConnectionTestResponse,
  type InternalProviderCheckRequest,
  type TypedConnectionTestRequest,
} from '@donaciones/contracts'
import { callServiceOk, conflict, verifySmtp, type ServiceContext, type SmtpSettings } from '@donaciones/kit'
import { loadConfiguration } from '../projections/configuration.ts'
import { readSecrets } from '../secrets/secret-store.ts'
import { configurationNotFound } from './configuration-decider.ts'

/** A reason never carries a secret back, whatever the other side put in it. */
function withoutSecrets(reason: string | null, secrets: readonly (string | undefined)[]): string | null {
  if (reason === null) return null
  return secrets.reduce<string>((text, secret) => (secret && secret.length >= 4 ? text.split(secret).join('•••') : text), reason)
}

async function testMail(smtp: SmtpSettings): Promise<ConnectionTestResponse> {
  const { outcome, reason } = await verifySmtp(smtp)
  return connectionTestAnswer('mail', outcome, withoutSecrets(reason, [smtp.auth?.pass]))
}

/** The donation service owns the payment clients: it makes the provider's call. */
async function testProvider(context: ServiceContext, request: InternalProviderCheckRequest, secrets: readonly (string | undefined)[], requestId?: string): Promise<ConnectionTestResponse> {
  const body = await callServiceOk<unknown>(context.directory, 'donation', '/internal/providers/check', { body: request, ...(requestId ? { requestId } : {}) })
  const { outcome, reason } = internalProviderCheckResponseSchema.parse(body)
  return connectionTestAnswer(request.service, outcome, withoutSecrets(reason, secrets))
}

/**
 * 'Probar conexión' in Configuración: the stored settings of one service, the secret decrypted
 * here (mail) or by the donation service from its own read (payment providers); 409 when
 * nothing is stored to test.
 */
export async function testStoredConnection(context: ServiceContext, key: Buffer, service: ConnectionService, requestId?: string): Promise<ConnectionTestResponse> {
  const configuration = await loadConfiguration(context.db, context.store.schema)
  if (!configuration) throw configurationNotFound()
  if (service !== 'mail') return testProvider(context, { service }, [], requestId)
  const { mailer } = configuration.details
  if (!mailer.host) throw conflict('Sin servidor de correo', 'Guarde el servidor de correo antes de probar la conexión')
  const pass = (await readSecrets(context.db, context.store.schema, key)).mailer ?? ''
  return testMail({ host: mailer.host, port: mailer.port, ...(mailer.user ? { auth: { user: mailer.user, pass } } : {}) })
}

/** 'Probar conexión' in the setup wizard: what the step's fields hold, nothing stored yet. */
export async function testTypedConnection(context: ServiceContext, request: TypedConnectionTestRequest, requestId?: string): Promise<ConnectionTestResponse> {
  switch (request.service) {
    case 'mail':
      return testMail({ host: request.host, port: request.port, auth: { user: request.user, pass: request.pass } })
    case 'conekta':
      return testProvider(context, { service: 'conekta', privateKey: request.privateKey }, [request.privateKey], requestId)
    case 'paypal':
      return testProvider(context, { service: 'paypal', clientId: request.clientId, secret: request.secret }, [request.secret], requestId)
  }
}
