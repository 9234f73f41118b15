import type { donationRequested, EventDataOf, PaymentChannel } from '@donaciones/contracts'

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
