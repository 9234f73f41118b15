import {
  monthlyDonationCancelled,
  monthlyDonationCardUpdated,
  monthlyDonationStarted,
  monthlyDonationSuspended,
  type EventDataOf,
  type MonthlyDonationStatus,
} from '@donaciones/contracts'
import { foldEvents, newEvent, type Decider, type EventStore, type NewEvent, type StreamEvent } from '@donaciones/kit'

export type MonthlyStarted = EventDataOf<typeof monthlyDonationStarted>
export type CardOnFile = MonthlyStarted['card']

/** A monthly donation folded from its stream `monthly-<subscriptionId>`. */
export interface MonthlyState {
  version: number
  status: MonthlyDonationStatus
  started: MonthlyStarted
  card: CardOnFile
  /** The stream's version when it was suspended: a card link is good for that suspension only. */
  suspendedAt: number | null
}

/**
 * What may happen to a monthly donation. Its months are donations of their own (donation-decider);
 * this stream only keeps the subscription's life: started, suspended, a new card, cancelled.
 */
export type MonthlyCommand =
  | { kind: 'start'; started: MonthlyStarted }
  | { kind: 'suspend'; reason: string; at: string }
  | { kind: 'card'; card: CardOnFile; at: string }
  | { kind: 'cancel'; by: 'donor' | 'provider'; at: string }

export function monthlyStream(subscriptionId: string): string {
  return `monthly-${subscriptionId}`
}

type MonthlyEvent = typeof monthlyDonationStarted | typeof monthlyDonationSuspended | typeof monthlyDonationCardUpdated | typeof monthlyDonationCancelled

function evolve(state: MonthlyState | null, event: StreamEvent<MonthlyEvent>): MonthlyState | null {
  if (event.type === monthlyDonationStarted.type) return { version: event.version, status: 'active', started: event.data, card: event.data.card, suspendedAt: null }
  if (!state) return state
  const next = { ...state, version: event.version }
  switch (event.type) {
    case monthlyDonationSuspended.type:
      return { ...next, status: 'suspended', suspendedAt: event.version }
    case monthlyDonationCardUpdated.type:
      return { ...next, status: state.status === 'cancelled' ? 'cancelled' : 'active', card: event.data.card, suspendedAt: null }
    case monthlyDonationCancelled.type:
      return { ...next, status: 'cancelled' }
  }
}

function decide(command: MonthlyCommand, state: MonthlyState | null): readonly NewEvent<MonthlyEvent>[] {
  if (command.kind === 'start') return state ? [] : [newEvent(monthlyDonationStarted, command.started)]
  if (!state) throw new Error('Donación mensual desconocida')
  const ids = { subscriptionId: state.started.subscriptionId, campaignId: state.started.campaignId }
  switch (command.kind) {
    case 'suspend':
      return state.status === 'active' ? [newEvent(monthlyDonationSuspended, { ...ids, reason: command.reason, suspendedAt: command.at })] : []
    case 'card':
      return state.status === 'cancelled' ? [] : [newEvent(monthlyDonationCardUpdated, { ...ids, card: command.card, updatedAt: command.at })]
    case 'cancel':
      return state.status === 'cancelled' ? [] : [newEvent(monthlyDonationCancelled, { ...ids, by: command.by, cancelledAt: command.at })]
  }
}

/** Each change of a monthly donation is recorded once, whatever the retries and repeated webhooks. */
export const monthlyDecider: Decider<MonthlyCommand, MonthlyState | null, MonthlyEvent> = {
  events: [monthlyDonationStarted, monthlyDonationSuspended, monthlyDonationCardUpdated, monthlyDonationCancelled],
  initialState: null,
  evolve,
  decide,
}

export async function loadMonthly(store: EventStore, subscriptionId: string): Promise<MonthlyState | null> {
  return foldEvents(monthlyDecider, await store.readStream(monthlyStream(subscriptionId)))
}
