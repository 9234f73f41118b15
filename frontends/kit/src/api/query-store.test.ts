import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-error.ts'
import { clearQueries, fetchQuery, invalidate, readQuery, setQueryData, subscribeQuery } from './query-store.ts'

/** A loader whose answers the test gives by hand, recording each request's signal. */
function manualLoader<T>() {
  const calls: { signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }[] = []
  const load = vi.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ signal, resolve, reject })
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      }),
  )
  return { load, calls }
}

/** A screen showing `key` whose first request answers `value`; returns the screen's leave. */
async function showLoaded<T>(loader: ReturnType<typeof manualLoader<T>>, key: string, value: T, listener: () => void = () => {}): Promise<() => void> {
  const leave = subscribeQuery(key, listener)
  const answer = fetchQuery(key, loader.load)
  loader.calls.at(-1)?.resolve(value)
  await answer
  return leave
}

afterEach(() => clearQueries())

describe('query store', () => {
  it('caches a key: a screen shown again gets the last value at once and refreshes it in the background', async () => {
    const { load, calls } = manualLoader<string[]>()
    const leave = subscribeQuery('/users', () => {})
    const first = fetchQuery('/users', load)
    expect(readQuery('/users')).toEqual({ status: 'loading' })
    calls[0]?.resolve(['ana'])
    await first
    leave()

    subscribeQuery('/users', () => {})
    void fetchQuery('/users', load)
    expect(load).toHaveBeenCalledTimes(2)
    expect(readQuery('/users')).toEqual({ status: 'success', data: ['ana'] })
    calls[1]?.resolve(['ana', 'luis'])
    await Promise.resolve()
    expect(readQuery('/users')).toEqual({ status: 'success', data: ['ana', 'luis'] })
  })

  it('makes one request when two screens ask the same key at once', async () => {
    const { load, calls } = manualLoader<number>()
    subscribeQuery('visits', () => {})
    subscribeQuery('visits', () => {})
    const first = fetchQuery('visits', load)
    const second = fetchQuery('visits', load)
    expect(load).toHaveBeenCalledTimes(1)
    calls[0]?.resolve(7)
    expect(await first).toBe(7)
    expect(await second).toBe(7)
  })

  it('aborts the request when the last screen showing the key leaves', async () => {
    const { load, calls } = manualLoader<number>()
    const leaveOne = subscribeQuery('summary', () => {})
    const leaveTwo = subscribeQuery('summary', () => {})
    const answer = fetchQuery('summary', load)
    leaveOne()
    expect(calls[0]?.signal.aborted).toBe(false)
    leaveTwo()
    expect(calls[0]?.signal.aborted).toBe(true)
    expect(await answer).toBeUndefined()
    expect(readQuery('summary')).toBeUndefined()
  })

  it('keeps the cached value when a background refresh is aborted', async () => {
    const loader = manualLoader<string>()
    const { load, calls } = loader
    const leave = await showLoaded(loader, 'page', 'v1')
    void fetchQuery('page', load)
    leave()
    expect(calls[1]?.signal.aborted).toBe(true)
    expect(readQuery('page')).toEqual({ status: 'success', data: 'v1' })
  })

  it('after a change, loads again the keys on screen and forgets the others', async () => {
    const loader = manualLoader<string>()
    const { load, calls } = loader
    const leaveList = await showLoaded(loader, '/campaigns', 'list v1')
    ;(await showLoaded(loader, '/campaigns/7', 'record v1'))()
    const other = await showLoaded(loader, '/users', 'users')

    invalidate('/campaigns')
    expect(readQuery('/campaigns/7')).toBeUndefined()
    expect(load).toHaveBeenCalledTimes(4)
    expect(readQuery('/campaigns')).toEqual({ status: 'success', data: 'list v1' })
    calls[3]?.resolve('list v2')
    await Promise.resolve()
    expect(readQuery('/campaigns')).toEqual({ status: 'success', data: 'list v2' })
    expect(readQuery('/users')).toEqual({ status: 'success', data: 'users' })
    leaveList()
    other()
  })

  it('forgets a changed key whose screen leaves before it loaded again, so the next screen never starts from the old value', async () => {
    const loader = manualLoader<string>()
    const leaveEdit = await showLoaded(loader, '/campaigns/edit/7', 'título viejo')

    // Saved, then straight to another screen: the reload the change started is cut short.
    invalidate('/campaigns')
    leaveEdit()
    expect(loader.calls[1]?.signal.aborted).toBe(true)
    expect(readQuery('/campaigns/edit/7')).toBeUndefined()
  })

  it('discards the answer of a request that started before the change', async () => {
    const { load, calls } = manualLoader<string>()
    subscribeQuery('/pages', () => {})
    void fetchQuery('/pages', load)
    invalidate('/pages')
    expect(calls[0]?.signal.aborted).toBe(true)
    calls[1]?.resolve('new')
    await Promise.resolve()
    expect(readQuery('/pages')).toEqual({ status: 'success', data: 'new' })
  })

  it('reports a failure as an ApiError, keeping the last value as `previous`', async () => {
    const { load, calls } = manualLoader<string>()
    subscribeQuery('config', () => {})
    const first = fetchQuery('config', load)
    calls[0]?.reject(new ApiError(503, 'Servicio no disponible', 'Intente más tarde.'))
    expect(await first).toBeUndefined()
    const failed = readQuery('config')
    expect(failed?.status).toBe('error')
    expect(failed?.status === 'error' && failed.error.status).toBe(503)

    const second = fetchQuery('config', load, 'foreground')
    calls[1]?.resolve('ok')
    await second
    const third = fetchQuery('config', load)
    calls[2]?.reject(new TypeError('Failed to fetch'))
    await third
    expect(readQuery('config')).toEqual({ status: 'error', error: expect.objectContaining({ status: 0 }), previous: 'ok' })
  })

  it('shows the loading state with the last value on a foreground reload', async () => {
    const loader = manualLoader<string>()
    await showLoaded(loader, 'record', 'v1')
    void fetchQuery('record', loader.load, 'foreground')
    expect(readQuery('record')).toEqual({ status: 'loading', previous: 'v1' })
  })

  it('notifies the screens on each change and keeps an equal value as the same object', async () => {
    const loader = manualLoader<{ name: string }>()
    const { load, calls } = loader
    const listener = vi.fn()
    await showLoaded(loader, '/users/1', { name: 'Ana' }, listener)
    const before = readQuery('/users/1')
    const second = fetchQuery('/users/1', load)
    calls[1]?.resolve({ name: 'Ana' })
    await second
    const after = readQuery('/users/1')
    expect(after?.status === 'success' && before?.status === 'success' && after.data === before.data).toBe(true)
    setQueryData('/users/1', { name: 'Eva' })
    expect(readQuery('/users/1')).toEqual({ status: 'success', data: { name: 'Eva' } })
    expect(listener).toHaveBeenCalled()
  })
})
