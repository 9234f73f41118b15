/**
 * `npm run bench:web`: builds the front ends for production, starts the product (embedded, with
 * the payment simulator and a sample campaign) and loads public routes in Debian's Chromium with
 * 4× CPU throttling and an empty cache. Writes the JavaScript bytes transferred (gzipped), the
 * requests and the Largest Contentful Paint of each route to docs/benchmarks.md and prints them.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { launchChromium } from '../../tests/browser/chromium.ts'
import { sampleCampaignPayload } from '../bench/sample-campaign.ts'
import { measureRoute, type RouteMeasure } from './measure.ts'
import { renderReport, writeReportSection } from './report.ts'

const root = resolve(import.meta.dirname, '../..')
const outDir = mkdtempSync(join(tmpdir(), 'donaciones-bench-web-'))

console.log('Construyendo los front ends para producción...')
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', FRONTEND_OUT: outDir } })
if (build.status !== 0) process.exit(build.status ?? 1)

process.env.FRONTEND_DIR = outDir
const { startBrowserSite } = await import('../../tests/browser/support/browser-site.ts')
const site = await startBrowserSite()
const browser = await launchChromium()
try {
  const token = await site.configure()
  const slug = await createSampleCampaign(site, token)
  const routes = ['/', '/campaigns', `/campaigns/${slug}`, '/login']
  const measures: RouteMeasure[] = []
  for (const route of routes) {
    // The first load warms the server (its caches, not the browser's): each measure is a cold browser.
    await measureRoute(browser, `${site.url}${route}`, route)
    measures.push(await measureRoute(browser, `${site.url}${route}`, route))
  }
  const report = renderReport(measures)
  writeReportSection(resolve(root, 'docs/benchmarks.md'), report)
  console.log(report)
} finally {
  await browser.close()
  await site.stop()
  rmSync(outDir, { recursive: true, force: true })
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
