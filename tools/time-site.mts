import { startBrowserSite } from '../tests/browser/support/browser-site.ts'
import { launchChromium } from '../tests/browser/chromium.ts'
const t0 = performance.now()
const site = await startBrowserSite()
const t1 = performance.now()
await site.configure()
const t2 = performance.now()
const browser = await launchChromium()
const t3 = performance.now()
console.log({ start: Math.round(t1 - t0), configure: Math.round(t2 - t1), chromium: Math.round(t3 - t2) })
await browser.close(); await site.stop()
