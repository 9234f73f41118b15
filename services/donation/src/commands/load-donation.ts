import type { EventEnvelope } from '@donaciones/contracts'
import { foldEvents, type EventStore } from '@donaciones/kit'
import { donationDecider } from './donation-decider.ts'
import { donationStream, type DonationState } from './donation-state.ts'

/** The donation as its stream tells it (see donation-decider.ts); undefined when it was never requested. */
export function foldDonation(events: readonly EventEnvelope[]): DonationState | undefined {
  return foldEvents(donationDecider, events) ?? undefined
}

export async function loadDonation(store: EventStore, id: string): Promise<DonationState | undefined> {
  return foldDonation(await store.readStream(donationStream(id)))
}
