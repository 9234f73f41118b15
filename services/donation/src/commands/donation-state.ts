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
import { isEvent, type EventStore } from '@donaciones/kit'

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
    if (isEvent(donationRequested, event)) {
      const { data } = event
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
    if (isEvent(cashVoucherIssued, event)) {
      state.providerOrderId = event.data.providerOrderId
      state.expiresAt = event.data.expiresAt
    } else if (isEvent(donationApproved, event)) {
      state.status = 'approved'
      state.donor = event.data.donor
    } else if (isEvent(donationFailed, event)) {
      state.status = 'failed'
      state.errorMessage = event.data.error.message
    } else if (isEvent(donationExpired, event)) {
      state.status = 'expired'
    }
  }
  return state
}

export async function loadDonation(store: EventStore, id: string): Promise<DonationState | undefined> {
  return foldDonation(await store.readStream(donationStream(id)))
}
