import { randomUUID } from 'node:crypto'
import type { Request } from 'express'
import { deterministicUuid, unprocessable } from '@donaciones/kit'

/** The client's Idempotency-Key header, when it sent one (at most 255 characters). */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get('idempotency-key')?.trim()
  if (!key) return undefined
  if (key.length > 255) throw unprocessable('Datos inválidos', 'La llave de idempotencia es demasiado larga')
  return key
}

/**
 * Our donation id, which is also the idempotency key of every provider call: derived from the
 * client's key (so its retries find the same donation and the provider replays the same order), or new.
 */
export function donationIdFor(channel: string, idempotencyKey: string | undefined): string {
  return idempotencyKey ? deterministicUuid('donation', channel, idempotencyKey) : randomUUID()
}
