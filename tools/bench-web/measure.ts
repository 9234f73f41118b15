import type { Browser } from 'playwright-core'

export interface RouteMeasure {
  route: string
  /** Bytes of JavaScript transferred (gzipped bodies, headers not counted). */
  scriptBytes: number
  scripts: number
  requests: number
  /** Remote folders whose files were fetched (public, setup, dashboard). */
  remotes: string[]
  lcpMs: number
}

const CPU_SLOWDOWN = 4

/** One cold load of `url` in a fresh context with the CPU slowed down 4×. */
export async function measureRoute(browser: Browser, url: string, route: string): Promise<RouteMeasure> {
  const context = await browser.newContext({ locale: 'es-MX', viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  const responses: Promise<{ url: string; type: string; bodyBytes: number }>[] = []
  page.on('requestfinished', (request) => {
    responses.push(request.sizes().then((sizes) => ({ url: request.url(), type: request.resourceType(), bodyBytes: sizes.responseBodySize })))
  })
  await page.addInitScript(() => {
    const store = window as unknown as { __lcp: number }
    store.__lcp = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.__lcp = entry.startTime
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(500)
  const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp)
  const finished = await Promise.all(responses)
  await context.close()

  let scriptBytes = 0
  let scripts = 0
  const remotes = new Set<string>()
  for (const { url: address, type, bodyBytes } of finished) {
    const remote = /\/remotes\/([^/]+)\//.exec(new URL(address).pathname)?.[1]
    if (remote) remotes.add(remote)
    if (type === 'script') {
      scripts += 1
      scriptBytes += bodyBytes
    }
  }
  return { route, scriptBytes, scripts, requests: finished.length, remotes: [...remotes].sort(), lcpMs: Math.round(lcpMs) }
}
