import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { todayInMexico } from '@donaciones/contracts'
import {
  activateAccount,
  configureSite,
  createAccount,
  json,
  startTestSite,
  wizardPayload,
  type Permission,
  type SiteEngine,
  type SiteClient,
  type SiteWithMail,
  type TestSite,
} from '../../../tests/support/site.ts'
import type { ProviderSim } from '../../../tools/provider-sim/index.ts'
import { enableDonataria as enableDonatariaOn } from '../../../tests/support/donataria.ts'

export { forEachEngine, json, type TestSite } from '../../../tests/support/site.ts'

/** The service reads these when it starts: set them before the platform starts. */
export function pointAtProviders(sim: ProviderSim | undefined, extra: Record<string, string> = {}): void {
  process.env.LOG_LEVEL = 'silent'
  process.env.DONATION_RECONCILE_INTERVAL_MS = '0'
  if (sim) {
    process.env.CONEKTA_API_URL = sim.conekta.baseUrl
    process.env.PAYPAL_API_URL = sim.paypal.baseUrl
    process.env.PAYPAL_WEBHOOK_ID = sim.paypal.webhookId
  } else {
    process.env.CONEKTA_API_URL = 'http://127.0.0.1:9'
    process.env.PAYPAL_API_URL = 'http://127.0.0.1:9'
  }
  for (const [name, value] of Object.entries(extra)) process.env[name] = value
}

/** A configured site: in this process (`TestSite`, the default) or any other (`SiteClient`). */
export interface DonationSite<Site extends SiteClient = TestSite> {
  site: Site
  adminToken: string
  categoryId: string
}

/** A configured site; with a simulator, its keys are the card/cash and wallet provider keys. */
export async function startDonationSite(sim?: ProviderSim, engine?: SiteEngine): Promise<DonationSite> {
  return configureDonationSite(await startTestSite({ engine }), sim)
}

/** Runs the wizard (with the simulator's keys when given) on a started site. */
export async function configureDonationSite<Site extends SiteWithMail>(site: Site, sim?: ProviderSim): Promise<DonationSite<Site>> {
  const overrides = sim
    ? {
        keys: {
          conekta: { client: sim.conekta.publicKey, secret: sim.conekta.privateKey },
          paypal: { client: sim.paypal.clientId, secret: sim.paypal.secret },
        },
      }
    : {}
  const response = await site.api('/api/init', { method: 'POST', json: await wizardPayload(site, overrides) })
  if (response.status !== 200) throw new Error(`Configuración fallida: ${response.status} ${await response.text()}`)
  const adminToken = (await json<{ token: string }>(response)).token
  const options = await json<Array<{ value: string; label: string }>>(await site.api('/api/options/categories', { token: adminToken }))
  const categoryId = options[0]?.value
  if (!categoryId) throw new Error('Sin categorías')
  sim?.setWebhookUrls({ conekta: `${site.url}/api/donations/webhooks/conekta`, paypal: `${site.url}/api/donations/webhooks/paypal` })
  return { site, adminToken, categoryId }
}

export { configureSite }

function mexicoToday(offsetDays = 0): string {
  return todayInMexico(Date.now() + offsetDays * 86_400_000)
}

/** A campaign through the admin API; `ended` publishes it long ago for one day, `startsInDays` schedules it. */
export async function createCampaign(
  donation: DonationSite<SiteClient>,
  options: { title?: string; gratitude?: string; ended?: boolean; startsInDays?: number; donorWall?: boolean } = {},
): Promise<{ id: string; slug: string; title: string }> {
  const { site, adminToken, categoryId } = donation
  const title = options.title ?? `Campaña ${randomUUID().slice(0, 8)}`
  const response = await site.api('/api/campaigns', {
    method: 'POST',
    token: adminToken,
    json: {
      title,
      description: 'Descripción breve',
      content: '<p>Contenido</p>',
      thumbnail: await site.upload(adminToken),
      categories: [categoryId],
      goal: 10_000,
      duration: options.ended ? 1 : 30,
      date: options.ended ? mexicoToday(-10) : options.startsInDays ? mexicoToday(options.startsInDays) : mexicoToday(-1),
      ...(options.gratitude ? { gratitude: options.gratitude } : {}),
      visibility: { counter: true, countdown: true, comments: true, ...(options.donorWall === undefined ? {} : { donorWall: options.donorWall }) },
    },
  })
  if (response.status !== 201) throw new Error(`Campaña no creada: ${response.status} ${await response.text()}`)
  const body = await json<{ _id: string; slug: string }>(response)
  return { id: body._id, slug: body.slug, title }
}

export async function deactivateCampaign(donation: DonationSite, id: string): Promise<void> {
  const response = await donation.site.api(`/api/campaigns/${id}`, {
    method: 'PUT',
    token: donation.adminToken,
    json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'Prueba' } },
  })
  if (response.status !== 200) throw new Error(`No desactivada: ${response.status} ${await response.text()}`)
}

/** Tokens: role 1 with the donation module's read permission, role 1 with campaigns only (not enough), and role 2. */
export async function restrictedTokens(donation: DonationSite) {
  const { site, adminToken } = donation
  const make = async (role: 1 | 2, permissions: Permission[]) => {
    const email = `cuenta-${randomUUID().slice(0, 8)}@fundacion.mx`
    const { provisional } = await createAccount(site, adminToken, { email, role, permissions })
    return activateAccount(site, email, provisional)
  }
  return {
    reader: await make(1, [{ module: 'donation', read: true, create: false, update: false }]),
    otherModule: await make(1, [{ module: 'campaign', read: true, create: true, update: true }]),
    user: await make(2, []),
  }
}

/** A card token from the simulator's tokenizer endpoint, as the browser script makes it. */
export async function cardToken(sim: ProviderSim, number: string): Promise<string> {
  const response = await fetch(`${sim.conekta.baseUrl}/tokens`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${sim.conekta.publicKey}`,
      accept: 'application/vnd.conekta-v2.2.0+json',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ card: { number, name: 'Ana Pérez', exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 2), cvc: '123' } }),
  })
  expect(response.status).toBe(200)
  return (await json<{ id: string }>(response)).id
}

/** Waits until `check` passes (bus consumers apply other services' projections asynchronously). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** Every secret a response must never carry. */
export function secretsOf(sim: ProviderSim | undefined): string[] {
  return ['smtp-secreto-123', 'key_conekta_privada_987', 'paypal-secreto-456', ...(sim ? [sim.conekta.privateKey, sim.paypal.secret] : [])]
}


/** Turns 'Donataria autorizada' on through the admin API (Configuración), the rest of the configuration as it is. */
export function enableDonataria(donation: DonationSite<SiteClient>, sim: ProviderSim): Promise<void> {
  return enableDonatariaOn(donation.site, donation.adminToken, sim)
}

/**
 * What a request that crashed after the charge leaves behind: a paid card order at Conekta, with
 * our metadata, and nothing recorded on our side. Returns the donation id the order names.
 */
export async function chargeWithoutRecording(sim: ProviderSim, order: { campaignId: string; amount: number; email: string; name?: string }): Promise<string> {
  const donationId = randomUUID()
  const response = await fetch(`${sim.conekta.baseUrl}/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.conekta.privateKey}`, accept: 'application/vnd.conekta-v2.2.0+json', 'content-type': 'application/json', 'idempotency-key': donationId },
    body: JSON.stringify({
      currency: 'MXN',
      customer_info: { name: order.name ?? 'Pedro Sol', email: order.email, phone: '5512345678' },
      line_items: [{ name: 'Donación', unit_price: order.amount * 100, quantity: 1 }],
      metadata: { donationId, campaignId: order.campaignId, userId: '', channel: 'conekta' },
      charges: [{ payment_method: { type: 'card', token_id: await cardToken(sim, '4242424242424242') } }],
    }),
  })
  expect(response.status).toBe(200)
  return donationId
}
