import { describe, it } from 'vitest'
import { deductibleReceiptIssued } from '@donaciones/contracts'
import { newEvent } from '@donaciones/kit'
import { deciderSpec } from '@donaciones/kit/testing'
import { alreadyIssued, receiptDecider, type ReceiptIssue } from './receipt-decider.ts'

const donationId = '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f'
const issue: ReceiptIssue = { donationId, folio: 42, uuid: 'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE', total: 500, issuedAt: '2026-12-02T18:00:00.000Z' }
const spec = deciderSpec(receiptDecider)

describe('the deductible receipt decider', () => {
  it('issues the receipt of a donation', () => {
    spec.given([]).when(issue).then([newEvent(deductibleReceiptIssued, issue)])
    const { uuid: _uuid, ...withoutStamp } = issue
    spec.given([]).when({ ...withoutStamp, folio: null }).then([newEvent(deductibleReceiptIssued, { ...withoutStamp, folio: null })])
  })

  it('answers 409 Recibo ya emitido once issued: a receipt is never replaced', () => {
    spec.given([newEvent(deductibleReceiptIssued, issue)]).when({ ...issue, total: 600 }).thenThrows(alreadyIssued())
  })
})
