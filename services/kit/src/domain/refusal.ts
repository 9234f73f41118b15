import type { FieldError } from '../http/http-error.ts'

/**
 * Why a stream's rules refuse a command, in the domain's terms. The kit's error handler gives each
 * reason its HTTP status (`refusalStatus` in http/error-handler.ts), the one place that does.
 */
export type RefusalReason =
  /** The record the command is about does not exist. */
  | 'not-found'
  /** What the command would create exists already (or is being created). */
  | 'already-exists'
  /** The person may not do this to this record. */
  | 'not-allowed'
  /** A rule of the domain forbids it in the record's state. */
  | 'rule-broken'
  /** Fields of the command are wrong; each one is named. */
  | 'invalid'

/** A command refused by a decider, with what the person using the app is told. */
export class Refusal extends Error {
  override readonly name = 'Refusal'

  constructor(
    readonly reason: RefusalReason,
    message: string,
    readonly description: string,
    readonly errors?: readonly FieldError[],
  ) {
    super(message)
  }
}

export const refuse = {
  notFound: (message = 'Recurso no encontrado', description = 'El recurso solicitado no existe') => new Refusal('not-found', message, description),
  /** Defaults to 'Registro ya existente', the message the front end answers by going back one page. */
  alreadyExists: (message = 'Registro ya existente', description = 'Ya existe un registro con los mismos datos') => new Refusal('already-exists', message, description),
  notAllowed: (message = 'Acceso denegado', description = 'No tiene permiso para realizar esta acción') => new Refusal('not-allowed', message, description),
  ruleBroken: (message: string, description: string) => new Refusal('rule-broken', message, description),
  invalid: (errors: readonly FieldError[]) => new Refusal('invalid', 'Datos inválidos', errors[0]?.message ?? 'Verifique los datos proporcionados', errors),
}
