import { DataDirLockedError, isDatabaseUnavailable, logLevelSetting, SettingsError } from '@donaciones/kit'

/** A failure the command explains in its own words (Spanish), ending it with `exitCode`. */
export class CommandError extends Error {
  override readonly name = 'CommandError'
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message)
  }
}

function codeOf(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 3) return undefined
  const { code, errors, cause } = error as { code?: unknown; errors?: unknown; cause?: unknown }
  if (typeof code === 'string') return code
  for (const inner of [...(Array.isArray(errors) ? (errors as unknown[]) : []), cause]) {
    const found = codeOf(inner, depth + 1)
    if (found) return found
  }
  return undefined
}

/** What an operator reads when a command fails: the cause in Spanish, never a stack trace. */
export function failureMessage(error: unknown): string {
  if (error instanceof CommandError || error instanceof SettingsError || error instanceof DataDirLockedError) return error.message
  const code = codeOf(error)
  if (isDatabaseUnavailable(error)) {
    return `No se pudo conectar con la base de datos${code ? ` (${code})` : ''}: revise DATABASE_URL y que el servidor esté en marcha.`
  }
  if (code === '28P01' || code === '28000') return 'La base de datos rechazó el usuario o la contraseña de DATABASE_URL.'
  if (code === '3D000') return 'La base de datos que indica DATABASE_URL no existe.'
  const detail = error instanceof Error ? error.message : String(error)
  return `La orden falló: ${detail}`
}

/**
 * Runs an operator command and sets the process's exit code: the command's own, or non-zero with
 * a Spanish message on stderr when it throws. LOG_LEVEL=debug (or trace) adds the stack trace.
 */
export async function runCommand(main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main()
  } catch (error) {
    process.stderr.write(`${failureMessage(error)}\n`)
    const level = logLevelSetting()
    if ((level === 'debug' || level === 'trace') && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`)
    process.exitCode = error instanceof CommandError ? error.exitCode : 1
  }
}
