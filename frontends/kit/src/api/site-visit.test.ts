import { afterEach, describe, expect, it, vi } from 'vitest'

describe("the page load's visit (spec: visit counter)", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('is counted once, and a read of the total waits for it', async () => {
    const calls: string[] = []
    let answerVisit: (() => void) | undefined
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`)
      if (init?.method === 'POST') await new Promise<void>((resolve) => (answerVisit = resolve))
      return new Response(JSON.stringify({ total: 1 }), { status: 200, headers: { 'content-type': 'application/json' } })
    })
    const { countSiteVisit, siteVisitCounted } = await import('./site-visit.ts')
    void countSiteVisit()
    void countSiteVisit()
    let counted = false
    const waiting = siteVisitCounted().then(() => (counted = true))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(counted).toBe(false)
    answerVisit?.()
    await waiting
    expect(calls).toEqual(['POST /api/counters/visits'])
  })

  it('does not hold a read back when the visit could not be counted, nor when none was', async () => {
    const { siteVisitCounted: noneYet } = await import('./site-visit.ts')
    await expect(noneYet()).resolves.toBeUndefined()
    vi.resetModules()
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }))
    const { countSiteVisit, siteVisitCounted } = await import('./site-visit.ts')
    await expect(countSiteVisit()).rejects.toBeDefined()
    await expect(siteVisitCounted()).resolves.toBeUndefined()
  })
})
