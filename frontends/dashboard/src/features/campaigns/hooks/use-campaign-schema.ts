import { useMemo } from 'react'
import { campaignInputSchema } from '@donaciones/contracts'
import { usePublicConfig } from '@donaciones/web-kit'
import type { CampaignSchema } from '../lib/campaign-form.ts'

/** Spec §5: the goal is shown (and required) only when the card or the wallet provider is enabled. */
export function useGoalShown(): boolean {
  const config = usePublicConfig()
  return Boolean(config && (config.providers.conekta || config.providers.paypal))
}

/** The contracts' input schema for this site (goal required or not). */
export function useCampaignSchema(goalShown: boolean): CampaignSchema {
  return useMemo(() => campaignInputSchema({ goalRequired: goalShown }), [goalShown])
}
