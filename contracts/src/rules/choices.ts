import { z } from 'zod'
import { REQUIRED } from '../messages.ts'
import { ROLES } from '../limits.ts'

/** Role 0 (Administrador total), 1 (Administrador restringido) or 2 (Usuario). */
export const roleSchema = z.literal(ROLES, { error: REQUIRED })
export type Role = z.infer<typeof roleSchema>

/** Required boolean (switches and flags). */
export const requiredBoolean = z.boolean({ error: REQUIRED })
