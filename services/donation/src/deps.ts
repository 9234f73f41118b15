import type { Request } from 'express'
import type { ServiceContext } from '@donaciones/kit'
import type { DonationCommandContext } from './commands/donation-commands.ts'
import { CampaignStatusCache } from './commands/campaign-status.ts'
import { KeyedLock } from './commands/keyed-lock.ts'
import type { ConektaClient } from './providers/conekta-client.ts'
import { loadPaymentSettings, PaymentSettingsCache } from './providers/payment-settings.ts'
import type { ResolvedOptions } from './options.ts'

/** What the donation routes and jobs share. */
export interface DonationDeps {
  context: Pick<ServiceContext, 'db' | 'store' | 'logger' | 'directory' | 'mail'>
  options: ResolvedOptions
  locks: KeyedLock
  paymentSettings: PaymentSettingsCache
  campaigns: CampaignStatusCache
  /** The Conekta client of the current private key: reusing it keeps its connections (no TLS handshake per donation). */
  conekta: { privateKey: string; client: ConektaClient } | undefined
}

export function createDeps(context: DonationDeps['context'], options: ResolvedOptions): DonationDeps {
  const paymentSettings = new PaymentSettingsCache((requestId) => loadPaymentSettings(context.directory, requestId))
  return { context, options, locks: new KeyedLock(), paymentSettings, campaigns: new CampaignStatusCache(context.directory), conekta: undefined }
}

export function commandFor(deps: DonationDeps, req: Request): DonationCommandContext {
  return { store: deps.context.store, mail: deps.context.mail, correlationId: req.requestId, actor: req.auth?._id ?? null }
}
