import type { EventMetadata, HistoricalInput } from '@donaciones/contracts'
import { ConcurrencyError, conflict, DuplicateRecordError, type AuthClaims, type EventStore, type NewEvent, type ServiceContext } from '@donaciones/kit'
import type { IdentityOptions } from '../config.ts'

/** What every command needs: the running service and its limits. */
export interface IdentityDeps {
  context: ServiceContext
  options: IdentityOptions
}

/** Who asks and under which request; `historical` is the justification of an admin change. */
export interface CommandMeta {
  actor: AuthClaims | null
  correlationId: string
  historical?: HistoricalInput
}

export function metadataOf(meta: CommandMeta, actorId: string | null = meta.actor?._id ?? null): EventMetadata {
  return {
    actor: actorId,
    correlationId: meta.correlationId,
    ...(meta.historical ? { historical: meta.historical } : {}),
  }
}

export const userStream = (id: string): string => `user-${id}`

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
}

/** 409 'Registro ya existente': the e-mail belongs to another user. */
export const emailTaken = () => conflict('Registro ya existente', 'Ya existe un usuario con ese correo electrónico')

/** Runs `fn`, turning a unique violation of the e-mail (a race between two writers) into 409. */
export async function guardEmailRace<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof DuplicateRecordError || isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}

/**
 * Appends events that do not depend on the user's state (sign-in, sign-out) at whatever version
 * the stream has, retrying when another writer got in between.
 */
export async function appendAnyVersion(store: EventStore, stream: string, events: readonly NewEvent[], metadata: EventMetadata, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await store.append(stream, events, { expectedVersion: 'any', metadata })
      return
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= attempts) throw error
    }
  }
}
