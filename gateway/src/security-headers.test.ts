import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import express from 'express'
import { authenticate, createLogger, createTokenVerifier, paymentScripts, perService, readSettings, startHttpServer } from '@donaciones/kit'
import { createGatewayApp, type ServiceTarget } from './gateway-app.ts'
import { placeholderScript } from './placeholder.ts'
import { providerSources, securityHeadersFromEnv, type SecurityHeadersOptions } from './security-headers.ts'

const SIM = 'http://127.0.0.1:4100'
/** The placeholder page's inline script (front ends not built) is allowed by its hash, nothing else inline. */
const placeholderHash = `'sha256-${createHash('sha256').update(placeholderScript).digest('base64')}'`
const simScripts = { conektaTokenizer: `${SIM}/conekta/conekta.js`, paypalSdk: `${SIM}/paypal/sdk.js` }

/** The CSP as a map of directive → sources. */
function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? ''
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  )
}

async function startGateway(security: SecurityHeadersOptions) {
  const service = express()
  service.get('/api/init', (_req, res) => {
    res.json({ configured: false })
  })
  const upstream = await startHttpServer(service, { port: 0 })
  const targets = perService((): ServiceTarget => ({ kind: 'remote', urls: [upstream.url] }))
  const verifier = createTokenVerifier({ jwks: async () => ({ keys: [] }) })
  const auth = { required: authenticate({ verifier, required: true }), optional: authenticate({ verifier, required: false }) }
  const frontendDir = mkdtempSync(join(tmpdir(), 'donaciones-csp-'))
  writeFileSync(join(frontendDir, 'index.html'), '<!doctype html><html lang="es"><head><title>Donaciones</title></head><body><div id="root"></div></body></html>')
  const gateway = await startHttpServer(createGatewayApp({ targets, auth, logger: createLogger('test', { level: 'silent' }), frontendDir, security }), { port: 0 })
  return {
    gateway,
    async close() {
      await gateway.close()
      await upstream.close()
      rmSync(frontendDir, { recursive: true, force: true })
    },
  }
}

describe('security headers of the gateway (helmet), http PUBLIC_URL', () => {
  let site: Awaited<ReturnType<typeof startGateway>>
  beforeAll(async () => {
    site = await startGateway({ publicUrl: 'http://localhost:3000', scripts: simScripts })
  })
  afterAll(async () => {
    await site.close()
  })

  it.each([
    ['the page', '/', 200],
    ['a deep link of the page', '/campanas/una-campana', 200],
    ['an API answer', '/api/init', 200],
    ['an unknown API path', '/api/no-existe', 404],
    ['the health check', '/healthz', 200],
  ])('%s carries CSP, nosniff, referrer policy and frame denial', async (_name, path, status) => {
    const response = await fetch(`${site.gateway.url}${path}`)
    expect(response.status).toBe(status)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('strict-transport-security')).toBeNull()
    const policy = policyOf(response)
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.has('upgrade-insecure-requests')).toBe(false)
  })

  it('allows only the site itself and the configured provider origin for scripts, calls and frames', async () => {
    const policy = policyOf(await fetch(`${site.gateway.url}/`))
    expect(policy.get('script-src')).toEqual(["'self'", placeholderHash, SIM])
    expect(policy.get('connect-src')).toEqual(["'self'", SIM])
    expect(policy.get('frame-src')).toEqual(["'self'", SIM])
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', SIM])
    // The providers' buttons, the rich-text editor and the charts set inline styles.
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(response(policy).includes("'unsafe-eval'")).toBe(false)
  })

  it('lets the PayPal checkout popup answer its opener', async () => {
    const page = await fetch(`${site.gateway.url}/`)
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
  })
})

function response(policy: Map<string, string[]>): string {
  return [...policy.values()].flat().join(' ')
}

describe('security headers of the gateway, https PUBLIC_URL', () => {
  let site: Awaited<ReturnType<typeof startGateway>>
  beforeAll(async () => {
    site = await startGateway({ publicUrl: 'https://donaciones.example.org', scripts: paymentScripts(readSettings({})) })
  })
  afterAll(async () => {
    await site.close()
  })

  it('adds HSTS and upgrade-insecure-requests, on pages and API answers', async () => {
    for (const path of ['/', '/api/init']) {
      const answer = await fetch(`${site.gateway.url}${path}`)
      expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
      const policy = policyOf(answer)
      expect(policy.has('upgrade-insecure-requests')).toBe(true)
      expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    }
  })

  it("with the providers' own scripts allows what their browser SDKs load, and nothing of the simulator", async () => {
    const policy = policyOf(await fetch(`${site.gateway.url}/`))
    expect(policy.get('script-src')).toEqual(["'self'", placeholderHash, 'https://cdn.conekta.io', 'https://*.conekta.io', 'https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'])
    expect(policy.get('frame-src')).toContain('https://*.paypal.com')
    expect(policy.get('img-src')).toContain('https://s3.amazonaws.com/cash_payment_barcodes/')
    expect(response(policy)).not.toContain('127.0.0.1')
  })
})

describe('the CSP follows the configuration GET /api/init reads', () => {
  it('takes PUBLIC_URL, CONEKTA_TOKENIZER_URL and PAYPAL_SDK_URL from the environment, like paymentScripts', () => {
    const env = { PUBLIC_URL: 'https://sitio.example', CONEKTA_TOKENIZER_URL: 'http://127.0.0.1:5000/conekta/conekta.js', PAYPAL_SDK_URL: 'http://127.0.0.1:5001/paypal/sdk.js' }
    const settings = readSettings(env)
    const options = securityHeadersFromEnv(settings)
    expect(options).toEqual({ publicUrl: 'https://sitio.example', scripts: paymentScripts(settings) })
    expect(providerSources(options.scripts).script).toEqual(['http://127.0.0.1:5000', 'http://127.0.0.1:5001'])
  })

  it('ignores a script URL that does not parse or is not http(s)', () => {
    expect(providerSources({ conektaTokenizer: 'javascript:alert(1)', paypalSdk: 'no es url' })).toEqual({ script: [], connect: [], frame: [], img: [] })
  })
})

describe('the placeholder page (front ends not built) under the CSP', () => {
  it('has exactly one inline script, and the CSP allows it by its hash', async () => {
    const verifier = createTokenVerifier({ jwks: async () => ({ keys: [] }) })
    const auth = { required: authenticate({ verifier, required: true }), optional: authenticate({ verifier, required: false }) }
    const targets = perService((): ServiceTarget => ({ kind: 'remote', urls: ['http://127.0.0.1:9'] }))
    const gateway = await startHttpServer(createGatewayApp({ targets, auth, logger: createLogger('test', { level: 'silent' }), security: { publicUrl: undefined, scripts: simScripts } }), { port: 0 })
    try {
      const page = await fetch(`${gateway.url}/`)
      const html = await page.text()
      const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '')
      expect(scripts).toHaveLength(1)
      const hash = `'sha256-${createHash('sha256').update(scripts[0] ?? '').digest('base64')}'`
      expect(policyOf(page).get('script-src')).toContain(hash)
    } finally {
      await gateway.close()
    }
  })
})
