import { useCallback, useEffect, useState } from 'react'
import type { Campaign } from '@donaciones/contracts'
import { ApiError, apiRequest } from '@donaciones/web-kit'
import { CAMPAIGNS_PATH } from '../api/campaign-records-api.ts'

export type CampaignRecordState =
  | { status: 'loading' }
  | { status: 'ready'; campaign: Campaign }
  | { status: 'not-found' }
  | { status: 'error' }

/**
 * GET /campaigns/{id} (admin view: any campaign, active or not). A 404 (or a malformed id, 400/422)
 * becomes 'not-found'; other failures 'error' (the kit's toast already told why). `reload` keeps
 * the current campaign on screen while it loads again.
 */
export function useCampaignRecord(id: string): { state: CampaignRecordState; reload: () => void; version: number } {
  const [state, setState] = useState<CampaignRecordState>({ status: 'loading' })
  const [version, setVersion] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    apiRequest<Campaign>('LOAD_CAMPAIGN', `${CAMPAIGNS_PATH}/${encodeURIComponent(id)}`, { signal: controller.signal, silent: true })
      .then((campaign) => setState({ status: 'ready', campaign }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        const missing = error instanceof ApiError && [400, 404, 422].includes(error.status)
        setState({ status: missing ? 'not-found' : 'error' })
      })
    return () => controller.abort()
  }, [id, version])

  const reload = useCallback(() => setVersion((value) => value + 1), [])
  return { state, reload, version }
}
