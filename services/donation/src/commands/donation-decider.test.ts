import { describe, expect, it } from 'vitest'
import { cashVoucherIssued, donationApproved, donationExpired, donationFailed, donationRequested } from '@donaciones/contracts'
import { newEvent } from '@donaciones/kit'
import { deciderSpec } from '@donaciones/kit/testing'
import { detailsEvent, donationDecider, failedEvent, type Approval, type RequestedData } from './donation-decider.ts'

const donationId = '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b'
const campaignId = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d'
const at = '2026-11-25T21:00:00.000Z'
const donor = { email: 'ana@correo.mx', name: 'Ana López' }

function requestedData(changes: Partial<RequestedData> = {}): RequestedData {
  return {
    donationId,
    campaignId,
    amount: 150,
    currency: 'MXN',
    type: 'conekta',
    donor,
    userId: null,
    providerOrderId: 'ord_1',
    requestedAt: '2026-11-25T20:59:00.000Z',
    ...changes,
  }
}

const requested = newEvent(donationRequested, requestedData())
const details = { providerOrderId: 'ord_1', conekta: { customer_info: { ...donor, phone: '5512345678' } } }
const approval: Approval = { fee: 7.5, details }
const approved = (who = donor) =>
  newEvent(donationApproved, { donationId, campaignId, amount: 150, fee: 7.5, currency: 'MXN', type: 'conekta', donor: who, userId: null, approvedAt: at })
const declined = failedEvent(requestedData(), { message: 'Esta tarjeta fue declinada.', code: 'card_declined' }, at)
const expired = newEvent(donationExpired, { donationId, campaignId, expiredAt: at })
const voucher = newEvent(cashVoucherIssued, { donationId, campaignId, providerOrderId: 'ord_1', reference: '123456', barcodeUrl: 'https://example.com/b.png', expiresAt: at })

const spec = deciderSpec(donationDecider)
const unknown = new Error(`Donación desconocida ${donationId}`)

describe('the donation decider: requests', () => {
  it('records a request with what the provider answered along with it', () => {
    spec.given([]).when({ kind: 'request', requested: requestedData(), along: [] }).then([requested])
    spec.given([]).when({ kind: 'request', requested: requestedData(), along: [declined] }).then([requested, declined])
    spec.given([]).when({ kind: 'request', requested: requestedData({ type: 'oxxo' }), along: [voucher, detailsEvent(donationId, details)] }).then([
      newEvent(donationRequested, requestedData({ type: 'oxxo' })),
      voucher,
      detailsEvent(donationId, details),
    ])
  })

  it('adds nothing for a request already recorded (a retried request)', () => {
    spec.given([requested]).when({ kind: 'request', requested: requestedData(), along: [declined] }).then([])
    spec.given([requested, declined]).when({ kind: 'request', requested: requestedData(), along: [] }).then([])
  })
})

describe('the donation decider: payments', () => {
  it("carries the donor's wall choice onto the approval, and none for a donation from before the wall", () => {
    const chosen = requestedData({ anonymous: true, message: 'Con cariño' })
    spec
      .given([newEvent(donationRequested, chosen)])
      .when({ kind: 'approve', donationId, approval: { fee: 7.5 }, at })
      .then([
        newEvent(donationApproved, { donationId, campaignId, amount: 150, fee: 7.5, currency: 'MXN', type: 'conekta', donor, userId: null, approvedAt: at, anonymous: true, message: 'Con cariño' }),
      ])
    spec.given([requested]).when({ kind: 'approve', donationId, approval: { fee: 7.5 }, at }).then([approved()])
  })

  it('approves a pending donation once, with the provider details first', () => {
    spec.given([requested]).when({ kind: 'approve', donationId, approval, at }).then([detailsEvent(donationId, details), approved()])
    spec.given([requested]).when({ kind: 'approve', donationId, approval: { fee: 7.5 }, at }).then([approved()])
    spec.given([requested, approved()]).when({ kind: 'approve', donationId, approval, at }).then([])
  })

  it('approves a failed or expired donation: the provider’s truth wins', () => {
    spec.given([requested, declined]).when({ kind: 'approve', donationId, approval: { fee: 7.5 }, at }).then([approved()])
    spec.given([requested, expired]).when({ kind: 'approve', donationId, approval: { fee: 7.5 }, at }).then([approved()])
  })

  it('takes the provider’s payer as the donor only when the donation had no e-mail', () => {
    const payer = { email: 'pagador@correo.mx', name: 'Pagador' }
    spec.given([requested]).when({ kind: 'approve', donationId, approval: { fee: 7.5, donor: payer }, at }).then([approved()])
    const anonymous = newEvent(donationRequested, requestedData({ donor: { email: '', name: '' } }))
    spec.given([anonymous]).when({ kind: 'approve', donationId, approval: { fee: 7.5, donor: payer }, at }).then([approved(payer)])
    spec.given([anonymous]).when({ kind: 'approve', donationId, approval: { fee: 7.5 }, at }).then([approved({ email: '', name: '' })])
  })

  it('records a paid order whole when there is no donation, or approves the one there is, once', () => {
    spec.given([]).when({ kind: 'record-paid', requested: requestedData(), approval, at }).then([requested, detailsEvent(donationId, details), approved()])
    spec.given([requested]).when({ kind: 'record-paid', requested: requestedData(), approval, at }).then([detailsEvent(donationId, details), approved()])
    spec.given([requested, approved()]).when({ kind: 'record-paid', requested: requestedData(), approval, at }).then([])
  })

  it('answers an unknown donation with an error for every transition but the request', () => {
    spec.given([]).when({ kind: 'approve', donationId, approval, at }).thenThrows(unknown)
    spec.given([]).when({ kind: 'fail', donationId, error: { message: 'x' }, at }).thenThrows(unknown)
    spec.given([]).when({ kind: 'expire', donationId, at }).thenThrows(unknown)
  })
})

describe('the donation decider: failures and expiry', () => {
  it('fails only a pending donation, keeping the provider code when there is one', () => {
    spec.given([requested]).when({ kind: 'fail', donationId, error: { message: 'Esta tarjeta fue declinada.', code: 'card_declined' }, at }).then([declined])
    spec.given([requested]).when({ kind: 'fail', donationId, error: { message: 'Rechazada' }, at }).then([failedEvent(requestedData(), { message: 'Rechazada' }, at)])
    spec.given([requested, declined]).when({ kind: 'fail', donationId, error: { message: 'Otra vez' }, at }).then([])
    spec.given([requested, approved()]).when({ kind: 'fail', donationId, error: { message: 'Tarde' }, at }).then([])
    spec.given([requested, expired]).when({ kind: 'fail', donationId, error: { message: 'Tarde' }, at }).then([])
  })

  it('expires only a pending donation (an OXXO voucher nobody paid)', () => {
    spec.given([requested, voucher]).when({ kind: 'expire', donationId, at }).then([expired])
    spec.given([requested, voucher, expired]).when({ kind: 'expire', donationId, at }).then([])
    spec.given([requested, approved()]).when({ kind: 'expire', donationId, at }).then([])
    spec.given([requested, declined]).when({ kind: 'expire', donationId, at }).then([])
  })

  it('a failure keeps no code it was not given', () => {
    const data = donationFailed.schema.parse(failedEvent(requestedData(), { message: 'Sin código', code: undefined }, at).data)
    expect(data.error).toEqual({ message: 'Sin código' })
  })
})
