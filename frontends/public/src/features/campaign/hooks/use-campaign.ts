import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '@donaciones/web-kit'
import type { Campaign } from '@donaciones/contracts'
import { fetchCampaign, registerVisit } from '../api/campaign-api.ts'

const RELOAD_ATTEMPTS = 4
const RELOAD_DELAY_MS = 750

export type CampaignState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'ready'; campaign: Campaign }

/**
 * Loads the campaign of the route and counts one visit per page load. The state lives in the
 * page only, so leaving the page clears it.
 */
export function useCampaign(slug: string) {
  const [state, setState] = useState<CampaignState>({ status: 'loading' })
  const [visits, setVisits] = useState<number | null>(null)
  const current = useRef(slug)
  current.current = slug

  const load = useCallback(async (quiet: boolean): Promise<Campaign | null> => {
    if (!quiet) setState({ status: 'loading' })
    try {
      const campaign = await fetchCampaign(slug)
      if (current.current === slug) setState({ status: 'ready', campaign })
      return campaign
    } catch (error) {
      if (current.current === slug) setState(error instanceof ApiError && error.status === 404 ? { status: 'not-found' } : { status: 'error' })
      return null
    }
  }, [slug])

  useEffect(() => {
    setVisits(null)
    void load(false)
  }, [load])

  // StrictMode runs effects twice on the same instance: the ref keeps it to one visit per load.
  const visited = useRef<string | null>(null)
  useEffect(() => {
    if (visited.current === slug) return
    visited.current = slug
    registerVisit(slug)
      .then((total) => {
        if (current.current === slug) setVisits(total)
      })
      .catch(() => undefined)
  }, [slug])

  const reload = useCallback(async () => {
    await load(true)
  }, [load])

  /**
   * After an approved donation: the campaign's totals are a projection of the donation service and
   * may arrive a moment later, so it reloads a few times until the new donation shows.
   */
  const reloadAfterDonation = useCallback(async (donationsBefore: number) => {
    for (let attempt = 0; attempt < RELOAD_ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RELOAD_DELAY_MS))
      const campaign = await load(true)
      if (!campaign || campaign.donations.length > donationsBefore || current.current !== slug) return
    }
  }, [load, slug])

  return { state, visits, reload, reloadAfterDonation }
}
