import type { donationRequested, EventDataOf, EventEnvelope, PaymentChannel } from '@donaciones/contracts'
import { foldEvents, type EventStore } from '@donaciones/kit'
import { donationDecider } from './donation-decider.ts'

export type DonationStatus = 'pending' | 'approved' | 'failed' | 'expired'

/** The donation aggregate folded from its stream `donation-<id>`. */
export interface DonationState {
  version: number
  id: string
  status: DonationStatus
  channel: PaymentChannel
  campaignId: string
  amount: number
  donor: { email: string; name: string }
  userId: string | null
  providerOrderId: string | null
  expiresAt: string | null
  errorMessage: string | null
  /** The provider's code of the failure (a declined card's), when it gave one. */
  errorCode: string | null
  requested: EventDataOf<typeof donationRequested>
}

export function donationStream(id: string): string {
  return `donation-${id}`
}

/** The donation as its stream tells it (see donation-decider.ts); undefined when it was never requested. */
export function foldDonation(events: readonly EventEnvelope[]): DonationState | undefined {
  return foldEvents(donationDecider, events) ?? undefined
}

export async function loadDonation(store: EventStore, id: string): Promise<DonationState | undefined> {
  return foldDonation(await store.readStream(donationStream(id)))
}
