import { afterAll, beforeAll, expect, it } from 'vitest'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { reconcile } from '../src/commands/reconcile.ts'
import { createDeps } from '../src/deps.ts'
import { resolveOptions } from '../src/options.ts'
import { forEachEngine, chargeWithoutRecording as chargeAt, createCampaign, eventually, json, pointAtProviders, startDonationSite, type DonationSite } from './support.ts'

forEachEngine('reconciliation with the provider (function and scheduled job)', (engine) => {
  let sim: ProviderSim
  let donation: DonationSite
  let campaign: { id: string; slug: string; title: string }

  const chargeWithoutRecording = (amount: number, email: string): Promise<string> => chargeAt(sim, { campaignId: campaign.id, amount, email })
  const approvedEvents = async (donationId: string) =>
    (await donation.site.platform.runtimes.donation.context.store.readStream(`donation-${donationId}`)).filter((event) => event.type === 'DonationApproved').length

  beforeAll(async () => {
    sim = await startProviderSim()
    pointAtProviders(sim, { DONATION_RECONCILE_INTERVAL_MS: '300' })
    donation = await startDonationSite(sim, engine)
    campaign = await createCampaign(donation, { title: 'Reforestación' })
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
  })

  it('the scheduled job records a charged but unrecorded card donation exactly once', async () => {
    const donationId = await chargeWithoutRecording(180, 'pedro@correo.mx')
    const doc = await eventually(async () => {
      const response = await donation.site.api(`/api/donations/${donationId}`, { token: donation.adminToken })
      expect(response.status).toBe(200)
      return json<{ approved: boolean; amount: number; fee: number; type: string }>(response)
    })
    expect(doc).toMatchObject({ approved: true, amount: 180, type: 'conekta' })
    expect(doc.fee).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await approvedEvents(donationId)).toBe(1)
    const deps = createDeps(donation.site.platform.runtimes.donation.context, resolveOptions({}, donation.site.platform.runtimes.donation.context.settings))
    const report = await reconcile(deps, { since: new Date(Date.now() - 3_600_000) })
    expect(report.conekta.paidOrders).toBeGreaterThanOrEqual(1)
    expect(report.conekta.recorded).toBe(0)
    expect(await approvedEvents(donationId)).toBe(1)
    await eventually(async () => {
      const page = await json<{ donations: Array<{ amount: number }> }>(await donation.site.api(`/api/public/campaigns/${campaign.slug}`))
      expect(page.donations.map((entry) => entry.amount)).toEqual([180])
    })
  })

  it('expires OXXO vouchers past their expiry that were never paid', async () => {
    const response = await donation.site.api('/api/donations/oxxopay/request', {
      method: 'POST',
      json: { name: 'Rosa', lastName: 'Luna', email: 'rosa@correo.mx', phone: '5512345678', campaign: campaign.id, amount: 220, user: null },
    })
    expect(response.status).toBe(200)
    const voucher = await json<{ _id: string }>(response)
    const deps = createDeps(donation.site.platform.runtimes.donation.context, resolveOptions({}, donation.site.platform.runtimes.donation.context.settings))
    const early = await reconcile(deps, { since: new Date(Date.now() - 3_600_000) })
    expect(early.oxxo.expired).toBe(0)
    const late = await reconcile(deps, { since: new Date(Date.now() - 3_600_000), now: new Date(Date.now() + 100 * 3_600_000) })
    expect(late.oxxo.expired).toBe(1)
    const doc = await json<{ status: string; approved: boolean }>(await donation.site.api(`/api/donations/${voucher._id}`, { token: donation.adminToken }))
    expect(doc).toMatchObject({ status: 'expired', approved: false })
  })
})
