import type { ProviderSim } from '../../tools/provider-sim/index.ts'

/** A card token from the simulator, as conekta.js would give the browser (a card that is approved). */
export async function tokenizeCard(sim: ProviderSim): Promise<string> {
  const response = await fetch(`${sim.conekta.baseUrl}/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.conekta.publicKey}`, accept: 'application/vnd.conekta-v2.1.0+json', 'content-type': 'application/json' },
    body: JSON.stringify({ card: { number: '4242424242424242', name: 'Donante Prueba', exp_month: '12', exp_year: '2035', cvc: '123' } }),
  })
  if (!response.ok) throw new Error(`Tokenización fallida: ${response.status}`)
  return ((await response.json()) as { id: string }).id
}

/** The request of one card donation from a donor and client address of its own, so no attempt limit applies. */
export function cardDonationRequest(donor: { index: number; name: string; email: string }, cardToken: string, campaignId: string, amount: number): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.${Math.floor(donor.index / 250)}.${donor.index % 250}` },
    body: JSON.stringify({ token: cardToken, name: donor.name, amount, campaign: campaignId, email: donor.email, phone: '5512345678' }),
  }
}
