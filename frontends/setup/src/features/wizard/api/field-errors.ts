import type { ApiError, FieldError } from '@donaciones/web-kit'

export type FieldProblem = FieldError

/** The field messages of a 422 answer ({path, message} each). */
export function fieldProblemsOf(error: ApiError): FieldProblem[] {
  return error.errors
}
