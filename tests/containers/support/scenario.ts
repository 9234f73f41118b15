import { conektaDonationResponseSchema, initResponseSchema, oxxoResponseSchema } from '@donaciones/contracts'
import type { ResponseRecord } from '../../faults/support/traffic.ts'
import { openCampaignBody } from '../../support/open-campaign.ts'
import { tinyPng } from '../../support/tiny-png.ts'
import { wizardBody } from '../../support/wizard-payload.ts'
import type { SimulatorClient } from './simulator.ts'
import { clientAddress, type Site } from './site.ts'

async function upload(site: Site): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([tinyPng], { type: 'image/png' }), 'imagen.png')
  const response = await fetch(`${site.url}/api/files`, { method: 'POST', body: form, headers: site.token ? { authorization: `Bearer ${site.token}` } : {} })
  if (response.status !== 200 && response.status !== 201) throw new Error(`Subida fallida: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { _id: string })._id
}

/** The setup wizard's API, as the browser uses it: card and OXXO through the simulator; the first administrator's token. */
export async function runSetupWizard(site: Site, sim: SimulatorClient): Promise<void> {
  const state = initResponseSchema.parse(await site.expect(200, '/api/init'))
  if (state.configured) throw new Error('El sitio ya estaba configurado: el volumen de PostgreSQL no era nuevo')
  const [logo, image, thumbnail] = [await upload(site), await upload(site), await upload(site)]
  // No SMTP server in the stack: mail waits in the queue, which is not what this test is about.
  const body = wizardBody({ logo, image, thumbnail }, 2525, { conekta: { client: sim.publicKey, secret: sim.privateKey }, paypal: { client: '', secret: '' } }, {
    providers: { google: false, facebook: false, twitter: false, conekta: true, paypal: false },
  })
  site.token = (await site.expect<{ token: string }>(200, '/api/init', { json: body })).token
}

/** A campaign open for donations. */
export async function createCampaign(site: Site): Promise<{ id: string; slug: string }> {
  const thumbnail = await upload(site)
  const categories = await site.expect<{ value: string }[]>(200, '/api/options/categories')
  const [category] = categories
  if (!category) throw new Error('No hay categorías para la campaña')
  const created = await site.expect<{ _id: string; slug: string }>(201, '/api/campaigns', { json: openCampaignBody('Campaña en contenedores', { thumbnail, category: category.value }) })
  return { id: created._id, slug: created.slug }
}

/** One card donation from donor `index` (an address and e-mail of its own). */
export async function donateByCard(site: Site, sim: SimulatorClient, campaignId: string, index: number, amount: number): Promise<ResponseRecord> {
  return site.request('/api/donations/conekta', {
    from: clientAddress(index, 80),
    token: '',
    json: { token: await sim.cardToken(), name: 'Donante Prueba', amount, campaign: campaignId, email: `donante${index}@correo.mx`, phone: '5512345678' },
  })
}

export function approvedDonation(record: ResponseRecord): boolean {
  const parsed = conektaDonationResponseSchema.safeParse(record.body)
  return record.status === 200 && parsed.success && parsed.data.approved === true
}

/** An OXXO voucher, paid at the simulator, whose signed webhook approves the donation; waits until it does. */
export async function donateByOxxo(site: Site, sim: SimulatorClient, campaignId: string, amount: number): Promise<string> {
  const voucher = oxxoResponseSchema.parse(
    await site.expect(200, '/api/donations/oxxopay/request', {
      from: clientAddress(1, 81),
      token: '',
      json: { name: 'Diego', lastName: 'Efectivo', email: 'diego@correo.mx', phone: '5533334444', campaign: campaignId, amount, user: null },
    }),
  )
  const pending = await site.expect<{ approved: boolean; conekta?: { orderId?: string } }>(200, `/api/donations/${voucher._id}`)
  if (pending.approved) throw new Error('La ficha OXXO salió aprobada antes de pagarse')
  if (!pending.conekta?.orderId) throw new Error('La donación OXXO no guarda el pedido de Conekta')
  await sim.payOxxo(pending.conekta.orderId)
  const after = await site.expect<{ approved: boolean }>(200, `/api/donations/${voucher._id}`)
  if (!after.approved) throw new Error('El webhook order.paid del simulador no aprobó la donación OXXO')
  return voucher._id
}

export interface Totals {
  siteVisits: number
  donations: number
  donors: number
  campaignVisits: number
  campaignLikes: number
  campaignDonations: number
}

export async function totals(site: Site, slug: string): Promise<Totals> {
  const counter = async (name: string) => (await site.expect<{ total: number }>(200, `/api/counters/${name}`)).total
  const campaign = await site.expect<{ visits: number; likes: number; donations: unknown[] }>(200, `/api/public/campaigns/${slug}`)
  return {
    siteVisits: await counter('visits'),
    donations: await counter('donations'),
    donors: await counter('donors'),
    campaignVisits: campaign.visits,
    campaignLikes: campaign.likes,
    campaignDonations: campaign.donations.length,
  }
}

/** A campaign visit from `address`, repeated until it is answered 200 (a visit is counted once per address, so a retry cannot double it). */
export async function visitUntilAnswered(site: Site, slug: string, address: string, deadlineMs: number): Promise<number> {
  let attempts = 0
  for (;;) {
    attempts += 1
    const record = await site.request(`/api/public/campaigns/${slug}/visit`, { method: 'POST', from: address, token: '' })
    if (record.status === 200) return attempts
    if (Date.now() > deadlineMs) throw new Error(`La visita desde ${address} no fue atendida: ${record.status} ${JSON.stringify(record.body)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
