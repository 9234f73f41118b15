import {
  cashVoucherIssued,
  donationApproved,
  donationExpired,
  donationFailed,
  donationRequested,
  type EventDataOf,
  type EventEnvelope,
  type PaymentChannel,
} from '@donaciones/contracts'
import type { EventStore } from '@donaciones/kit'

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
  requested: EventDataOf<typeof donationRequested>
}

export function donationStream(id: string): string {
  return `donation-${id}`
}

export function foldDonation(events: readonly EventEnvelope[]): DonationState | undefined {
  let state: DonationState | undefined
  for (const event of events) {
    if (event.type === donationRequested.type) {
      const data = donationRequested.schema.parse(event.data)
      state = {
        version: event.version,
        id: data.donationId,
        status: 'pending',
        channel: data.type,
        campaignId: data.campaignId,
        amount: data.amount,
        donor: data.donor,
        userId: data.userId,
        providerOrderId: data.providerOrderId,
        expiresAt: null,
        errorMessage: null,
        requested: data,
      }
      continue
    }
    if (!state) continue
    state.version = event.version
    if (event.type === cashVoucherIssued.type) {
      const data = cashVoucherIssued.schema.parse(event.data)
      state.providerOrderId = data.providerOrderId
      state.expiresAt = data.expiresAt
    } else if (event.type === donationApproved.type) {
      const data = donationApproved.schema.parse(event.data)
      state.status = 'approved'
      state.donor = data.donor
    } else if (event.type === donationFailed.type) {
      state.status = 'failed'
      state.errorMessage = donationFailed.schema.parse(event.data).error.message
    } else if (event.type === donationExpired.type) {
      state.status = 'expired'
    }
  }
  return state
}

export async function loadDonation(store: EventStore, id: string): Promise<DonationState | undefined> {
  return foldDonation(await store.readStream(donationStream(id)))
}
