import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProviderSim, type ConektaOrder, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { startMailCatcher } from '../../../tests/support/mail-catcher.ts'
import { runScript, startPlatformProcess, type RunningProcess } from '../../../tests/support/processes.ts'
import { siteClient, type SiteClient } from '../../../tests/support/site-client.ts'
import type { SiteWithMail } from '../../../tests/support/site.ts'
import { cardToken, configureDonationSite, createCampaign, json, type DonationSite } from './support.ts'

/**
 * The donation process is killed (SIGKILL) right after Conekta charged the card and before the
 * donation was recorded; `npm run reconcile` then records it, exactly once.
 */
describe('fault: killed between the charge and the record, then reconciled', () => {
  let sim: ProviderSim
  let mail: Awaited<ReturnType<typeof startMailCatcher>>
  let proxy: Server
  let platform: RunningProcess | undefined
  let killOnCharge = false
  const dataDir = mkdtempSync(join(tmpdir(), 'donaciones-fault-'))
  let url = ''
  let env: Record<string, string> = {}

  const startPlatform = async () => {
    const started = await startPlatformProcess(env)
    url = started.url
    platform = started.process
  }
  let site: SiteWithMail

  beforeAll(async () => {
    sim = await startProviderSim()
    mail = await startMailCatcher()
    site = Object.assign(siteClient(() => url), { mail })
    // Conekta through a proxy that kills the platform once the charge went through.
    proxy = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        void (async () => {
          const headers: Record<string, string> = {}
          for (const name of ['authorization', 'accept', 'content-type', 'idempotency-key', 'accept-language']) {
            const value = req.headers[name]
            if (typeof value === 'string') headers[name] = value
          }
          const answer = await fetch(`${sim.conekta.baseUrl}${req.url ?? ''}`, { method: req.method ?? 'GET', headers, ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}) })
          const text = await answer.text()
          if (killOnCharge && req.method === 'POST' && req.url?.startsWith('/orders') && answer.status === 200) {
            await platform?.stop('SIGKILL')
            res.destroy()
            return
          }
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text)
        })()
      })
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    env = {
      DATA_DIR: dataDir,
      CONEKTA_API_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      PAYPAL_API_URL: sim.paypal.baseUrl,
      DONATION_RECONCILE_INTERVAL_MS: '0',
      LOG_LEVEL: 'silent',
      // Embedded on purpose: the CLI must use DATA_DIR even when the runner has PostgreSQL set.
      DATABASE_URL: '',
    }
    await startPlatform()
  }, 180_000)
  afterAll(async () => {
    await platform?.stop()
    await new Promise<void>((resolve) => proxy.close(() => resolve()))
    await mail.close()
    await sim.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('records the charged donation exactly once with npm run reconcile', async () => {
    const donation: DonationSite<SiteClient> = await configureDonationSite(site, sim)
    const campaign = await createCampaign(donation, { title: 'Donación interrumpida' })
    killOnCharge = true
    const request = site.api('/api/donations/conekta', {
      method: 'POST',
      json: { token: await cardToken(sim, '4242424242424242'), name: 'Iván Mora', amount: 333, campaign: campaign.id, email: 'ivan@correo.mx', phone: '5512345678' },
    })
    await expect(request).rejects.toThrow()
    await platform?.exited
    killOnCharge = false
    const charged = (sim.conektaOrders() as ConektaOrder[]).filter((order) => order.payment_status === 'paid')
    expect(charged).toHaveLength(1)
    const donationId = String((charged[0]?.metadata as { donationId?: string }).donationId)

    const reconcileOnce = async () => {
      const run = runScript('platform/src/cli/reconcile.ts', [], { ...env, CONEKTA_API_URL: sim.conekta.baseUrl })
      expect(await run.exited).toBe(0)
      return JSON.parse(run.stdout()) as { conekta: { recorded: number } }
    }
    expect((await reconcileOnce()).conekta.recorded).toBe(1)
    expect((await reconcileOnce()).conekta.recorded).toBe(0)

    await startPlatform()
    const doc = await json<{ _id: string; approved: boolean; amount: number; fee: number }>(await site.api(`/api/donations/${donationId}`, { token: donation.adminToken }))
    expect(doc).toMatchObject({ _id: donationId, approved: true, amount: 333 })
    expect(doc.fee).toBe((charged[0]?.charges.data[0]?.fee ?? -1) / 100)
    const list = await json<{ totalDocs: number; total: number }>(await site.api('/api/donations/conekta/card', { token: donation.adminToken }))
    expect(list).toMatchObject({ totalDocs: 1, total: 333 })
  }, 300_000) // two runs of the command and a platform restart, each a process of its own: minutes on a busy 2-core machine
})
