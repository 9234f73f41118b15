import { launch, type LaunchedChrome } from 'chrome-launcher'
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromiumPath } from '../../tests/browser/chromium.ts'

export type Preset = 'mobile' | 'desktop'
export const presets: Preset[] = ['mobile', 'desktop']

export interface LighthouseMeasure {
  route: string
  preset: Preset
  /** Category scores 0–100; null when Lighthouse could not score the category. */
  performance: number | null
  accessibility: number | null
  bestPractices: number | null
  seo: number | null
  lcpMs: number
  cls: number
  tbtMs: number
  /** Titles of the failed audits of the accessibility, best-practices and SEO categories. */
  flagged: string[]
}

/** Debian's Chromium started by chrome-launcher (no browser download), headless, for Lighthouse. */
export function launchLighthouseChrome(): Promise<LaunchedChrome> {
  return launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
}

/**
 * One Lighthouse run of `url` with the mobile preset (Lighthouse's default: Moto G power screen,
 * simulated slow 4G and 4× CPU) or the desktop one (1350×940, simulated fast network, no CPU slowdown).
 */
export async function lighthouseRoute(chrome: LaunchedChrome, url: string, route: string, preset: Preset): Promise<LighthouseMeasure> {
  const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', locale: 'es', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] }
  const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined
  const result = await lighthouse(url, flags, config)
  if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`)
  const lhr: Result = result.lhr
  if (lhr.runtimeError) throw new Error(`Lighthouse falló en ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const score = (id: string) => {
    const value = lhr.categories[id]?.score
    return value === null || value === undefined ? null : Math.round(value * 100)
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const flagged = new Set<string>()
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) flagged.add(`${id}: ${audit.id}`)
    }
  }
  return {
    route,
    preset,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: Math.round(numeric('total-blocking-time')),
    flagged: [...flagged],
  }
}
