/** An append whose expected stream version no longer matches: someone else wrote first. */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError'
  constructor(
    readonly stream: string,
    readonly expectedVersion: number | 'none' | 'any',
  ) {
    super(`El flujo ${stream} cambió mientras se guardaba`)
  }
}
