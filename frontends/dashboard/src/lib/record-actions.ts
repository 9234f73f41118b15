import { RECORD_ACTIVATED, RECORD_DEACTIVATED, RECORD_SAVED, RECORD_UPDATED } from '@donaciones/contracts'
import { askJustification, invalidate, notify } from '@donaciones/web-kit'

/**
 * What the screens wrap around an admin request (spec §4): the justification dialog before a
 * change, and after it the invalidation of the changed collection and the spec's success toast.
 * A failed request rejects unchanged (the kit's global toast has already shown it).
 */

/**
 * After a write to `collection` (its API path, e.g. '/users'): the screens that show its records
 * (lists, views, options) and the change history load again instead of showing the kit's cache.
 */
export function changed(collection: string): void {
  invalidate(collection)
  invalidate('/historical')
}

/** Sends a new record → 'Registro guardado'. */
export async function saveRecord<T>(collection: string, send: () => Promise<T>): Promise<T> {
  const answer = await send()
  changed(collection)
  notify.success(RECORD_SAVED)
  return answer
}

/** Asks the justification, sends the change → 'Registro actualizado'. null when cancelled (nothing sent). */
export async function updateWithJustification<T>(collection: string, send: (description: string) => Promise<T>): Promise<T | null> {
  const description = await askJustification()
  if (description === null) return null
  const answer = await send(description)
  changed(collection)
  notify.success(RECORD_UPDATED)
  return answer
}

/** Asks the justification, sends the (de)activation → 'Registro activado' / 'Registro desactivado'. null when cancelled. */
export async function toggleWithJustification<T>(collection: string, active: boolean, send: (description: string) => Promise<T>): Promise<T | null> {
  const description = await askJustification()
  if (description === null) return null
  const answer = await send(description)
  changed(collection)
  notify.success(active ? RECORD_ACTIVATED : RECORD_DEACTIVATED)
  return answer
}
