import { CAUSE_ACTIVATION, CAUSE_DEACTIVATION, CAUSE_UPDATE } from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'
import { saveBlob } from '../lib/save-blob.ts'

/**
 * The admin requests every catalog screen makes (spec §4, §7). `basePath` is the API collection
 * under /api, e.g. '/institutions'. Failures show the kit's global warning toast and reject with
 * the kit's ApiError; the success toasts and the justification dialog are the screens' part
 * (lib/record-actions.ts).
 */

/** POST `basePath`; resolves the server's answer (the new record). */
export function postRecord<T>(basePath: string, payload: unknown): Promise<T> {
  return apiRequest<T>('SAVE_RECORD', basePath, { method: 'POST', json: payload })
}

/** PUT `{payload, historical:{cause:'Actualización', description}}`. */
export function putRecord<T>(basePath: string, id: string, payload: unknown, description: string): Promise<T> {
  return apiRequest<T>('EDIT_RECORD', `${basePath}/${id}`, {
    method: 'PUT',
    json: { payload, historical: { cause: CAUSE_UPDATE, description } },
  })
}

/** PUT `{payload:{active}, historical:{cause:'Activación'|'Desactivación', description}}`. */
export function putRecordStatus<T>(basePath: string, id: string, active: boolean, description: string): Promise<T> {
  return apiRequest<T>('EDIT_RECORD_STATUS', `${basePath}/${id}`, {
    method: 'PUT',
    json: { payload: { active }, historical: { cause: active ? CAUSE_ACTIVATION : CAUSE_DEACTIVATION, description } },
  })
}

/**
 * POST `{selection: ids}` to `${basePath}/export` (an empty selection exports everything) and
 * saves the spreadsheet as `${fileName}.xlsx` (default: the collection name, e.g. 'institutions').
 */
export async function exportRecords(basePath: string, ids: string[], fileName = basePath.replace(/^\/+/, '').replace(/\/+$/, '')): Promise<void> {
  const blob = await apiRequest<Blob>('LOAD_EXPORT', `${basePath}/export`, { method: 'POST', json: { selection: ids }, responseType: 'blob' })
  saveBlob(blob, `${fileName}.xlsx`)
}
