/** An append whose expected stream version no longer matches: someone else wrote first. */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError'
  constructor(
    readonly stream: string,
    readonly expectedVersion: number,
  ) {
    super(`El flujo ${stream} cambió mientras se guardaba`)
  }
}

/** A read model refused a second record with the same unique value (name, title, e-mail…). */
export class DuplicateRecordError extends Error {
  override readonly name = 'DuplicateRecordError'
  constructor(readonly detail?: string) {
    super('Registro ya existente')
  }
}
