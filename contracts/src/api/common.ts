import { z } from 'zod'
import { CAUSE_ACTIVATION, CAUSE_DEACTIVATION, INVALID_OPTION, REQUIRED } from '../messages.ts'
import { idSchema, requiredBoolean, requiredString, requiredText } from '../rules.ts'
import { JUSTIFICATION_MAX } from '../limits.ts'
import { optionSchema } from '../entities/common.ts'

/** The justification of an admin change (spec §4): both required. */
export const historicalInputSchema = z.object(
  {
    cause: requiredString,
    description: requiredText(JUSTIFICATION_MAX),
  },
  { error: REQUIRED },
)
export type HistoricalInput = z.infer<typeof historicalInputSchema>

/** PUT body of an admin change: `{ payload, historical: { cause, description } }`. */
export function adminChangeSchema<T extends z.ZodType>(payload: T) {
  return z.object({ payload, historical: historicalInputSchema })
}

/** Toggle of the active flag: `{ payload: { active }, historical }`; the cause matches the new state. */
export const toggleRequestSchema = z
  .object({
    payload: z.object({ active: requiredBoolean }),
    historical: historicalInputSchema.extend({
      cause: z.enum([CAUSE_ACTIVATION, CAUSE_DEACTIVATION], { error: INVALID_OPTION }),
    }),
  })
  .refine((body) => body.historical.cause === (body.payload.active ? CAUSE_ACTIVATION : CAUSE_DEACTIVATION), {
    error: INVALID_OPTION,
    path: ['historical', 'cause'],
  })
export type ToggleRequest = z.infer<typeof toggleRequestSchema>

/** A PUT body whose payload is exactly `{ active }` is a toggle; any other is an update. */
export function isToggleRequest(body: unknown): body is ToggleRequest {
  const payload = (body as { payload?: unknown } | undefined)?.payload
  return typeof payload === 'object' && payload !== null && Object.keys(payload).length === 1 && 'active' in payload
}

/** POST …/export: the ids to export; an empty selection exports every record ('Descargar todo'). */
export const exportRequestSchema = z.object({ selection: z.array(idSchema) })
export type ExportRequest = z.infer<typeof exportRequestSchema>
/** MIME type of the spreadsheet an export answers with. */
export const EXPORT_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Route parameter `{id}`. */
export const idParamsSchema = z.object({ id: idSchema })

/** Every failed response. `errors` lists validation failures (see `describeIssues`). */
export const errorResponseSchema = z.object({
  message: z.string(),
  description: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ErrorResponse = z.infer<typeof errorResponseSchema>

/** GET /options/*: value/label lists. */
export const optionListSchema = z.array(optionSchema)
