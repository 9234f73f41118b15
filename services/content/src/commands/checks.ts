import { REQUIRED } from '@donaciones/contracts'
import { isBlankHtml, sanitizeRichHtml, validationError, type FieldError, type SqlExecutor } from '@donaciones/kit'
import { missingFiles } from '../projections/files.ts'

export const FILE_NOT_FOUND = 'Archivo no encontrado'

/** 422 'Archivo no encontrado' on each field whose file id names no upload. */
export async function requireFiles(db: SqlExecutor, schema: string, fields: Record<string, string | null | undefined>): Promise<void> {
  const entries = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  const missing = new Set(await missingFiles(db, schema, entries.map(([, id]) => id)))
  const errors: FieldError[] = entries.filter(([, id]) => missing.has(id)).map(([path]) => ({ path, message: FILE_NOT_FOUND }))
  if (errors.length > 0) throw validationError(errors)
}

/** Sanitises each rich HTML field; one that is empty once sanitised is 'Campo requerido'. */
export function sanitizeRequired<K extends string>(fields: Record<K, { path: string; html: string }>): Record<K, string> {
  const errors: FieldError[] = []
  const clean = {} as Record<K, string>
  for (const [name, field] of Object.entries(fields) as [K, { path: string; html: string }][]) {
    clean[name] = sanitizeRichHtml(field.html)
    if (isBlankHtml(clean[name])) errors.push({ path: field.path, message: REQUIRED })
  }
  if (errors.length > 0) throw validationError(errors)
  return clean
}
