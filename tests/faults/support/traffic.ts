export interface ResponseRecord {
  status: number
  ms: number
  body: unknown
}

/** One request with its status, duration and parsed body (null when it is not JSON or never came). */
export async function timedRequest(url: string, init: RequestInit = {}): Promise<ResponseRecord> {
  const started = Date.now()
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
    const text = await response.text()
    let body: unknown = null
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
    return { status: response.status, ms: Date.now() - started, body }
  } catch (error) {
    return { status: 0, ms: Date.now() - started, body: String(error) }
  }
}

/** Calls `send` back to back until stopped; returns every response. */
export function steadyStream(send: (index: number) => Promise<ResponseRecord>, pauseMs: number) {
  const records: ResponseRecord[] = []
  let running = true
  const done = (async () => {
    for (let index = 0; running; index += 1) {
      records.push(await send(index))
      await new Promise((resolve) => setTimeout(resolve, pauseMs))
    }
  })()
  return {
    records,
    async stop() {
      running = false
      await done
      return records
    },
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
