import { createHash, randomUUID } from 'node:crypto'
import type { Request } from 'express'
import { stringify } from 'safe-stable-stringify'
import { deterministicUuid, unprocessable } from '@donaciones/kit'
import type { RequestedData } from './donation-commands.ts'

/** The client's Idempotency-Key header, when it sent one (at most 255 characters). */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get('idempotency-key')?.trim()
  if (!key) return undefined
  if (key.length > 255) throw unprocessable('Datos inválidos', 'La llave de idempotencia es demasiado larga')
  return key
}

/** SHA-256 of the body's canonical JSON (keys sorted at every level): the same data in any key order hashes alike. */
export function requestHashOf(body: unknown): string {
  return createHash('sha256').update(stringify(body ?? null) ?? 'null').digest('hex')
}

/**
 * A keyed request may only replay the donation its key first made with the very same body: another body
 * under a used key is refused (422) before any provider call, and nothing of the first donation is answered.
 */
export function requireSameRequest(requested: Pick<RequestedData, 'requestHash'>, meta: { idempotencyKey: string | undefined; requestHash: string | undefined }): void {
  if (!meta.idempotencyKey) return
  if (requested.requestHash !== undefined && requested.requestHash === meta.requestHash) return
  throw unprocessable('Llave de idempotencia reutilizada', 'La llave de idempotencia ya se usó con otros datos; genere una nueva para esta donación')
}

/**
 * Our donation id, which is also the idempotency key of every provider call: derived from the
 * client's key (so its retries find the same donation and the provider replays the same order), or new.
 */
export function donationIdFor(channel: string, idempotencyKey: string | undefined): string {
  return idempotencyKey ? deterministicUuid('donation', channel, idempotencyKey) : randomUUID()
}
