import type { z } from 'zod'

/**
 * The body parsed by a response schema from `contracts/`, and every key the schema does not name,
 * at any depth (zod objects drop unknown keys when parsing, so whatever the parse lost was extra).
 */
export function unexpectedKeys(schema: z.ZodType, body: unknown): { parsed: boolean; extra: string[]; issues: string[] } {
  const result = schema.safeParse(body)
  if (!result.success) return { parsed: false, extra: [], issues: result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) }
  return { parsed: true, extra: keysMissingFrom(body, result.data, ''), issues: [] }
}

function keysMissingFrom(actual: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(actual) && Array.isArray(kept)) return actual.flatMap((item, index) => keysMissingFrom(item, kept[index], `${path}[${index}]`))
  if (!isPlainObject(actual) || !isPlainObject(kept)) return []
  return Object.keys(actual).flatMap((key) => {
    const where = path ? `${path}.${key}` : key
    return key in kept ? keysMissingFrom(actual[key], kept[key], where) : [where]
  })
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
