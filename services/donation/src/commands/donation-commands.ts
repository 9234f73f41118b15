import type { EventEnvelope } from '@donaciones/contracts'
import { handleCommandIn, retryingTransaction, type NewEvent } from '@donaciones/kit'
import type { DonationCommandContext } from './command-context.ts'
import { donorMailsFor } from './donor-mail.ts'
import { donationDecider, type Approval, type DonationCommand, type DonationEvent, type RequestedData } from './donation-decider.ts'
import { donationStream, type DonationState } from './donation-state.ts'

export type { DonationCommandContext } from './command-context.ts'
export { detailsEvent, failedEvent, type Approval, type ProviderDetails, type RequestedData } from './donation-decider.ts'

/**
 * Decides on the donation's stream and appends, queueing in the same transaction the donor mails
 * the events call for (a thank-you, OXXO instructions); a concurrent writer makes it re-read and
 * decide again, so an approval (or failure, or expiry) is recorded once whatever the retries.
 */
async function handle(
  context: DonationCommandContext,
  id: string,
  command: DonationCommand,
  history?: readonly EventEnvelope[],
): Promise<{ state: DonationState | null; events: EventEnvelope[] }> {
  const metadata = { actor: context.actor, correlationId: context.correlationId }
  // The stream the caller has just read saves the first attempt a read; a retry reads it afresh.
  let known = history
  const result = await retryingTransaction(
    context.store,
    async (tx) => {
      const options = known ? { metadata, history: known } : { metadata }
      known = undefined
      const handled = await handleCommandIn(context.store, tx, donationStream(id), donationDecider, command, options)
      for (const mail of donorMailsFor(handled.events)) await context.mail.enqueue(tx, mail)
      return handled
    },
    5,
  )
  if (donorMailsFor(result.events).length > 0) context.mail.kick()
  return result
}

/** What a transition of an existing donation gives back: its state after, and whether anything was appended. */
async function transition(context: DonationCommandContext, id: string, command: DonationCommand): Promise<{ state: DonationState; appended: boolean }> {
  const { state, events } = await handle(context, id, command)
  if (!state) throw new Error(`Donación desconocida ${id}`)
  return { state, appended: events.length > 0 }
}

/**
 * Records the request (and what comes with it); false when the donation already exists (a retried
 * request). `history`: the donation's stream as the caller has just read it, if it did.
 */
export async function startDonation(context: DonationCommandContext, requested: RequestedData, along: readonly NewEvent<DonationEvent>[] = [], history?: readonly EventEnvelope[]): Promise<boolean> {
  const { events } = await handle(context, requested.donationId, { kind: 'request', requested, along }, history)
  return events.length > 0
}

/** Approves once: the provider confirmed the payment (its truth wins over a local expiry or failure). */
export function approveDonation(context: DonationCommandContext, id: string, approval: Approval) {
  return transition(context, id, { kind: 'approve', donationId: id, approval, at: new Date().toISOString() })
}

export function failDonation(context: DonationCommandContext, id: string, error: { message: string; code?: string }) {
  return transition(context, id, { kind: 'fail', donationId: id, error, at: new Date().toISOString() })
}

export function expireDonation(context: DonationCommandContext, id: string) {
  return transition(context, id, { kind: 'expire', donationId: id, at: new Date().toISOString() })
}

/**
 * A paid provider order we may have no donation for (lost webhook, crash between charge and
 * record): records it whole, or approves the existing one. Returns the events appended (none: it
 * was already approved). `history`: the donation's stream as the caller has just read it, if it did.
 */
export async function recordPaidOrder(context: DonationCommandContext, requested: RequestedData, approval: Approval, history?: readonly EventEnvelope[]): Promise<EventEnvelope[]> {
  const { events } = await handle(context, requested.donationId, { kind: 'record-paid', requested, approval, at: new Date().toISOString() }, history)
  return events
}
