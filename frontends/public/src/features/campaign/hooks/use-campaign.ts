import { useCallback, useEffect, useRef, useState } from 'react'
import { useQuery } from '@donaciones/web-kit'
import type { Campaign } from '@donaciones/contracts'
import { fetchCampaign, registerVisit } from '../api/campaign-api.ts'

const RELOAD_ATTEMPTS = 6
const RELOAD_DELAY_MS = 750

export type CampaignState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'ready'; campaign: Campaign }

/**
 * Loads the campaign of the route (cached by the kit: coming back shows it at once while it
 * refreshes) and counts one visit per page load.
 */
export function useCampaign(slug: string) {
  const { state: loaded, refresh } = useQuery(`campaign:${slug}`, (signal) => fetchCampaign(slug, signal))
  const [visits, setVisits] = useState<number | null>(null)
  const current = useRef(slug)
  current.current = slug

  const state: CampaignState =
    loaded.status === 'success' ? { status: 'ready', campaign: loaded.data }
    : loaded.status === 'error' ? (loaded.error.status === 404 ? { status: 'not-found' } : { status: 'error' })
    : { status: 'loading' }

  // StrictMode runs effects twice on the same instance: the ref keeps it to one visit per load.
  const visited = useRef<string | null>(null)
  useEffect(() => {
    if (visited.current === slug) return
    visited.current = slug
    setVisits(null)
    registerVisit(slug)
      .then((total) => {
        if (current.current === slug) setVisits(total)
      })
      .catch(() => undefined)
  }, [slug])

  const reload = useCallback(async () => {
    await refresh()
  }, [refresh])

  /**
   * After an approved donation: the campaign's totals are a projection of the donation service and
   * may arrive a moment later (plus up to a second of the public cache, decision 78), so it reloads
   * a few times until the new donation shows.
   */
  const reloadAfterDonation = useCallback(async (donationsBefore: number) => {
    for (let attempt = 0; attempt < RELOAD_ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RELOAD_DELAY_MS))
      const campaign = await refresh()
      if (!campaign || campaign.donations.length > donationsBefore || current.current !== slug) return
    }
  }, [refresh, slug])

  return { state, visits, reload, reloadAfterDonation }
}
