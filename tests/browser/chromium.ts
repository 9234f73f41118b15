import { chromium, type Browser } from 'playwright-core'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Headless Debian Chromium; the flags keep it from reaching for the network at start. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}
