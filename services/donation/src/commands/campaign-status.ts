import { campaignDonationStatusSchema, type CampaignDonationStatus } from '@donaciones/contracts'
import { callService, conflict, HttpError, unprocessable, type ServiceDirectory } from '@donaciones/kit'

/** The campaign service says whether a donation may be taken now: it must exist, be active and still open. */
export async function requireOpenCampaign(directory: ServiceDirectory, campaignId: string, requestId?: string): Promise<CampaignDonationStatus> {
  const { status, body } = await callService<unknown>(directory, 'campaign', `/internal/campaigns/${encodeURIComponent(campaignId)}/donation-status`, requestId ? { requestId } : {})
  if (status === 404) {
    throw unprocessable('Campaña no encontrada', 'La campaña seleccionada no existe', { errors: [{ path: 'campaign', message: 'La campaña seleccionada no existe' }] })
  }
  if (status !== 200) throw new HttpError(503, 'Servicio no disponible', 'Intente de nuevo más tarde')
  const campaign = campaignDonationStatusSchema.parse(body)
  if (!campaign.active) throw conflict('Campaña no disponible', 'Esta campaña no está recibiendo donaciones')
  if (!campaign.open) throw conflict('Campaña finalizada', 'Esta campaña ha finalizado.')
  return campaign
}
