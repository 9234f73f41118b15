import {
  cashVoucherIssued,
  donationApproved,
  donationExpired,
  donationFailed,
  donationProviderDetailsRecorded,
  donationRequested,
  type EventDataOf,
} from '@donaciones/contracts'
import { newEvent, type Decider, type NewEvent, type StreamEvent } from '@donaciones/kit'
import type { DonationState } from './donation-state.ts'
import { carriedWallChoice } from './donor-wall-choice.ts'

export type RequestedData = EventDataOf<typeof donationRequested>

/** The events of a donation's stream. */
export type DonationEvent =
  | typeof donationRequested
  | typeof donationProviderDetailsRecorded
  | typeof cashVoucherIssued
  | typeof donationApproved
  | typeof donationFailed
  | typeof donationExpired
type DecidedEvent = NewEvent<DonationEvent>
export type ProviderDetails = Omit<EventDataOf<typeof donationProviderDetailsRecorded>, 'donationId'>

export interface Approval {
  fee: number
  details?: ProviderDetails
  /** The donor as the provider knows them (PayPal's payer), when we had none. */
  donor?: { email: string; name: string }
}

/**
 * What may happen to a donation. The provider was asked before (never from inside a decision, so
 * a retried decision never calls it twice): the command carries its answer and the time.
 */
export type DonationCommand =
  /** The request and what the provider answered with it (a decline, a voucher, its details); a retried request adds nothing. */
  | { kind: 'request'; requested: RequestedData; along: readonly DecidedEvent[] }
  /** The provider confirmed the payment: its truth wins over a local expiry or failure. */
  | { kind: 'approve'; donationId: string; approval: Approval; at: string }
  /** A paid provider order we may have no donation for (lost webhook, crash between charge and record). */
  | { kind: 'record-paid'; requested: RequestedData; approval: Approval; at: string }
  | { kind: 'fail'; donationId: string; error: { message: string; code?: string | undefined }; at: string }
  | { kind: 'expire'; donationId: string; at: string }

export function detailsEvent(donationId: string, details: ProviderDetails): DecidedEvent {
  return newEvent(donationProviderDetailsRecorded, { donationId, ...details })
}

/** The failure of a donation recorded in the same append as its request (a declined card). */
export function failedEvent(requested: RequestedData, error: { message: string; code?: string | undefined }, at = new Date().toISOString()): DecidedEvent {
  return newEvent(donationFailed, {
    donationId: requested.donationId,
    campaignId: requested.campaignId,
    amount: requested.amount,
    currency: 'MXN',
    type: requested.type,
    donor: requested.donor,
    userId: requested.userId,
    error: { message: error.message, ...(error.code ? { code: error.code } : {}) },
    failedAt: at,
    ...(requested.monthly ? { monthly: requested.monthly } : {}),
  })
}

function approvedEvents(requested: RequestedData, donor: RequestedData['donor'], approval: Approval, at: string): DecidedEvent[] {
  return [
    ...(approval.details ? [detailsEvent(requested.donationId, approval.details)] : []),
    newEvent(donationApproved, {
      donationId: requested.donationId,
      campaignId: requested.campaignId,
      amount: requested.amount,
      fee: approval.fee,
      currency: 'MXN',
      type: requested.type,
      donor,
      userId: requested.userId,
      approvedAt: at,
      ...carriedWallChoice(requested),
      ...(requested.monthly ? { monthly: requested.monthly } : {}),
    }),
  ]
}

function evolve(state: DonationState | null, event: StreamEvent<DonationEvent>): DonationState | null {
  if (event.type === donationRequested.type) {
    const { data } = event
    return {
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
      errorCode: null,
      requested: data,
    }
  }
  if (!state) return state
  const next = { ...state, version: event.version }
  switch (event.type) {
    case cashVoucherIssued.type:
      return { ...next, providerOrderId: event.data.providerOrderId, expiresAt: event.data.expiresAt }
    case donationApproved.type:
      return { ...next, status: 'approved', donor: event.data.donor }
    case donationFailed.type:
      return { ...next, status: 'failed', errorMessage: event.data.error.message, errorCode: event.data.error.code ?? null }
    case donationExpired.type:
      return { ...next, status: 'expired' }
    case donationProviderDetailsRecorded.type:
      return next
  }
}

function approve(state: DonationState, approval: Approval, at: string): DecidedEvent[] {
  if (state.status === 'approved') return []
  const donor = state.donor.email || !approval.donor ? state.donor : approval.donor
  return approvedEvents(state.requested, donor, approval, at)
}

function existing(state: DonationState | null, id: string): DonationState {
  if (!state) throw new Error(`Donación desconocida ${id}`)
  return state
}

function decide(command: DonationCommand, state: DonationState | null): readonly DecidedEvent[] {
  switch (command.kind) {
    case 'request':
      return state ? [] : [newEvent(donationRequested, command.requested), ...command.along]
    case 'record-paid':
      return state
        ? approve(state, command.approval, command.at)
        : [newEvent(donationRequested, command.requested), ...approvedEvents(command.requested, command.requested.donor, command.approval, command.at)]
    case 'approve':
      return approve(existing(state, command.donationId), command.approval, command.at)
    case 'fail': {
      const donation = existing(state, command.donationId)
      return donation.status === 'pending' ? [failedEvent(donation.requested, command.error, command.at)] : []
    }
    case 'expire': {
      const donation = existing(state, command.donationId)
      return donation.status === 'pending' ? [newEvent(donationExpired, { donationId: donation.id, campaignId: donation.campaignId, expiredAt: command.at })] : []
    }
  }
}

/** The rules of one donation's stream (`donation-{id}`): each outcome is recorded once, whatever the retries. */
export const donationDecider: Decider<DonationCommand, DonationState | null, DonationEvent> = {
  events: [donationRequested, donationProviderDetailsRecorded, cashVoucherIssued, donationApproved, donationFailed, donationExpired],
  initialState: null,
  evolve,
  decide,
}
