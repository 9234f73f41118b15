import { z } from 'zod'
import { categoryInputSchema } from './categories.ts'
import { institutionInputSchema } from './institutions.ts'
import { idSchema } from '../rules.ts'

/**
 * Service-to-service calls on /internal/... (never routed by the gateway; they carry the
 * internal token). The setup wizard's steps are idempotent by `setupId` and can be undone.
 */

/** Public path that serves an uploaded file's bytes. */
export function filePath(fileId: string): string {
  return `/api/files/${fileId}/raw`
}

/** identity GET /internal/sessions/{userId}: what makes an issued token still valid. */
export const sessionStateSchema = z.object({ active: z.boolean(), role: z.number().int(), sessionVersion: z.number().int().min(0) })

/** identity POST /internal/setup/admin: the first administrator (role 0). */
export const setupAdminRequestSchema = z.object({
  setupId: idSchema,
  user: z.object({
    name: z.string().min(1),
    lastName: z.string().min(1),
    email: z.string().min(1),
    password: z.string().min(1),
    thumbnail: idSchema.nullable(),
  }),
})
export const setupAdminResponseSchema = z.object({ userId: idSchema, token: z.string().min(1) })
/** identity DELETE /internal/setup/admin/{setupId}: removes what that setup created (204). */

/** campaign POST /internal/setup/catalog: the first category and the optional institution. */
export const setupCatalogRequestSchema = z.object({
  setupId: idSchema,
  actor: idSchema.nullable(),
  category: categoryInputSchema,
  institution: institutionInputSchema.nullable(),
})
export const setupCatalogResponseSchema = z.object({ categoryId: idSchema, institutionId: idSchema.nullable() })
/** campaign DELETE /internal/setup/catalog/{setupId}: removes what that setup created (204). */

/** content POST /internal/mail: sent with the configured SMTP, or written to the outbox (202). */
export const internalMailRequestSchema = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().optional(),
})
export type InternalMailRequest = z.infer<typeof internalMailRequestSchema>
