import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { apiRequest } from './client.ts'
import { NETWORK_ERROR } from './api-error.ts'

const answer = (body: unknown) => vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }))

describe('the API client', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('returns an answer that meets its schema', async () => {
    answer({ date: '2026-11-28' })
    await expect(apiRequest('LOAD_CAMPAIGN', '/campaigns/x', { schema: z.object({ date: z.iso.date() }), silent: true })).resolves.toEqual({ date: '2026-11-28' })
  })

  it('says in the console which answer broke its contract, and fails as a network error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    answer({ date: 20261128 })
    await expect(apiRequest('EDIT_CAMPAIGN', '/campaigns/edit/x', { schema: z.object({ date: z.iso.date() }), silent: true })).rejects.toBe(NETWORK_ERROR)
    expect(logged).toHaveBeenCalledOnce()
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/^La respuesta de \/campaigns\/edit\/x \(EDIT_CAMPAIGN\) no cumple el contrato: /)
  })

  it('keeps the console quiet when the network fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(apiRequest('LOAD_CAMPAIGN', '/campaigns/x', { silent: true })).rejects.toBe(NETWORK_ERROR)
    expect(logged).not.toHaveBeenCalled()
  })
})
