import { deductibleReceiptIssued, type EventDataOf } from '@donaciones/contracts'
import { conflict, isEvent, newEvent, type Decider } from '@donaciones/kit'

export type ReceiptIssue = EventDataOf<typeof deductibleReceiptIssued>

/** Whether the donation's deductible receipt was issued. */
export type ReceiptState = { issued: boolean }

export const alreadyIssued = () => conflict('Recibo ya emitido', 'El recibo deducible de esta donación ya se emitió y se envió al donador')

/** The rules of a donation's deductible receipt (`receipt-{donationId}`): issued once, never replaced. */
export const receiptDecider: Decider<ReceiptIssue, ReceiptState> = {
  initialState: { issued: false },
  evolve(state, event) {
    return isEvent(deductibleReceiptIssued, event) ? { issued: true } : state
  },
  decide(command, state) {
    if (state.issued) throw alreadyIssued()
    return [newEvent(deductibleReceiptIssued, command)]
  },
}

export const receiptStream = (donationId: string) => `receipt-${donationId}`
