import { launchChromium } from '../../tests/browser/chromium.ts'
const { startBrowserSite } = await import('../../tests/browser/support/browser-site.ts')
const { createCampaignThroughApi } = await import('../../tests/browser/journeys/campaign.ts')
const site = await startBrowserSite()
const token = await site.configure()
const { slug } = await createCampaignThroughApi(site, token)
const browser = await launchChromium()
for (const route of ['/', `/campaigns/${slug}`]) {
  const ctx = await browser.newContext()
  const page = await ctx.newPage()
  const rows: string[] = []
  page.on('requestfinished', async (r) => {
    if (r.resourceType() !== 'script') return
    const sizes = await r.sizes()
    rows.push(`${(sizes.responseBodySize / 1024).toFixed(1).padStart(6)} ${new URL(r.url()).pathname}`)
  })
  await page.goto(site.url + route, { waitUntil: 'networkidle' })
  await page.waitForTimeout(800)
  console.log('==', route); console.log(rows.sort().join('\n'))
  await ctx.close()
}
await browser.close(); await site.stop()
