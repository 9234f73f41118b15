import { randomUUID } from 'node:crypto'
import type { Platform } from './platform.ts'
import type { BenchOptions } from './types.ts'

export const concurrentDonors = 50

export interface DonationResult {
  donors: number
  seconds: number
  /** Donations the platform answered as approved. */
  approved: number
  failed: number
  donationsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Paid card orders in the simulator. */
  paidOrders: number
  /** Approved card donations the platform lists. */
  recorded: number
  /** Paid orders without a donation, or with more than one. */
  lost: number
  doubled: number
  /** Approved donations whose order the simulator does not have as paid. */
  withoutOrder: number
  exact: boolean
}

const conektaHeaders = (key: string) => ({ authorization: `Bearer ${key}`, accept: 'application/vnd.conekta-v2.1.0+json', 'content-type': 'application/json' })

async function cardToken(platform: Platform, donor: number): Promise<string> {
  const response = await fetch(`${platform.sim.conekta.baseUrl}/tokens`, {
    method: 'POST',
    headers: conektaHeaders(platform.sim.conekta.publicKey),
    body: JSON.stringify({ card: { number: '4242424242424242', name: `Donante ${donor}`, exp_month: '12', exp_year: '2031', cvc: '123' } }),
  })
  if (!response.ok) throw new Error(`El simulador no tokenizó la tarjeta: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { id: string }).id
}

/** One donor as the donation card does it: tokenize the card at the provider, then donate with an Idempotency-Key. */
async function donate(platform: Platform, donor: number): Promise<boolean> {
  const token = await cardToken(platform, donor)
  const response = await fetch(`${platform.url}/api/donations/conekta`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      // Each donor from an address and with an e-mail of its own: the card-testing limits count per address and e-mail.
      'x-forwarded-for': `10.${(donor >> 16) & 255}.${(donor >> 8) & 255}.${donor & 255}`,
    },
    body: JSON.stringify({ token, name: 'Donante Prueba', amount: 100, campaign: platform.campaign.id, email: `donante${donor}@ejemplo.mx`, phone: '5512345678' }),
  })
  await response.arrayBuffer()
  return response.ok
}

interface SimOrder {
  id: string
  payment_status: string
  metadata?: Record<string, unknown>
}

async function paidOrders(platform: Platform): Promise<SimOrder[]> {
  const orders: SimOrder[] = []
  let next: string | undefined
  for (;;) {
    const url = `${platform.sim.conekta.baseUrl}/orders?payment_status=paid&limit=250${next ? `&next=${next}` : ''}`
    const response = await fetch(url, { headers: conektaHeaders(platform.sim.conekta.privateKey) })
    if (!response.ok) throw new Error(`El simulador no listó las órdenes: ${response.status}`)
    const page = (await response.json()) as { has_more: boolean; data: SimOrder[] }
    orders.push(...page.data)
    if (!page.has_more || page.data.length === 0) return orders
    next = page.data.at(-1)?.id
  }
}

interface ListedDonation {
  _id: string
  approved: boolean
  providerOrderId: string | null
}

async function recordedDonations(platform: Platform): Promise<ListedDonation[]> {
  const donations: ListedDonation[] = []
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${platform.url}/api/donations/conekta/card?page=${page}`, { headers: { authorization: `Bearer ${platform.adminToken}` } })
    if (!response.ok) throw new Error(`No se pudieron listar las donaciones: ${response.status} ${await response.text()}`)
    const { docs, totalDocs } = (await response.json()) as { docs: ListedDonation[]; totalDocs: number }
    donations.push(...docs)
    if (docs.length === 0 || donations.length >= totalDocs) return donations
  }
}

function percentile(sorted: number[], share: number): number {
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] as number)
}

/**
 * Card donations end to end against the simulator, 50 donors at a time; then every paid order in
 * the simulator must have exactly one approved donation in the platform, and the reverse.
 */
export async function benchDonations(platform: Platform, options: BenchOptions): Promise<DonationResult> {
  const seconds = options.quick ? 4 : 20
  const latencies: number[] = []
  let approved = 0
  let failed = 0
  let nextDonor = 0
  const started = performance.now()
  const deadline = started + seconds * 1000
  await options.measure('donaciones', () =>
    Promise.all(
    Array.from({ length: concurrentDonors }, async () => {
      while (performance.now() < deadline) {
        nextDonor += 1
        const begin = performance.now()
        const ok = await donate(platform, nextDonor).catch(() => false)
        latencies.push(performance.now() - begin)
        if (ok) approved += 1
        else failed += 1
      }
    }),
    ),
  )
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)

  const orders = await paidOrders(platform)
  const donations = (await recordedDonations(platform)).filter((donation) => donation.approved)
  const perOrder = new Map<string, number>()
  for (const donation of donations) if (donation.providerOrderId) perOrder.set(donation.providerOrderId, (perOrder.get(donation.providerOrderId) ?? 0) + 1)
  const lost = orders.filter((order) => !perOrder.has(order.id)).length
  const doubled = [...perOrder.values()].filter((count) => count > 1).length
  const orderIds = new Set(orders.map((order) => order.id))
  const withoutOrder = donations.filter((donation) => !donation.providerOrderId || !orderIds.has(donation.providerOrderId)).length
  const result: DonationResult = {
    donors: concurrentDonors,
    seconds: elapsed,
    approved,
    failed,
    donationsPerSecond: approved / elapsed,
    p50Ms: Math.round(percentile(latencies, 0.5)),
    p99Ms: Math.round(percentile(latencies, 0.99)),
    paidOrders: orders.length,
    recorded: donations.length,
    lost,
    doubled,
    withoutOrder,
    exact: lost === 0 && doubled === 0 && withoutOrder === 0 && orders.length === approved && donations.length === approved,
  }
  options.log(`  donaciones: ${result.donationsPerSecond.toFixed(0)}/s, ${orders.length} órdenes pagadas, ${donations.length} donaciones aprobadas (${result.exact ? 'OK' : 'MISMATCH'})`)
  return result
}
