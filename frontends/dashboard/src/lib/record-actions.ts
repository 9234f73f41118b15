import { RECORD_ACTIVATED, RECORD_DEACTIVATED, RECORD_SAVED, RECORD_UPDATED } from '@donaciones/contracts'
import { askJustification, notify } from '@donaciones/web-kit'

/**
 * What the screens wrap around an admin request (spec §4): the justification dialog before a
 * change and the spec's success toast after it. A failed request rejects unchanged (the kit's
 * global toast has already shown it).
 */

/** Sends a new record → 'Registro guardado'. */
export async function saveRecord<T>(send: () => Promise<T>): Promise<T> {
  const answer = await send()
  notify.success(RECORD_SAVED)
  return answer
}

/** Asks the justification, sends the change → 'Registro actualizado'. null when cancelled (nothing sent). */
export async function updateWithJustification<T>(send: (description: string) => Promise<T>): Promise<T | null> {
  const description = await askJustification()
  if (description === null) return null
  const answer = await send(description)
  notify.success(RECORD_UPDATED)
  return answer
}

/** Asks the justification, sends the (de)activation → 'Registro activado' / 'Registro desactivado'. null when cancelled. */
export async function toggleWithJustification<T>(active: boolean, send: (description: string) => Promise<T>): Promise<T | null> {
  const description = await askJustification()
  if (description === null) return null
  const answer = await send(description)
  notify.success(active ? RECORD_ACTIVATED : RECORD_DEACTIVATED)
  return answer
}
