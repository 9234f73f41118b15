import { tokenizeCard } from '../../support/card-payments.ts'
import { enableDonataria } from '../../support/donataria.ts'
import type { BrowserSite } from './browser-site.ts'
import { createActiveAccountToken } from './accounts.ts'

/** The records `seedRecords` leaves on a configured site, by the names the screens show. */
export const SEEDED = {
  campaign: 'Útiles para todos',
  cardDonor: 'Ana Tarjeta',
  oxxoDonor: 'Diego',
  paypalDonor: 'Eva',
  member: 'lucia.ramirez@example.com',
  restrictedAdmin: 'rosa.mendez@example.com',
  receiptRfc: 'PEGA800101AB8',
} as const

async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${await response.text()}`)
}

export interface SeededRecords {
  campaignId: string
  slug: string
  /** The role 2 member's session. */
  memberToken: string
  /** The role 1 administrator's session (campaigns only). */
  restrictedToken: string
}

/**
 * So that no dashboard list is empty and every record screen has something to show: a campaign
 * (the wizard's category 'Salud' and institution 'Hospital Aliado' exist already), one donation
 * per channel (the card one with a deductible-receipt request, so 'Donataria autorizada' is
 * turned on), a role 2 member and a role 1 administrator who may manage campaigns.
 */
export async function seedRecords(site: BrowserSite, adminToken: string): Promise<SeededRecords> {
  const categories = (await (await site.api('/api/options/categories', { token: adminToken })).json()) as { value: string }[]
  const today = new Date(Date.now() - 6 * 3600 * 1000).toISOString().slice(0, 10)
  const created = await site.api('/api/campaigns', {
    method: 'POST',
    token: adminToken,
    json: {
      title: SEEDED.campaign,
      subtitle: 'Regreso a clases',
      description: 'Mochilas y útiles escolares para cien niñas y niños.',
      goal: 10_000,
      duration: 30,
      date: today,
      thumbnail: await site.upload(adminToken),
      categories: categories.slice(0, 1).map((category) => category.value),
      institution: null,
      content: '<p>Con su ayuda compraremos <strong>útiles escolares</strong>.</p>',
      gratitude: '¡Gracias por sumarse!',
      visibility: { counter: true, countdown: true, comments: true },
    },
  })
  await expectStatus(created, 201, 'Campaña')
  const { _id: campaignId, slug } = (await created.json()) as { _id: string; slug: string }
  await enableDonataria(site, adminToken, site.sim)

  const card = await site.api('/api/donations/conekta', {
    method: 'POST',
    json: {
      token: await tokenizeCard(site.sim),
      name: SEEDED.cardDonor,
      amount: 100,
      campaign: campaignId,
      email: 'ana.tarjeta.con.un.correo.largo@correo.mx',
      phone: '5511112222',
      user: null,
      receipt: { rfc: SEEDED.receiptRfc, name: 'Ana Pérez García', taxRegime: '605', postalCode: '06600', email: 'facturas.ana@correo.mx' },
    },
  })
  await expectStatus(card, 200, 'Donación con tarjeta')
  const voucher = await site.api('/api/donations/oxxopay/request', {
    method: 'POST',
    json: { name: SEEDED.oxxoDonor, lastName: 'Efectivo', email: 'diego@correo.mx', phone: '5533334444', campaign: campaignId, amount: 300, user: null },
  })
  await expectStatus(voucher, 200, 'Ficha OXXO')
  const order = await site.api('/api/donations/paypal/order', { method: 'POST', json: { campaign: campaignId, amount: 500, user: null } })
  const { orderID } = (await order.json()) as { orderID: string }
  await site.sim.approvePaypal(orderID, { name: `${SEEDED.paypalDonor} Torres`, email: 'eva@correo.mx' })
  await expectStatus(await site.api('/api/donations/paypal', { method: 'POST', json: { campaign: campaignId, orderID, user: null } }), 200, 'Donación con PayPal')

  const memberToken = await createActiveAccountToken(site, adminToken, { name: 'Lucía', lastName: 'Ramírez', email: SEEDED.member, role: 2, permissions: [] }, 'Nueva#Clave2026')
  const campaignGrant = { module: 'campaign', read: true, create: true, update: true, delete: false }
  const restrictedToken = await createActiveAccountToken(site, adminToken, { name: 'Rosa', lastName: 'Méndez', email: SEEDED.restrictedAdmin, role: 1, permissions: [campaignGrant] }, 'Restringido#2026')
  return { campaignId, slug, memberToken, restrictedToken }
}
