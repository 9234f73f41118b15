import { conflict, HttpError } from '@donaciones/kit'
import type { DonationDeps } from '../deps.ts'
import { ConektaClient } from '../providers/conekta-client.ts'
import { ConektaRecurringClient } from '../providers/conekta-recurring.ts'
import { PaypalClient } from '../providers/paypal-client.ts'

function notAvailable(description: string): HttpError {
  return conflict('No disponible', description)
}

/** The Conekta client with the configured private key; 409 'No disponible' when the provider is off. */
export async function conektaFor(deps: DonationDeps, requestId?: string, options: { evenIfDisabled?: boolean } = {}): Promise<ConektaClient> {
  const settings = await deps.paymentSettings.get(requestId)
  const { privateKey } = settings.conekta
  if ((!settings.conekta.enabled && !options.evenIfDisabled) || !privateKey) {
    throw notAvailable('El pago con tarjeta y en efectivo no está disponible')
  }
  if (deps.conekta?.privateKey !== privateKey) deps.conekta = { privateKey, client: new ConektaClient(privateKey, deps.options.conektaApiUrl) }
  return deps.conekta.client
}

/** Conekta's recurring billing with the configured private key; 409 when the provider is off (a webhook or reconciliation passes evenIfDisabled). */
export async function recurringFor(deps: DonationDeps, requestId?: string, options: { evenIfDisabled?: boolean } = {}): Promise<ConektaRecurringClient> {
  const settings = await deps.paymentSettings.get(requestId)
  const { privateKey } = settings.conekta
  if ((!settings.conekta.enabled && !options.evenIfDisabled) || !privateKey) {
    throw notAvailable('El pago con tarjeta y en efectivo no está disponible')
  }
  return new ConektaRecurringClient(privateKey, deps.options.conektaApiUrl)
}

export async function paypalFor(deps: DonationDeps, requestId?: string, options: { evenIfDisabled?: boolean } = {}): Promise<PaypalClient> {
  const settings = await deps.paymentSettings.get(requestId)
  if ((!settings.paypal.enabled && !options.evenIfDisabled) || !settings.paypal.clientId || !settings.paypal.secret) {
    throw notAvailable('El pago con PayPal no está disponible')
  }
  return new PaypalClient({ clientId: settings.paypal.clientId, secret: settings.paypal.secret }, deps.options.paypalApiUrl)
}
