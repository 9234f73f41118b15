import type { SocialProvider } from '@donaciones/contracts'
import { locationOf, TestBrowser } from './test-browser.ts'

export interface FlowSteps {
  browser: TestBrowser
  /** The provider's authorize URL the start route redirected to. */
  authorizeUrl: URL
  /** The callback URL the provider sent the browser back to (with code and state). */
  callbackUrl: URL
}

/** Start → provider: stops before the callback so tests can tamper with it. */
export async function reachCallback(baseUrl: string, provider: SocialProvider, browser = new TestBrowser()): Promise<FlowSteps> {
  const start = await browser.fetch(`${baseUrl}/api/oauth/${provider}`)
  const authorizeUrl = new URL(locationOf(start, baseUrl))
  const approved = await browser.fetch(authorizeUrl.toString())
  const callbackUrl = new URL(locationOf(approved, authorizeUrl.toString()))
  return { browser, authorizeUrl, callbackUrl }
}

/** The whole redirect sign-in; returns the check response. */
export async function signIn(baseUrl: string, provider: SocialProvider): Promise<{ steps: FlowSteps; callback: Response; check: Response }> {
  const steps = await reachCallback(baseUrl, provider)
  const callback = await steps.browser.fetch(steps.callbackUrl.toString())
  const check = await steps.browser.fetch(`${baseUrl}/api/oauth/login/check`, { credentials: 'include' })
  return { steps, callback, check }
}
