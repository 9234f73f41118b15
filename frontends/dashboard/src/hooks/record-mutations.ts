import {
  CAUSE_ACTIVATION,
  CAUSE_DEACTIVATION,
  CAUSE_UPDATE,
  RECORD_ACTIVATED,
  RECORD_DEACTIVATED,
  RECORD_SAVED,
  RECORD_UPDATED,
} from '@donaciones/contracts'
import { apiRequest, askJustification, notify } from '@donaciones/web-kit'

/**
 * The admin changes every catalog screen makes (spec §4, §7). `basePath` is the API collection
 * under /api, e.g. '/institutions'. Each function shows the spec's success toast; failures show
 * the kit's global warning toast and reject with the kit's ApiError.
 */

/** POST `basePath` → 'Registro guardado'. Resolves the server's answer (the new record). */
export async function createRecord<T>(basePath: string, payload: unknown): Promise<T> {
  const answer = await apiRequest<T>('SAVE_RECORD', basePath, { method: 'POST', json: payload })
  notify.success(RECORD_SAVED)
  return answer
}

/**
 * Asks the justification, then PUT `{payload, historical:{cause:'Actualización', description}}`
 * → 'Registro actualizado'. Resolves null when the justification was cancelled (nothing sent).
 */
export async function updateRecord<T>(basePath: string, id: string, payload: unknown): Promise<T | null> {
  const description = await askJustification()
  if (description === null) return null
  const answer = await apiRequest<T>('EDIT_RECORD', `${basePath}/${id}`, {
    method: 'PUT',
    json: { payload, historical: { cause: CAUSE_UPDATE, description } },
  })
  notify.success(RECORD_UPDATED)
  return answer
}

/**
 * Asks the justification, then PUT `{payload:{active}, historical:{cause:'Activación'|'Desactivación', description}}`
 * → 'Registro activado' / 'Registro desactivado'. Resolves null when cancelled (nothing sent).
 */
export async function toggleRecord<T>(basePath: string, id: string, active: boolean): Promise<T | null> {
  const description = await askJustification()
  if (description === null) return null
  const answer = await apiRequest<T>('EDIT_RECORD_STATUS', `${basePath}/${id}`, {
    method: 'PUT',
    json: { payload: { active }, historical: { cause: active ? CAUSE_ACTIVATION : CAUSE_DEACTIVATION, description } },
  })
  notify.success(active ? RECORD_ACTIVATED : RECORD_DEACTIVATED)
  return answer
}

/** Saves a blob as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/**
 * POST `{selection: ids}` to `${basePath}/export` (an empty selection exports everything) and
 * saves the spreadsheet as `${fileName}.xlsx` (default: the collection name, e.g. 'institutions').
 */
export async function exportRecords(basePath: string, ids: string[], fileName = basePath.replace(/^\/+/, '').replace(/\/+$/, '')): Promise<void> {
  const blob = await apiRequest<Blob>('LOAD_EXPORT', `${basePath}/export`, { method: 'POST', json: { selection: ids }, responseType: 'blob' })
  saveBlob(blob, `${fileName}.xlsx`)
}

/** The four mutations bound to one API collection (e.g. useRecordMutations('/categories')). */
export function useRecordMutations(basePath: string) {
  return {
    create<T>(payload: unknown) {
      return createRecord<T>(basePath, payload)
    },
    update<T>(id: string, payload: unknown) {
      return updateRecord<T>(basePath, id, payload)
    },
    toggle<T>(id: string, active: boolean) {
      return toggleRecord<T>(basePath, id, active)
    },
    exportSelection: (ids: string[]) => exportRecords(basePath, ids),
  }
}
