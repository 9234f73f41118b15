import { createHash } from 'node:crypto'
import type { RequestHandler } from 'express'
import helmet from 'helmet'
import type { PaymentScripts } from '@donaciones/contracts'
import { paymentScripts, type Settings } from '@donaciones/kit'
import { placeholderScript } from './placeholder.ts'

/** The placeholder page's inline script (shown until the front ends are built), allowed by its hash only. */
const placeholderScriptHash = `'sha256-${createHash('sha256').update(placeholderScript).digest('base64')}'`

export interface SecurityHeadersOptions {
  /** The site's public origin (PUBLIC_URL): HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string | undefined
  /** The providers' browser scripts, exactly as `GET /api/init` tells the site to load them. */
  scripts: PaymentScripts
}

/** Sources one provider's browser SDK needs besides the origin its script comes from. */
interface ProviderSources {
  script: string[]
  connect: string[]
  frame: string[]
  img: string[]
}

/**
 * What the providers' own SDKs load besides their script's origin (their published CSP guidance):
 * PayPal's buttons open frames and call its APIs on *.paypal.com and load assets from *.paypalobjects.com;
 * Conekta's tokenizer calls api.conekta.io, and its cash vouchers' barcodes are images on S3.
 * Only added when the configured script IS the provider's own (a simulator origin needs nothing more).
 */
function companionsOf(url: URL): ProviderSources {
  const host = url.hostname
  if (host === 'paypal.com' || host.endsWith('.paypal.com')) {
    const paypal = ['https://*.paypal.com', 'https://*.paypalobjects.com']
    return { script: paypal, connect: paypal, frame: ['https://*.paypal.com'], img: paypal }
  }
  if (host === 'conekta.io' || host.endsWith('.conekta.io')) {
    const conekta = ['https://*.conekta.io']
    return { script: conekta, connect: conekta, frame: conekta, img: [...conekta, 'https://s3.amazonaws.com/cash_payment_barcodes/'] }
  }
  return { script: [], connect: [], frame: [], img: [] }
}

/**
 * The sources of the Content-Security-Policy for the configured provider scripts: each script's origin
 * (in the demo and the tests the simulator, which also serves the tokens, the checkout page and the
 * barcodes) plus the provider's companion hosts. A URL that does not parse adds nothing.
 */
export function providerSources(scripts: PaymentScripts): ProviderSources {
  const sources: ProviderSources = { script: [], connect: [], frame: [], img: [] }
  for (const value of [scripts.conektaTokenizer, scripts.paypalSdk]) {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      continue
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue
    const companions = companionsOf(url)
    for (const kind of ['script', 'connect', 'frame', 'img'] as const) sources[kind].push(url.origin, ...companions[kind])
  }
  const unique = (list: string[]) => [...new Set(list)]
  return { script: unique(sources.script), connect: unique(sources.connect), frame: unique(sources.frame), img: unique(sources.img) }
}

export function isHttps(publicUrl: string | undefined): boolean {
  return /^https:\/\//i.test(publicUrl?.trim() ?? '')
}

/**
 * helmet for every answer of the gateway (pages, remotes, files and API alike), in both modes.
 * - CSP: only the site itself plus the configured provider origins; images also data: and blob:
 *   (upload previews, the voucher PDF); style-src needs 'unsafe-inline' because the providers'
 *   buttons, the rich-text editor and the charts set inline styles (the remotes' own CSS is in files);
 *   frame-ancestors 'none' (no one frames the site).
 * - Cross-Origin-Opener-Policy 'same-origin-allow-popups': the PayPal checkout popup answers its opener.
 * - HSTS only when PUBLIC_URL is https (an http deployment or a test would be told to use https).
 */
export function securityHeaders(options: SecurityHeadersOptions): RequestHandler {
  const https = isHttps(options.publicUrl)
  const providers = providerSources(options.scripts)
  const self = "'self'"
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': [self],
        'script-src': [self, placeholderScriptHash, ...providers.script],
        'connect-src': [self, ...providers.connect],
        'frame-src': [self, ...providers.frame],
        'img-src': [self, 'data:', 'blob:', ...providers.img],
        'style-src': [self, "'unsafe-inline'"],
        'font-src': [self, 'data:'],
        'object-src': ["'none'"],
        'base-uri': [self],
        'form-action': [self],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  })
}

/** From the environment: PUBLIC_URL, CONEKTA_TOKENIZER_URL and PAYPAL_SDK_URL (the same values GET /api/init reads). */
export function securityHeadersFromEnv(settings: Pick<Settings, 'PUBLIC_URL' | 'CONEKTA_TOKENIZER_URL' | 'PAYPAL_SDK_URL'>): SecurityHeadersOptions {
  return { publicUrl: settings.PUBLIC_URL, scripts: paymentScripts(settings) }
}
