import { deductibleReceiptIssued, type EventDataOf } from '@donaciones/contracts'
import { newEvent, refuse, type Decider } from '@donaciones/kit'

export type ReceiptIssue = EventDataOf<typeof deductibleReceiptIssued>

/** Whether the donation's deductible receipt was issued. */
export type ReceiptState = { issued: boolean }

export const alreadyIssued = () => refuse.alreadyExists('Recibo ya emitido', 'El recibo deducible de esta donación ya se emitió y se envió al donador')

/** The rules of a donation's deductible receipt (`receipt-{donationId}`): issued once, never replaced. */
export const receiptDecider: Decider<ReceiptIssue, ReceiptState, typeof deductibleReceiptIssued> = {
  events: [deductibleReceiptIssued],
  initialState: { issued: false },
  evolve(_state, event) {
    switch (event.type) {
      case deductibleReceiptIssued.type:
        return { issued: true }
    }
  },
  decide(command, state) {
    if (state.issued) throw alreadyIssued()
    return [newEvent(deductibleReceiptIssued, command)]
  },
}

export const receiptStream = (donationId: string) => `receipt-${donationId}`
