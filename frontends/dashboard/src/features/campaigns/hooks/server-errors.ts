import type { FieldPath, UseFormSetError } from 'react-hook-form'
import { ApiError } from '@donaciones/web-kit'
import { CAMPAIGN_STEPS, type CampaignFormValues } from './campaign-form.ts'

/**
 * Puts the server's field errors (ApiError.errors) on the form; returns the first step holding
 * one of them, or null when none belongs to a field of the form.
 */
export function applyServerErrors(error: unknown, setError: UseFormSetError<CampaignFormValues>): number | null {
  if (!(error instanceof ApiError)) return null
  let firstStep: number | null = null
  for (const { path, message } of error.errors) {
    const field = path.replace(/^payload\./, '')
    const root = field.split('.')[0] ?? ''
    const step = CAMPAIGN_STEPS.findIndex((item) => (item.fields as string[]).includes(root))
    if (step < 0) continue
    setError(field as FieldPath<CampaignFormValues>, { type: 'server', message })
    if (firstStep === null || step < firstStep) firstStep = step
  }
  return firstStep
}
