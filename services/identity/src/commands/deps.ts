import type { EventMetadata, HistoricalInput } from '@donaciones/contracts'
import { DuplicateRecordError, refuse, type AuthClaims, type ServiceContext } from '@donaciones/kit'
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
export const emailTaken = () => refuse.alreadyExists('Registro ya existente', 'Ya existe un usuario con ese correo electrónico')

/** Runs `fn`, turning a unique violation of the e-mail (a race between two writers) into 409. */
export async function guardEmailRace<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof DuplicateRecordError || isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}
