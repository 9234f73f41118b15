import { Router } from 'express'
import { socialProviderNames, type InternalPaymentSettingsResponse, type InternalSocialProvidersResponse } from '@donaciones/contracts'
import { requireInternalCall, type ServiceContext } from '@donaciones/kit'
import { donatariaOf, donationSettingsOf, loadConfiguration } from '../projections/configuration.ts'
import { readSecrets } from '../secrets/secret-store.ts'
import { contentState } from '../state.ts'

/**
 * GET /internal/configuration/providers: the social sign-in settings with their secrets decrypted,
 * for the identity service only (internal token). Before setup every provider is off.
 */
export function internalConfigurationRoutes(context: ServiceContext): Router {
  const router = Router()
  router.get('/internal/configuration/providers', requireInternalCall(context.directory), async (_req, res) => {
    const configuration = await loadConfiguration(context.db, context.store.schema)
    const secrets = configuration ? await readSecrets(context.db, context.store.schema, contentState(context).key) : {}
    const body = Object.fromEntries(
      socialProviderNames.map((provider) => [
        provider,
        {
          enabled: configuration?.details.providers[provider] ?? false,
          client: configuration?.details.clients[provider] ?? '',
          secret: secrets[provider] ?? '',
        },
      ]),
    ) as InternalSocialProvidersResponse
    res.set('Cache-Control', 'no-store').json(body)
  })

  /**
   * GET /internal/configuration/payments: the card/cash and wallet providers' switches, public
   * keys and decrypted private key / secret, for the donation service only (internal token).
   */
  router.get('/internal/configuration/payments', requireInternalCall(context.directory), async (_req, res) => {
    const configuration = await loadConfiguration(context.db, context.store.schema)
    const secrets = configuration ? await readSecrets(context.db, context.store.schema, contentState(context).key) : {}
    const details = configuration?.details
    const body: InternalPaymentSettingsResponse = {
      conekta: { enabled: details?.providers.conekta ?? false, publicKey: details?.clients.conekta ?? '', privateKey: secrets.conekta ?? '' },
      paypal: { enabled: details?.providers.paypal ?? false, clientId: details?.clients.paypal ?? '', secret: secrets.paypal ?? '' },
      gratitudeMessage: details?.settings.gratitudeMessage ?? '',
      siteName: details?.settings.name ?? '',
      maxDonationAmount: donationSettingsOf(details).maxAmount,
      donataria: donatariaOf(details),
    }
    res.set('Cache-Control', 'no-store').json(body)
  })
  return router
}
