import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { startMailCatcher } from '../../support/mail-catcher.ts'
import { freePort, startPlatformProcess, type RunningProcess } from '../../support/processes.ts'
import { siteClient, type SiteClient } from '../../support/site-client.ts'
import { tinyPng } from '../../support/tiny-png.ts'
import { adminCredentials, simulatorKeys, wizardBody } from '../../support/wizard-payload.ts'

export { adminCredentials, tinyPng }

/**
 * The product as `npm start` runs it (the embedded entry point in its own process, on a fresh
 * data directory), with the payment simulator as card, cash and wallet provider and a loopback
 * SMTP server catching the e-mails.
 */
export interface BrowserSite extends SiteClient {
  sim: ProviderSim
  mail: Awaited<ReturnType<typeof startMailCatcher>>
  process: RunningProcess
  /** The whole setup wizard through the API (sim keys, the catcher as SMTP); returns the admin token. */
  configure(overrides?: Record<string, unknown>): Promise<string>
  stop(): Promise<void>
}

/** `env` adds to the platform's environment (e.g. shorter mail retries). */
export async function startBrowserSite(env: Record<string, string> = {}): Promise<BrowserSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'donaciones-navegador-'))
  const [sim, mail, port] = await Promise.all([startProviderSim(), startMailCatcher(), freePort()])
  const url = `http://127.0.0.1:${port}`
  const { process: child } = await startPlatformProcess(
    {
      DATA_DIR: dataDir,
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
    },
    port,
  )
  sim.setWebhookUrls({ conekta: `${url}/api/donations/webhooks/conekta`, paypal: `${url}/api/donations/webhooks/paypal` })
  const { api, upload } = siteClient(() => url)
  return {
    url,
    sim,
    mail,
    process: child,
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
      // Its data directory is thrown away: no need to wait 1.4 s for a graceful shutdown.
      await child.stop('SIGKILL')
      await Promise.all([sim.close(), mail.close()])
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
