/**
 * `npm run bench:web`: builds the front ends for production, starts the product (embedded, with
 * the payment simulator and a sample campaign) and loads public routes in Debian's Chromium with
 * 4× CPU throttling and an empty cache. Writes the JavaScript bytes transferred (gzipped), the
 * requests and the Largest Contentful Paint of each route, and Lighthouse's scores (mobile and
 * desktop presets) to docs/benchmarks.md and prints them.
 *
 * Partial runs (printed only, docs/benchmarks.md untouched):
 *   --routes=/,/login        only these routes ('campaign' stands for the sample campaign's page)
 *   --presets=mobile         only these Lighthouse presets (mobile, desktop)
 *   --no-lighthouse          only the JavaScript table
 *   --no-build               measure the build already in frontends/dist
 *   --quick                  no warm-up loads
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { launchChromium } from '../../tests/browser/chromium.ts'
import { sampleCampaignPayload } from '../bench/sample-campaign.ts'
import { launchLighthouseChrome, lighthouseRoute, presets as allPresets, type LighthouseMeasure, type Preset } from './lighthouse.ts'
import { measureRoute, type RouteMeasure } from './measure.ts'
import { renderReport, writeReportSection } from './report.ts'

const { values: options } = parseArgs({
  options: {
    routes: { type: 'string' },
    presets: { type: 'string' },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
  },
})
const wantedRoutes = options.routes?.split(',').map((route) => route.trim())
const presets = options.presets ? (options.presets.split(',').map((preset) => preset.trim()) as Preset[]) : allPresets
for (const preset of presets) if (!allPresets.includes(preset)) throw new Error(`Preset desconocido: ${preset} (mobile, desktop)`)
const partial = Boolean(wantedRoutes || options.presets || options['no-lighthouse'] || options['no-build'] || options.quick)

const root = resolve(import.meta.dirname, '../..')
const outDir = options['no-build'] ? resolve(root, 'frontends/dist') : mkdtempSync(join(tmpdir(), 'donaciones-bench-web-'))

if (!options['no-build']) {
  console.log('Construyendo los front ends para producción...')
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', FRONTEND_OUT: outDir } })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

process.env.FRONTEND_DIR = outDir
const { startBrowserSite } = await import('../../tests/browser/support/browser-site.ts')
const site = await startBrowserSite()
const browser = await launchChromium()
try {
  const token = await site.configure()
  const slug = await createSampleCampaign(site, token)
  const routes = ['/', '/campaigns', `/campaigns/${slug}`, '/login'].filter(
    (route) => !wantedRoutes || wantedRoutes.includes(route) || (route.startsWith('/campaigns/') && wantedRoutes.includes('campaign')),
  )
  const measures: RouteMeasure[] = []
  for (const route of routes) {
    // The first load warms the server (its caches, not the browser's): each measure is a cold browser.
    if (!options.quick) await measureRoute(browser, `${site.url}${route}`, route)
    measures.push(await measureRoute(browser, `${site.url}${route}`, route))
  }
  await browser.close()
  const audits: LighthouseMeasure[] = []
  if (!options['no-lighthouse']) {
    const chrome = await launchLighthouseChrome()
    try {
      for (const route of routes) {
        for (const preset of presets) {
          console.log(`Lighthouse ${preset} ${route}...`)
          audits.push(await lighthouseRoute(chrome, `${site.url}${route}`, route, preset))
        }
      }
    } finally {
      chrome.kill()
    }
  }
  const report = renderReport(measures, audits)
  if (partial) console.log('(medición parcial: docs/benchmarks.md no se modifica)')
  else writeReportSection(resolve(root, 'docs/benchmarks.md'), report)
  console.log(report)
} finally {
  await browser.close()
  await site.stop()
  if (!options['no-build']) rmSync(outDir, { recursive: true, force: true })
}

async function createSampleCampaign(site: Awaited<ReturnType<typeof startBrowserSite>>, token: string): Promise<string> {
  const thumbnail = await site.upload(token)
  const categories = (await (await site.api('/api/options/categories', { token })).json()) as { value: string }[]
  const response = await site.api('/api/campaigns', {
    method: 'POST',
    token,
    json: sampleCampaignPayload(thumbnail, categories.map((category) => category.value)),
  })
  if (!response.ok) throw new Error(`No se pudo crear la campaña: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { slug: string }).slug
}
