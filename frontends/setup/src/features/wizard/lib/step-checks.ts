import { z } from 'zod'
import { keysInputSchema, providersInputSchema, requireEnabledProviderKeys, setupUserSchema } from '@donaciones/contracts'
import type { FieldError } from '@donaciones/web-kit'
import type { WizardStep } from './steps.ts'
import type { WizardValues } from './wizard-form.ts'

const providerKeysSchema = requireEnabledProviderKeys(z.object({ providers: providersInputSchema, keys: keysInputSchema }), { secretRequired: true })
const adminSchema = z.object({ user: setupUserSchema })

function problems(result: z.ZodSafeParseResult<unknown>, prefix: string): FieldError[] {
  if (result.success) return []
  return result.error.issues
    .map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))
    .filter((problem) => problem.path.startsWith(prefix))
}

/**
 * Whole-object rules of the contracts (password confirmation, keys of an enabled provider) only
 * run once the rest of the object is valid; while later steps are still empty they are checked
 * here on the step's own part of the payload, with the same schemas and messages.
 */
export function stepProblems(step: WizardStep, values: WizardValues): FieldError[] {
  if (step.kind === 'admin') return problems(adminSchema.safeParse({ user: values.user }), 'user.confirmation')
  if (step.kind === 'provider') {
    return problems(providerKeysSchema.safeParse({ providers: values.providers, keys: values.keys }), `keys.${step.provider}.`)
  }
  return []
}
