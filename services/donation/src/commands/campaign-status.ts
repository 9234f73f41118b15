import { campaignDonationStatusSchema, formatDate, type CampaignDonationStatus } from '@donaciones/contracts'
import { callService, conflict, type ServiceDirectory, serviceUnavailable, unprocessable } from '@donaciones/kit'
import { KeptAnswers } from '../kept-answers.ts'

/** How long a campaign's answer is reused: a deactivation reaches the donation forms within this time (its end date is checked every time). */
export const CAMPAIGN_STATUS_TTL_MS = 1_000
const MAX_CACHED_CAMPAIGNS = 1_000

type Lookup = { found: true; status: CampaignDonationStatus } | { found: false }

async function fetchStatus(directory: ServiceDirectory, campaignId: string, requestId?: string): Promise<Lookup> {
  const { status, body } = await callService<unknown>(directory, 'campaign', `/internal/campaigns/${encodeURIComponent(campaignId)}/donation-status`, requestId ? { requestId } : {})
  if (status === 404) return { found: false }
  if (status !== 200) throw serviceUnavailable('Servicio no disponible', 'Intente de nuevo más tarde')
  return { found: true, status: campaignDonationStatusSchema.parse(body) }
}

/**
 * The campaign service's donation status of each campaign, kept in memory for a second so that
 * donations to one campaign do not each call it (issue 8). Concurrent lookups share one call; only
 * found campaigns are kept; a failed call is not kept.
 */
export class CampaignStatusCache {
  private readonly kept: KeptAnswers<string, Lookup>

  constructor(
    private readonly directory: ServiceDirectory,
    ttlMs: number = CAMPAIGN_STATUS_TTL_MS,
    now: () => number = Date.now,
  ) {
    this.kept = new KeptAnswers<string, Lookup>({ ttlMs, now, keep: (lookup) => lookup.found, maxEntries: MAX_CACHED_CAMPAIGNS })
  }

  get(campaignId: string, requestId?: string): Promise<Lookup> {
    return this.kept.get(campaignId, () => fetchStatus(this.directory, campaignId, requestId))
  }
}


/** The campaign service says whether a donation may be taken now: it must exist, be active and still open. */
export async function requireOpenCampaign(campaigns: CampaignStatusCache, campaignId: string, requestId?: string, now: Date = new Date()): Promise<CampaignDonationStatus> {
  const lookup = await campaigns.get(campaignId, requestId)
  if (!lookup.found) {
    throw unprocessable('Campaña no encontrada', 'La campaña seleccionada no existe', { errors: [{ path: 'campaign', message: 'La campaña seleccionada no existe' }] })
  }
  const campaign = lookup.status
  if (!campaign.active) throw conflict('Campaña no disponible', 'Esta campaña no está recibiendo donaciones')
  // A kept answer may be older than the start or the end: the dates decide now.
  if (now < new Date(campaign.startsAt)) {
    throw conflict('Campaña programada', `Esta campaña recibirá donaciones a partir del ${formatDate(campaign.startsAt)}.`)
  }
  if (now >= new Date(campaign.endsAt)) throw conflict('Campaña finalizada', 'Esta campaña ha finalizado.')
  return campaign
}
