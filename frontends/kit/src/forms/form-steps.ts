/** One step of a multi-step form: the fields it checks before moving on. */
export interface FormStep<Field extends string> {
  fields: readonly Field[]
}

/**
 * The first step holding a field path: the field itself, a part of it ('visibility.counter' in
 * 'visibility') or a group of its fields ('keys.conekta' for 'keys.conekta.client'). -1 if none.
 */
export function stepIndexOfPath<Field extends string>(steps: readonly FormStep<Field>[], path: string): number {
  return steps.findIndex((step) =>
    step.fields.some((field) => field === path || field.startsWith(`${path}.`) || path.startsWith(`${field}.`)),
  )
}

/** The first of the steps holding one of the paths, or -1. */
export function firstStepOfPaths<Field extends string>(steps: readonly FormStep<Field>[], paths: readonly string[]): number {
  const indexes = paths.map((path) => stepIndexOfPath(steps, path)).filter((index) => index >= 0)
  return indexes.length > 0 ? Math.min(...indexes) : -1
}
