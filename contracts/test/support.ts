import type { z } from 'zod'

/** Test helper (not exported by the package): messages of the issues at `path` ('' = root). */
export function messagesAt(schema: z.ZodType, value: unknown, path = ''): string[] {
  const result = schema.safeParse(value)
  if (result.success) return []
  return result.error.issues.filter((issue) => issue.path.map(String).join('.') === path).map((issue) => issue.message)
}

/** Test helper: every issue as 'path: message'. */
export function allMessages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value)
  if (result.success) return []
  return result.error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`)
}
