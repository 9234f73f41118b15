import type { ErrorAnswer } from '../operation.ts'

/** Refusals several areas give alike. */
export const tooManyAttempts: ErrorAnswer = { status: 429, description: 'Demasiados intentos: espere los segundos que indica `Retry-After`.' }

export const notFound = (what: string): ErrorAnswer => ({ status: 404, description: `${what} no existe.` })

export const alreadyExists = (what: string): ErrorAnswer => ({ status: 409, description: `Ya existe ${what}.` })
