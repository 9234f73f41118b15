import { describe, expect, it } from 'vitest'
import { setupCompleted, setupFailed, setupStarted } from '@donaciones/contracts'
import { foldEvents, newEvent } from '@donaciones/kit'
import { deciderSpec } from '@donaciones/kit/testing'
import { alreadyConfigured } from './configuration-decider.ts'
import { SETUP_LEASE_MS, setupDecider, setupInProgress, setupLock } from './setup-decider.ts'

// deciderSpec records the given events at time 0: `now` is measured from there.
const running = SETUP_LEASE_MS - 1
const stale = SETUP_LEASE_MS
const first = { setupId: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e', fingerprint: 'huella-1' }
const second = { setupId: 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f', fingerprint: 'huella-2' }
const started = (attempt: typeof first) => newEvent(setupStarted, attempt)
const failed = (setupId: string, undone: boolean) => newEvent(setupFailed, { setupId, undone, reason: 'Error interno' })
const completedData = {
  setupId: first.setupId,
  configurationId: 'd3e4f5a6-b7c8-4d9e-8f0a-2b3c4d5e6f7a',
  adminId: 'e4f5a6b7-c8d9-4e0f-9a1b-3c4d5e6f7a8b',
  categoryId: 'f5a6b7c8-d9e0-4f1a-8b2c-4d5e6f7a8b9c',
  institutionId: null,
}
const completed = newEvent(setupCompleted, completedData)
const spec = deciderSpec(setupDecider)

describe('the setup decider: claims', () => {
  it('claims a free lock, and one released or left by a dead attempt', () => {
    spec.given([]).when({ kind: 'claim', ...first, now: running }).then([started(first)])
    spec.given([started(first), failed(first.setupId, true)]).when({ kind: 'claim', ...second, now: running }).then([started(second)])
    spec.given([started(first)]).when({ kind: 'claim', ...second, now: stale }).then([started(second)])
  })

  it('answers 409 Configuración en curso while another claim runs', () => {
    spec.given([started(first)]).when({ kind: 'claim', ...second, now: running }).thenThrows(setupInProgress())
    spec.given([started(first)]).when({ kind: 'claim', ...first, now: running }).thenThrows(setupInProgress())
  })

  it('lets the holder of a claim taken to undo an earlier attempt start anew, and nobody else', () => {
    spec.given([started(first)]).when({ kind: 'claim', ...second, now: running, replacing: first.setupId }).then([started(second)])
    spec.given([started(second)]).when({ kind: 'claim', ...second, now: running, replacing: first.setupId }).thenThrows(setupInProgress())
  })

  it('answers 409 Registro ya existente once the setup completed', () => {
    spec.given([started(first), completed]).when({ kind: 'claim', ...second, now: stale }).thenThrows(alreadyConfigured())
  })
})

describe('the setup decider: release and completion', () => {
  it('releases or completes the claim held', () => {
    spec.given([started(first)]).when({ kind: 'release', setupId: first.setupId, undone: false, reason: 'Error interno' }).then([failed(first.setupId, false)])
    spec.given([started(first)]).when({ kind: 'complete', completed: completedData }).then([completed])
  })

  it('refuses to release a claim it does not hold', () => {
    spec.given([started(second)]).when({ kind: 'release', setupId: first.setupId, undone: true, reason: 'Error interno' }).thenThrows(setupInProgress())
    spec.given([]).when({ kind: 'release', setupId: first.setupId, undone: true, reason: 'Error interno' }).thenThrows(setupInProgress())
  })

  it('refuses to complete once the claim is lost or the site is configured', () => {
    spec.given([started(first), failed(first.setupId, true), started(second)]).when({ kind: 'complete', completed: completedData }).thenThrows(alreadyConfigured())
    spec.given([started(first), completed]).when({ kind: 'complete', completed: completedData }).thenThrows(alreadyConfigured())
  })
})

describe('the setup lock at a given time', () => {
  const at = (events: (ReturnType<typeof started> | ReturnType<typeof failed>)[], now: number) =>
    setupLock(
      foldEvents(
        setupDecider,
        events.map((event, index) => ({
          id: String(index),
          service: event.definition.service,
          type: event.definition.type,
          v: 1,
          data: event.data,
          stream: 'setup',
          version: index + 1,
          position: index + 1,
          transactionId: '1',
          occurredAt: new Date(0).toISOString(),
          metadata: { actor: null, correlationId: 'prueba' },
        })),
      ),
      now,
    )

  it('keeps an attempt whose undo failed as a leftover, until another one is undone', () => {
    expect(at([started(first), failed(first.setupId, false)], running)).toEqual({ completed: false, running: false, leftover: first })
    expect(at([started(first), failed(first.setupId, false), started(first), failed(first.setupId, true)], running)).toEqual({ completed: false, running: false, leftover: undefined })
  })

  it('counts a claim older than the lease as dead, what it did a leftover', () => {
    expect(at([started(first)], running)).toEqual({ completed: false, running: true, leftover: undefined })
    expect(at([started(first)], stale)).toEqual({ completed: false, running: false, leftover: first })
  })
})
