import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
// Through the package name, so the shared kit's ApiError class is the one `instanceof` sees.
import { ApiError, type FieldError } from '@donaciones/web-kit'

/**
 * The field messages of a failed request (a 422 answer's `errors`), with paths relative to the
 * form: the request's `payload.` wrapper is dropped. Anything else has none.
 */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError)) return []
  return error.errors.map(({ path, message }) => ({ path: path.replace(/^payload\./, ''), message }))
}

/**
 * Shows each message under its field (until the field's next check) and returns the paths
 * shown. `belongs` leaves out paths the form has no field for.
 */
export function showFieldErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  problems: readonly FieldError[],
  belongs: (path: string) => boolean = () => true,
  type: 'server' | 'validate' = 'server',
): string[] {
  const shown: string[] = []
  for (const { path, message } of problems) {
    if (!belongs(path)) continue
    // The server names fields with the form's own dotted paths; it is the one place they meet.
    setError(path as FieldPath<Values>, { type, message })
    shown.push(path)
  }
  return shown
}

/** `showFieldErrors` for the messages of a failed request. */
export function applyServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  belongs?: (path: string) => boolean,
): string[] {
  return showFieldErrors(setError, fieldErrorsOf(error), belongs)
}
