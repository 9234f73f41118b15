import type { ProviderSim } from '../../../tools/provider-sim/index.ts'
import { cardDonationRequest, tokenizeCard } from '../../support/card-payments.ts'
import { openCampaignBody } from '../../support/open-campaign.ts'
import { tinyPng } from '../../support/tiny-png.ts'
import { timedRequest, type ResponseRecord } from './traffic.ts'

function authorized(token: string, body: unknown): RequestInit {
  return { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }
}

/** A campaign open for donations: its id and the slug of its public page. */
export async function createOpenCampaign(gatewayUrl: string, token: string): Promise<{ id: string; slug: string }> {
  const form = new FormData()
  form.append('file', new Blob([tinyPng], { type: 'image/png' }), 'portada.png')
  const upload = await fetch(`${gatewayUrl}/api/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
  const thumbnail = ((await upload.json()) as { _id: string })._id
  const categories = (await (await fetch(`${gatewayUrl}/api/options/categories`, { headers: { authorization: `Bearer ${token}` } })).json()) as { value: string }[]
  const [category] = categories
  if (!category) throw new Error('No hay categorías para la campaña')
  const created = await timedRequest(`${gatewayUrl}/api/campaigns`, authorized(token, openCampaignBody('Campaña de pruebas de fallas', { thumbnail, category: category.value })))
  if (created.status !== 201) throw new Error(`Campaña no creada: ${created.status} ${JSON.stringify(created.body)}`)
  const { _id: id, slug } = created.body as { _id: string; slug: string }
  return { id, slug }
}

/** One approved card donation of `amount` pesos from a donor and address of its own, so no rate limit applies. */
export async function donateByCard(gatewayUrl: string, sim: ProviderSim, campaignId: string, index: number, amount: number): Promise<ResponseRecord> {
  const donor = { index, name: 'Donante Prueba', email: `donante${index}@correo.mx` }
  return timedRequest(`${gatewayUrl}/api/donations/conekta`, cardDonationRequest(donor, await tokenizeCard(sim), campaignId, amount))
}
