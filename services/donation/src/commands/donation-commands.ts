import {
  donationApproved,
  donationExpired,
  donationFailed,
  donationProviderDetailsRecorded,
  donationRequested,
  type EventDataOf,
} from '@donaciones/contracts'
import { ConcurrencyError, newEvent, type AppendOptions, type EventStore, type MailQueue, type NewEvent } from '@donaciones/kit'
import { donorMailsFor } from './donor-mail.ts'
import { donationStream, loadDonation, type DonationState } from './donation-state.ts'

export interface DonationCommandContext {
  store: EventStore
  /** The service's mail outbox: donor mails are queued with the events they answer. */
  mail: MailQueue
  /** The request id (or the job's run id). */
  correlationId: string
  actor: string | null
}

export type RequestedData = EventDataOf<typeof donationRequested>
export type ProviderDetails = Omit<EventDataOf<typeof donationProviderDetailsRecorded>, 'donationId'>

function metadata(command: DonationCommandContext) {
  return { actor: command.actor, correlationId: command.correlationId }
}

/** Appends, and queues in the same transaction the donor mails the events call for (a thank-you, OXXO instructions). */
async function appendWithDonorMail(command: DonationCommandContext, stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<void> {
  const mails = donorMailsFor(events)
  if (mails.length === 0) {
    await command.store.append(stream, events, options)
    return
  }
  await command.store.transaction(async (tx) => {
    await command.store.appendIn(tx, stream, events, options)
    for (const mail of mails) await command.mail.enqueue(tx, mail)
  })
  command.mail.kick()
}

/** Records the request (and what comes with it); false when the donation already exists (a retried request). */
export async function startDonation(command: DonationCommandContext, requested: RequestedData, extra: readonly NewEvent[] = []): Promise<boolean> {
  try {
    await appendWithDonorMail(command, donationStream(requested.donationId), [newEvent(donationRequested, requested), ...extra], {
      expectedVersion: 0,
      metadata: metadata(command),
    })
    return true
  } catch (error) {
    if (error instanceof ConcurrencyError) return false
    throw error
  }
}

export function detailsEvent(donationId: string, details: ProviderDetails): NewEvent {
  return newEvent(donationProviderDetailsRecorded, { donationId, ...details })
}

/**
 * Appends to a donation's stream after checking its state; a concurrent writer makes it re-read
 * and decide again, so an approval (or failure, or expiry) is recorded once whatever the retries.
 */
async function transition(
  command: DonationCommandContext,
  id: string,
  decide: (state: DonationState) => NewEvent[] | undefined,
): Promise<{ state: DonationState; appended: boolean }> {
  for (let attempt = 0; ; attempt++) {
    const state = await loadDonation(command.store, id)
    if (!state) throw new Error(`Donación desconocida ${id}`)
    const events = decide(state)
    if (!events || events.length === 0) return { state, appended: false }
    try {
      await appendWithDonorMail(command, donationStream(id), events, { expectedVersion: state.version, metadata: metadata(command) })
      const updated = await loadDonation(command.store, id)
      return { state: updated ?? state, appended: true }
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= 5) throw error
    }
  }
}

export interface Approval {
  fee: number
  details?: ProviderDetails
  /** The donor as the provider knows them (PayPal's payer), when we had none. */
  donor?: { email: string; name: string }
}

/** Approves once: the provider confirmed the payment (its truth wins over a local expiry or failure). */
export function approveDonation(command: DonationCommandContext, id: string, approval: Approval) {
  return transition(command, id, (state) => {
    if (state.status === 'approved') return undefined
    const donor = state.donor.email || !approval.donor ? state.donor : approval.donor
    return [
      ...(approval.details ? [detailsEvent(id, approval.details)] : []),
      newEvent(donationApproved, {
        donationId: id,
        campaignId: state.campaignId,
        amount: state.amount,
        fee: approval.fee,
        currency: 'MXN',
        type: state.channel,
        donor,
        userId: state.userId,
        approvedAt: new Date().toISOString(),
      }),
    ]
  })
}

export function failDonation(command: DonationCommandContext, id: string, error: { message: string; code?: string }) {
  return transition(command, id, (state) => {
    if (state.status !== 'pending') return undefined
    return [
      newEvent(donationFailed, {
        donationId: id,
        campaignId: state.campaignId,
        amount: state.amount,
        currency: 'MXN',
        type: state.channel,
        donor: state.donor,
        userId: state.userId,
        error: { message: error.message, ...(error.code ? { code: error.code } : {}) },
        failedAt: new Date().toISOString(),
      }),
    ]
  })
}

export function expireDonation(command: DonationCommandContext, id: string) {
  return transition(command, id, (state) => {
    if (state.status !== 'pending') return undefined
    return [newEvent(donationExpired, { donationId: id, campaignId: state.campaignId, expiredAt: new Date().toISOString() })]
  })
}

/**
 * A paid provider order we may have no donation for (lost webhook, crash between charge and
 * record): records it whole, or approves the existing one. Returns whether anything was appended.
 */
export async function recordPaidOrder(command: DonationCommandContext, requested: RequestedData, approval: Approval): Promise<boolean> {
  const created = await startDonation(command, requested, [
    ...(approval.details ? [detailsEvent(requested.donationId, approval.details)] : []),
    newEvent(donationApproved, {
      donationId: requested.donationId,
      campaignId: requested.campaignId,
      amount: requested.amount,
      fee: approval.fee,
      currency: 'MXN',
      type: requested.type,
      donor: requested.donor,
      userId: requested.userId,
      approvedAt: new Date().toISOString(),
    }),
  ])
  if (created) return true
  return (await approveDonation(command, requested.donationId, approval)).appended
}

/** The failure of a donation recorded in the same append as its request (a declined card). */
export function failedEvent(requested: RequestedData, error: { message: string; code?: string | undefined }): NewEvent {
  return newEvent(donationFailed, {
    donationId: requested.donationId,
    campaignId: requested.campaignId,
    amount: requested.amount,
    currency: 'MXN',
    type: requested.type,
    donor: requested.donor,
    userId: requested.userId,
    error: { message: error.message, ...(error.code ? { code: error.code } : {}) },
    failedAt: new Date().toISOString(),
  })
}
