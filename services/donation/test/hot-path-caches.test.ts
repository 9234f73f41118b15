import { describe, expect, it } from 'vitest'
import { defaultDonataria, type CampaignDonationStatus } from '@donaciones/contracts'
import type { ServiceDirectory } from '@donaciones/kit'
import express from 'express'
import type { AddressInfo } from 'node:net'
import { CampaignStatusCache, requireOpenCampaign } from '../src/commands/campaign-status.ts'
import { PaymentSettingsCache, type PaymentSettings } from '../src/providers/payment-settings.ts'

const settings = (privateKey: string): PaymentSettings => ({
  conekta: { enabled: true, publicKey: 'key_publica', privateKey },
  paypal: { enabled: false, clientId: '', secret: '' },
  gratitudeMessage: '',
  siteName: 'Fundación',
  maxDonationAmount: 100_000,
  donataria: defaultDonataria,
})

describe('payment settings kept briefly in the donation process', () => {
  it('shares one fetch between concurrent requests and fetches again once the time is up', async () => {
    let clock = 0
    let calls = 0
    const cache = new PaymentSettingsCache(async () => settings(`key_${++calls}`), 2_000, () => clock)
    const first = await Promise.all([cache.get(), cache.get(), cache.get()])
    expect(calls).toBe(1)
    expect(first.map((value) => value.conekta.privateKey)).toEqual(['key_1', 'key_1', 'key_1'])
    clock = 1_999
    expect((await cache.get()).conekta.privateKey).toBe('key_1')
    clock = 2_000
    expect((await cache.get()).conekta.privateKey).toBe('key_2')
    expect(calls).toBe(2)
  })

  it('does not keep a failed fetch', async () => {
    let calls = 0
    const cache = new PaymentSettingsCache(async () => {
      calls += 1
      if (calls === 1) throw new Error('contenido caído')
      return settings('key_ok')
    })
    await expect(cache.get()).rejects.toThrow('contenido caído')
    expect((await cache.get()).conekta.privateKey).toBe('key_ok')
  })
})

describe('campaign donation status kept for a second', () => {
  async function campaignService(answers: Map<string, CampaignDonationStatus>) {
    const app = express()
    let calls = 0
    app.get('/internal/campaigns/:id/donation-status', (req, res) => {
      calls += 1
      const status = answers.get(req.params.id)
      if (!status) res.status(404).json({ message: 'Campaña no encontrada' })
      else res.json(status)
    })
    const server = app.listen(0, '127.0.0.1')
    await new Promise((done) => server.once('listening', done))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const directory: ServiceDirectory = { internalToken: 'interno', urlsOf: (service) => (service === 'campaign' ? [url] : []) }
    return { directory, calls: () => calls, close: () => new Promise((done) => server.close(done)) }
  }

  const id = '6f1c2b1e-8a4b-4a57-9d55-2d1f1e0a9b11'
  const missing = '0b9c4a43-0a8c-4e57-8f0e-5e3f0d7a1c22'

  it('reuses an answer within its time, rechecks the end date, and never keeps an unknown campaign', async () => {
    const endsAt = new Date(Date.now() + 60_000)
    const service = await campaignService(new Map([[id, { campaignId: id, title: 'Útiles', gratitude: null, thumbnail: crypto.randomUUID(), active: true, startsAt: '2026-01-01T06:00:00.000Z', open: true, endsAt: endsAt.toISOString() }]]))
    try {
      let clock = 0
      const cache = new CampaignStatusCache(service.directory, 1_000, () => clock)
      await Promise.all([requireOpenCampaign(cache, id), requireOpenCampaign(cache, id)])
      expect(service.calls()).toBe(1)
      clock = 999
      await requireOpenCampaign(cache, id)
      expect(service.calls()).toBe(1)
      // A kept answer that was open: past its end date the donation is refused all the same.
      await expect(requireOpenCampaign(cache, id, undefined, new Date(endsAt.getTime() + 1))).rejects.toMatchObject({ status: 409, message: 'Campaña finalizada' })
      clock = 1_000
      await requireOpenCampaign(cache, id)
      expect(service.calls()).toBe(2)

      await expect(requireOpenCampaign(cache, missing)).rejects.toMatchObject({ status: 422, message: 'Campaña no encontrada' })
      await expect(requireOpenCampaign(cache, missing)).rejects.toMatchObject({ status: 422 })
      expect(service.calls()).toBe(4)
    } finally {
      await service.close()
    }
  })

  it('refuses an inactive campaign', async () => {
    const service = await campaignService(new Map([[id, { campaignId: id, title: 'Útiles', gratitude: null, thumbnail: crypto.randomUUID(), active: false, startsAt: '2026-01-01T06:00:00.000Z', open: false, endsAt: new Date(Date.now() + 60_000).toISOString() }]]))
    try {
      await expect(requireOpenCampaign(new CampaignStatusCache(service.directory), id)).rejects.toMatchObject({ status: 409, message: 'Campaña no disponible' })
    } finally {
      await service.close()
    }
  })
})
