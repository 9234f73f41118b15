import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readSettings } from '@donaciones/kit'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { pgliteEngine } from '../../support/engines.ts'
import { startMailCatcher, type MailCatcher } from '../../support/mail-catcher.ts'
import { freePort, startPlatformProcess } from '../../support/processes.ts'
import { siteClient, type SiteClient } from '../../support/site-client.ts'
import { startTestSite } from '../../support/site.ts'
import { tinyPng } from '../../support/tiny-png.ts'
import { adminCredentials, simulatorKeys, wizardBody } from '../../support/wizard-payload.ts'

export { adminCredentials, tinyPng }

/**
 * The whole product with the payment simulator as card, cash and wallet provider and a loopback
 * SMTP server catching the e-mails, on a fresh data directory and the embedded engines. By default
 * the platform runs in the test's own process (`startTestSite`): a journey sees the same gateway,
 * services and front end, and a file saves the five seconds of loading every module in a new
 * process (decision 128). `asNpmStart` runs it as `npm start` does instead, in a process of its own,
 * for the journeys that start where a newcomer starts.
 */
export interface BrowserSite extends SiteClient {
  sim: ProviderSim
  mail: MailCatcher
  /** The whole setup wizard through the API (sim keys, the catcher as SMTP); returns the admin token. */
  configure(overrides?: Record<string, unknown>): Promise<string>
  stop(): Promise<void>
}

export interface BrowserSiteOptions {
  /** `npm start`'s entry point in a process of its own, as a newcomer runs it. */
  asNpmStart?: boolean
}

/** `env` adds to the platform's environment (e.g. shorter mail retries). */
export async function startBrowserSite(env: Record<string, string> = {}, options: BrowserSiteOptions = {}): Promise<BrowserSite> {
  const [sim, port] = await Promise.all([startProviderSim(), freePort()])
  const url = `http://127.0.0.1:${port}`
  const environment = {
    // Embedded engines even when the runner has PostgreSQL and NATS configured.
    DATABASE_URL: '',
    NATS_URL: '',
    PUBLIC_URL: url,
    CONEKTA_API_URL: sim.conekta.baseUrl,
    PAYPAL_API_URL: sim.paypal.baseUrl,
    CONEKTA_TOKENIZER_URL: `${sim.conekta.baseUrl}/conekta.js`,
    PAYPAL_SDK_URL: `${sim.paypal.baseUrl}/sdk.js`,
    PAYPAL_WEBHOOK_ID: sim.paypal.webhookId,
    ...env,
  }
  const platform = await (options.asNpmStart ? npmStartSite(environment, port) : startTestSite({ port, publicUrl: url, engine: pgliteEngine, environment, frontendDir: readSettings({ ...process.env, ...environment }).FRONTEND_DIR })).catch(
    async (error: unknown) => {
      await sim.close()
      throw error
    },
  )
  sim.setWebhookUrls({ conekta: `${url}/api/donations/webhooks/conekta`, paypal: `${url}/api/donations/webhooks/paypal` })
  const { api, upload } = siteClient(() => url)
  const { mail } = platform
  return {
    url,
    sim,
    mail,
    api,
    upload,
    async configure(overrides = {}) {
      const [logo, image, thumbnail] = [await upload(), await upload(), await upload()]
      const payload = wizardBody({ logo, image, thumbnail }, mail.port, simulatorKeys(sim), overrides)
      const response = await api('/api/init', { method: 'POST', json: payload })
      if (response.status !== 200) throw new Error(`Configuración fallida: ${response.status} ${await response.text()}`)
      return ((await response.json()) as { token: string }).token
    },
    async stop() {
      await platform.stop()
      await sim.close()
    },
  }
}

/** `npm start` in a process of its own on a fresh data directory, with a mail catcher of its own. */
async function npmStartSite(environment: Record<string, string>, port: number): Promise<{ mail: MailCatcher; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'donaciones-navegador-'))
  const mail = await startMailCatcher()
  const removeAll = async () => {
    await mail.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  const { process: child } = await startPlatformProcess({ DATA_DIR: dataDir, ...environment }, port).catch(async (error: unknown) => {
    await removeAll()
    throw error
  })
  return {
    mail,
    async stop() {
      // Its data directory is thrown away: no need to wait 1.4 s for a graceful shutdown.
      await child.stop('SIGKILL')
      await removeAll()
    },
  }
}
