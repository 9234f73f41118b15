import type { Request } from 'express'
import type { ServiceContext } from '@donaciones/kit'
import type { DonationCommandContext } from './commands/command-context.ts'
import { CAMPAIGN_STATUS_TTL_MS, CampaignStatusCache } from './commands/campaign-status.ts'
import { KeyedLock } from './commands/keyed-lock.ts'
import { KeptAnswers } from './kept-answers.ts'
import { findCampaignRef, type CampaignRef } from './projections/campaign-refs.ts'
import type { DonationRow } from './projections/donation-queries.ts'
import type { ConektaClient } from './providers/conekta-client.ts'
import { loadPaymentSettings, PaymentSettingsCache } from './providers/payment-settings.ts'
import { ProviderHealth } from './providers/provider-health.ts'
import type { ResolvedOptions } from './options.ts'

/** What the donation routes and jobs share. */
export interface DonationDeps {
  context: Pick<ServiceContext, 'db' | 'store' | 'logger' | 'directory' | 'mail'>
  options: ResolvedOptions
  locks: KeyedLock
  paymentSettings: PaymentSettingsCache
  campaigns: CampaignStatusCache
  /** Each campaign's title and thumbnail as this service's read model holds them, kept a second (the card donation's answer). */
  campaignRefs: KeptAnswers<string, CampaignRef | undefined>
  /** The Conekta client of the current private key: reusing it keeps its connections (no TLS handshake per donation). */
  conekta: { privateKey: string; client: ConektaClient } | undefined
  /** The providers' failures at donation time (Configuración and the dashboard's home show them). */
  providerHealth: ProviderHealth
}

export function createDeps(context: DonationDeps['context'], options: ResolvedOptions): DonationDeps {
  const paymentSettings = new PaymentSettingsCache((requestId) => loadPaymentSettings(context.directory, requestId))
  return {
    context,
    options,
    locks: new KeyedLock(),
    paymentSettings,
    campaigns: new CampaignStatusCache(context.directory),
    campaignRefs: keptCampaignRefs(),
    conekta: undefined,
    providerHealth: new ProviderHealth(context.db, context.store.schema),
  }
}

/** Only campaigns found are kept: one the read model has not received yet is read again next time. */
export function keptCampaignRefs(): KeptAnswers<string, CampaignRef | undefined> {
  return new KeptAnswers<string, CampaignRef | undefined>({ ttlMs: CAMPAIGN_STATUS_TTL_MS, keep: (ref) => ref !== undefined, maxEntries: 1_000 })
}

/**
 * The campaign's title, thumbnail and thank-you: the local copy (kept a second), else the campaign
 * service's answer (without a thumbnail). The copy follows the campaign's events through the bus,
 * so a donation right after the campaign was created can come before it.
 */
export async function campaignRefOf(deps: Pick<DonationDeps, 'context' | 'campaignRefs' | 'campaigns'>, campaignId: string): Promise<CampaignRef | undefined> {
  const { store } = deps.context
  const copy = await deps.campaignRefs.get(campaignId, () => findCampaignRef(store.db, store.schema, campaignId))
  if (copy) return copy
  const lookup = await deps.campaigns.get(campaignId).catch(() => undefined)
  return lookup?.found ? { id: campaignId, title: lookup.status.title, thumbnail: lookup.status.thumbnail, gratitude: lookup.status.gratitude } : undefined
}

/**
 * The donation's row with its campaign's title and thumbnail. The table joins the service's copy of
 * the campaign, which may still be on its way over the bus for a campaign just created; the answer
 * then takes them from `campaignRefOf`, as the answer built from the events does.
 */
export async function withCampaignRef(deps: Pick<DonationDeps, 'context' | 'campaignRefs' | 'campaigns'>, row: DonationRow): Promise<DonationRow> {
  if (row.campaign_title !== null) return row
  const campaign = await campaignRefOf(deps, row.campaign_id)
  return campaign ? { ...row, campaign_title: campaign.title, campaign_thumbnail: campaign.thumbnail } : row
}

export function commandFor(deps: DonationDeps, req: Request): DonationCommandContext {
  return { store: deps.context.store, mail: deps.context.mail, correlationId: req.requestId, actor: req.auth?._id ?? null }
}
