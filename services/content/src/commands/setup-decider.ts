import { setupCompleted, setupFailed, setupStarted, type EventDataOf } from '@donaciones/contracts'
import { newEvent, refuse, type Decider } from '@donaciones/kit'
import { alreadyConfigured } from './configuration-decider.ts'

export const SETUP_STREAM = 'setup'
/** A claim older than this is taken over: its process died (each internal call times out after 15 s). */
export const SETUP_LEASE_MS = 2 * 60_000

export const setupInProgress = () => refuse.alreadyExists('Configuración en curso', 'Otra configuración se está realizando; intente de nuevo en unos momentos')

/** An attempt's identity: a retry of the same request (same fingerprint) reuses its setupId. */
export interface SetupAttempt {
  setupId: string
  fingerprint: string
}

/** The setup lock as the `setup` stream tells it (decision 16). */
export interface SetupState {
  completed: boolean
  /** The last claim neither released nor completed, with the time it was taken (ms). */
  claim: (SetupAttempt & { at: number }) | undefined
  /** An earlier attempt whose undo failed: its steps may still exist in the other services. */
  leftover: SetupAttempt | undefined
}

/** The lock at a given time: a claim older than the lease is dead, and what it did is a leftover. */
export interface SetupLock {
  completed: boolean
  /** A claim still running (within the lease). */
  running: boolean
  leftover: SetupAttempt | undefined
}

export function setupLock(state: SetupState, now: number): SetupLock {
  const { claim } = state
  const running = claim !== undefined && now - claim.at < SETUP_LEASE_MS
  const leftover = claim && !running ? { setupId: claim.setupId, fingerprint: claim.fingerprint } : state.leftover
  return { completed: state.completed, running, leftover }
}

/**
 * What the setup does to its lock. The clock is passed in (`now`, ms). `replacing` names the
 * caller's own running claim that a claim takes over: the earlier attempt it claimed in order to
 * undo it, before starting anew. The caller passes the stream as it knows it, so a claim at its
 * end that is not the caller's fails the append.
 */
export type SetupCommand =
  | { kind: 'claim'; setupId: string; fingerprint: string; now: number; replacing?: string }
  | { kind: 'release'; setupId: string; undone: boolean; reason: string }
  | { kind: 'complete'; completed: EventDataOf<typeof setupCompleted> }

const initialState: SetupState = { completed: false, claim: undefined, leftover: undefined }

/** The setup lock's rules: one claim at a time, released or completed by the claim that holds it, and nothing after completion. */
export const setupDecider: Decider<SetupCommand, SetupState, typeof setupStarted | typeof setupFailed | typeof setupCompleted> = {
  events: [setupStarted, setupFailed, setupCompleted],
  initialState,
  evolve(state, event) {
    switch (event.type) {
      case setupStarted.type:
        return { ...state, claim: { setupId: event.data.setupId, fingerprint: event.data.fingerprint, at: Date.parse(event.occurredAt) } }
      case setupFailed.type: {
        const { claim } = state
        return { ...state, claim: undefined, leftover: event.data.undone || !claim ? undefined : { setupId: claim.setupId, fingerprint: claim.fingerprint } }
      }
      case setupCompleted.type:
        return { ...state, completed: true, claim: undefined }
    }
  },
  decide(command, state) {
    if (state.completed) throw alreadyConfigured()
    switch (command.kind) {
      case 'claim': {
        const lock = setupLock(state, command.now)
        if (lock.running && state.claim?.setupId !== command.replacing) throw setupInProgress()
        return [newEvent(setupStarted, { setupId: command.setupId, fingerprint: command.fingerprint })]
      }
      case 'release':
        if (state.claim?.setupId !== command.setupId) throw setupInProgress()
        return [newEvent(setupFailed, { setupId: command.setupId, undone: command.undone, reason: command.reason })]
      case 'complete':
        // Lost the lock: another attempt took over this claim; what exists is theirs.
        if (state.claim?.setupId !== command.completed.setupId) throw alreadyConfigured()
        return [newEvent(setupCompleted, command.completed)]
    }
  },
}
