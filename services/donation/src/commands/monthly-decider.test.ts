import { describe, it } from 'vitest'
import { monthlyDonationCancelled, monthlyDonationCardUpdated, monthlyDonationStarted, monthlyDonationSuspended } from '@donaciones/contracts'
import { newEvent } from '@donaciones/kit'
import { deciderSpec } from '@donaciones/kit/testing'
import { monthlyDecider, type MonthlyStarted } from './monthly-decider.ts'

const subscriptionId = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d'
const campaignId = '7b8c9d0e-1f2a-4b3c-9d4e-5f6a7b8c9d0e'
const ids = { subscriptionId, campaignId }
const at = '2026-12-01T12:00:00.000Z'
const startedData: MonthlyStarted = {
  subscriptionId,
  campaignId,
  amount: 200,
  currency: 'MXN',
  donor: { email: 'ana@correo.mx', name: 'Ana López' },
  userId: null,
  providerCustomerId: 'cus_1',
  providerSubscriptionId: 'sub_1',
  planId: 'plan_200',
  card: { last4: '4242', brand: 'visa' },
  startedAt: '2026-11-01T12:00:00.000Z',
}
const started = newEvent(monthlyDonationStarted, startedData)
const newCard = { last4: '1881', brand: 'mastercard' }
const suspended = newEvent(monthlyDonationSuspended, { ...ids, reason: 'El banco rechazó los cargos de tu tarjeta', suspendedAt: at })
const cardUpdated = newEvent(monthlyDonationCardUpdated, { ...ids, card: newCard, updatedAt: at })
const cancelledBy = (by: 'donor' | 'provider') => newEvent(monthlyDonationCancelled, { ...ids, by, cancelledAt: at })

const spec = deciderSpec(monthlyDecider)
const unknown = new Error('Donación mensual desconocida')

describe('the monthly donation decider: start', () => {
  it('records the start once, whatever the retries', () => {
    spec.given([]).when({ kind: 'start', started: startedData }).then([started])
    spec.given([started]).when({ kind: 'start', started: startedData }).then([])
    spec.given([started, cancelledBy('donor')]).when({ kind: 'start', started: startedData }).then([])
  })

  it('refuses any other change of a monthly donation never started', () => {
    spec.given([]).when({ kind: 'suspend', reason: 'Rechazada', at }).thenThrows(unknown)
    spec.given([]).when({ kind: 'card', card: newCard, at }).thenThrows(unknown)
    spec.given([]).when({ kind: 'cancel', by: 'donor', at }).thenThrows(unknown)
  })
})

describe('the monthly donation decider: its life', () => {
  it('suspends an active monthly donation once (a repeated webhook records nothing)', () => {
    spec.given([started]).when({ kind: 'suspend', reason: 'El banco rechazó los cargos de tu tarjeta', at }).then([suspended])
    spec.given([started, suspended]).when({ kind: 'suspend', reason: 'Otra vez', at }).then([])
    spec.given([started, cancelledBy('provider')]).when({ kind: 'suspend', reason: 'Tarde', at }).then([])
  })

  it('takes a new card while not cancelled, which makes a suspended one active again', () => {
    spec.given([started, suspended]).when({ kind: 'card', card: newCard, at }).then([cardUpdated])
    spec.given([started]).when({ kind: 'card', card: newCard, at }).then([cardUpdated])
    spec.given([started, suspended, cardUpdated]).when({ kind: 'suspend', reason: 'El banco rechazó los cargos de tu tarjeta', at }).then([suspended])
    spec.given([started, cancelledBy('donor')]).when({ kind: 'card', card: newCard, at }).then([])
  })

  it('cancels once, by the donor or the provider, active or suspended', () => {
    spec.given([started]).when({ kind: 'cancel', by: 'donor', at }).then([cancelledBy('donor')])
    spec.given([started, suspended]).when({ kind: 'cancel', by: 'provider', at }).then([cancelledBy('provider')])
    spec.given([started, cancelledBy('provider')]).when({ kind: 'cancel', by: 'donor', at }).then([])
  })
})
