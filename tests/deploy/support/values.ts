/** Narrowing helpers for parsed YAML (untyped by nature). */
export type Doc = Record<string, unknown>

export function obj(value: unknown): Doc {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Doc) : {}
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

export function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return undefined
}

/** Stands in for a secret the operator supplies: valid as a token and as a 32-byte base64 key. */
export const secretPlaceholder = Buffer.alloc(32, 1).toString('base64')
