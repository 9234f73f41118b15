import { afterAll, beforeAll, expect, it } from 'vitest'
import type { HistoricalEvent, MonthlyDonationResponse, MonthlyDonorListResponse, MonthlyLinkResponse } from '@donaciones/contracts'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { reconcile } from '../src/index.ts'
import { createDeps } from '../src/deps.ts'
import { resolveOptions } from '../src/options.ts'
import { cardToken, createCampaign, eventually, forEachEngine, json, pointAtProviders, startDonationSite, type DonationSite } from './support.ts'

const APPROVED = '4242424242424242'
const DECLINED = '4000000000000002'

forEachEngine('monthly card donations (through the gateway, with the provider simulator and its webhooks)', (engine) => {
  let sim: ProviderSim
  let donation: DonationSite
  let campaign: { id: string; slug: string; title: string }

  const startMonthly = async (email: string, amount = 250, key: string = crypto.randomUUID(), number = APPROVED) => {
    const body = { token: await cardToken(sim, number), name: 'Ana Pérez', amount, campaign: campaign.id, email, phone: '5511112222', user: null }
    return donation.site.api('/api/donations/monthly', { method: 'POST', json: body, headers: { 'Idempotency-Key': key } })
  }
  const started = async (email: string, amount = 250) => {
    const response = await startMonthly(email, amount)
    expect(response.status).toBe(200)
    const body = await json<MonthlyDonationResponse>(response)
    const subscription = sim.conektaSubscriptions().at(-1)
    if (!subscription) throw new Error('Sin suscripción en el simulador')
    return { body, providerId: subscription.id }
  }
  const monthlyRow = async (id: string) => {
    const list = await json<MonthlyDonorListResponse>(await donation.site.api('/api/donations/monthly?status=all', { token: donation.adminToken }))
    return list.docs.find((row) => row._id === id)
  }
  const store = () => donation.site.platform.runtimes.donation.context.store
  const countEvents = async (type: string, subscriptionId: string) => {
    const { rows } = await store().db.query<{ n: string | number }>(
      `select count(*) as n from "${store().schema}".events where type = $1 and (data->'monthly'->>'subscriptionId' = $2 or data->>'subscriptionId' = $2)`,
      [type, subscriptionId],
    )
    return Number(rows[0]?.n ?? 0)
  }
  const mailTo = (email: string, text: RegExp) =>
    eventually(async () => {
      const found = donation.site.mail.mails.find((candidate) => candidate.to.includes(email) && text.test(candidate.text))
      expect(found).toBeDefined()
      return found
    })
  const linkIn = async (email: string, text: RegExp) => {
    const mail = await mailTo(email, text)
    const token = /donacion-mensual\?token=([^\s"<]+)/.exec(mail?.text ?? '')?.[1]
    if (!token) throw new Error(`Sin enlace en el correo: ${mail?.text}`)
    return decodeURIComponent(token)
  }
  const deps = () => createDeps(donation.site.platform.runtimes.donation.context, resolveOptions({}, donation.site.platform.runtimes.donation.context.settings))

  beforeAll(async () => {
    sim = await startProviderSim()
    pointAtProviders(sim)
    donation = await startDonationSite(sim, engine)
    campaign = await createCampaign(donation, { title: 'Comedor comunitario' })
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
  })

  it('charges the first month at once and records three paid months as three approved donations, however often each webhook comes', async () => {
    const before = await json<{ total: number }>(await donation.site.api('/api/donations/conekta/card/counters/info', { token: donation.adminToken }))
    const { body, providerId } = await started('mensual@correo.mx')
    expect(body).toMatchObject({ approved: true, amount: 250, type: 'conekta', monthly: { status: 'active', amount: 250 } })
    expect(body.monthly.nextChargeAt).not.toBeNull()

    for (const month of [2, 3]) {
      const advanced = await sim.advanceSubscription(providerId, { deliveries: 2 })
      expect(advanced, `mes ${month}`).toMatchObject({ paid: true, events: ['subscription.paid'] })
    }
    const row = await eventually(async () => {
      const found = await monthlyRow(body.monthly._id)
      expect(found?.monthsPaid).toBe(3)
      return found
    })
    expect(row).toMatchObject({ status: 'active', amount: 250, total: 750, campaign: { title: 'Comedor comunitario' }, card: { last4: '4242' } })
    expect(await countEvents('DonationApproved', body.monthly._id)).toBe(3)
    const after = await json<{ total: number }>(await donation.site.api('/api/donations/conekta/card/counters/info', { token: donation.adminToken }))
    expect(after.total - before.total).toBe(750)
    const cancelToken = await linkIn('mensual@correo.mx', /Recibimos tu donación/)
    expect(cancelToken.length).toBeGreaterThan(20)
  })

  it('answers a retried start with the same donation and subscribes once', async () => {
    const key = crypto.randomUUID()
    const first = await json<MonthlyDonationResponse>(await startMonthly('reintento@correo.mx', 300, key))
    const subscriptions = sim.conektaSubscriptions().length
    const again = await startMonthly('reintento@correo.mx', 300, key)
    // Another token is another body: the key is refused with it.
    expect(again.status).toBe(422)
    expect(sim.conektaSubscriptions().length).toBe(subscriptions)
    expect(first.monthly.status).toBe('active')
  })

  it('refuses a declined card (402, Spanish) and starts nothing', async () => {
    const subscriptions = sim.conektaSubscriptions().length
    const response = await startMonthly('rechazo@correo.mx', 200, crypto.randomUUID(), DECLINED)
    expect(response.status).toBe(402)
    expect(await response.json()).toEqual({ message: 'Pago rechazado', description: 'Su banco rechazó la tarjeta; verifique los datos o intente con otro método de pago.' })
    expect(sim.conektaSubscriptions().length).toBe(subscriptions)
  })

  it('records a failed month with the bank reason, suspends after the last retry, mails a card link that works once', async () => {
    const { body, providerId } = await started('suspension@correo.mx', 400)
    const first = await sim.advanceSubscription(providerId, { outcome: 'declined' })
    expect(first).toMatchObject({ paid: false, events: ['subscription.payment_failed'] })
    await sim.advanceSubscription(providerId)
    const last = await sim.advanceSubscription(providerId)
    expect(last.events).toEqual(['subscription.payment_failed', 'subscription.paused'])
    const row = await eventually(async () => {
      const found = await monthlyRow(body.monthly._id)
      expect(found?.status).toBe('suspended')
      return found
    })
    expect(row?.suspendedReason).toBeTruthy()
    expect(row?.nextChargeAt).toBeNull()
    expect(await countEvents('DonationFailed', body.monthly._id)).toBe(3)

    const token = await linkIn('suspension@correo.mx', /Para registrar otra tarjeta/)
    const info = await json<MonthlyLinkResponse>(await donation.site.api(`/api/donations/monthly/link?token=${encodeURIComponent(token)}`))
    expect(info).toMatchObject({ action: 'card', status: 'suspended', amount: 400, campaign: { title: 'Comedor comunitario' } })

    const updated = await donation.site.api('/api/donations/monthly/card', { method: 'POST', json: { token, cardToken: await cardToken(sim, '5555555555554444') } })
    expect(updated.status).toBe(200)
    expect(await json<MonthlyLinkResponse>(updated)).toMatchObject({ status: 'active', card: { last4: '4444' } })
    const resumed = await eventually(async () => {
      const found = await monthlyRow(body.monthly._id)
      expect(found?.monthsPaid).toBe(2)
      return found
    })
    expect(resumed?.nextChargeAt).not.toBeNull()

    const reused = await donation.site.api('/api/donations/monthly/card', { method: 'POST', json: { token, cardToken: await cardToken(sim, APPROVED) } })
    expect(reused.status).toBe(409)
    expect(await reused.text()).toContain('Este enlace ya se usó')
  })

  it('cancels from the link in the e-mail once, however often it is clicked, at the provider too', async () => {
    const { body, providerId } = await started('cancela@correo.mx', 150)
    const token = await linkIn('cancela@correo.mx', /Recibimos tu donación/)
    for (let click = 0; click < 2; click++) {
      const response = await donation.site.api('/api/donations/monthly/cancel', { method: 'POST', json: { token } })
      expect(response.status).toBe(200)
      expect(await json<MonthlyLinkResponse>(response)).toMatchObject({ status: 'cancelled', nextChargeAt: null })
    }
    expect(await countEvents('MonthlyDonationCancelled', body.monthly._id)).toBe(1)
    expect(sim.conektaSubscriptions().find((subscription) => subscription.id === providerId)?.status).toBe('canceled')
    await eventually(async () => expect((await monthlyRow(body.monthly._id))?.status).toBe('cancelled'))
    await mailTo('cancela@correo.mx', /Cancelamos tu donación mensual/)

    const history = await eventually(async () => {
      const entries = await json<HistoricalEvent[]>(await donation.site.api(`/api/historical?module=donation&document=${body.monthly._id}`, { token: donation.adminToken }))
      expect(entries).toHaveLength(2)
      return entries
    })
    expect(history.map(({ label, title, cause }) => ({ label, title, cause })).sort((a, b) => a.cause.localeCompare(b.cause))).toEqual([
      { label: 'Donación', title: 'Donación mensual de Ana Pérez', cause: 'Cancelación' },
      { label: 'Donación', title: 'Donación mensual de Ana Pérez', cause: 'Creación' },
    ])
  })

  it('records a month whose webhook was lost when reconciliation runs, once', async () => {
    const { body, providerId } = await started('perdido@correo.mx', 120)
    await sim.advanceSubscription(providerId, { deliveries: 0 })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await countEvents('DonationApproved', body.monthly._id)).toBe(1)
    const report = await reconcile(deps(), { since: new Date(Date.now() - 3_600_000) })
    expect(report.conekta.recorded).toBe(1)
    expect(await countEvents('DonationApproved', body.monthly._id)).toBe(2)
    expect((await reconcile(deps(), { since: new Date(Date.now() - 3_600_000) })).conekta.recorded).toBe(0)
    expect(await countEvents('DonationApproved', body.monthly._id)).toBe(2)
  })

  it('refuses links it did not sign (404, Spanish) and admin reads without a session (401)', async () => {
    const forged = await donation.site.api('/api/donations/monthly/cancel', { method: 'POST', json: { token: 'eyJzIjoieCIsImEiOiJjYW5jZWwifQ.firma' } })
    expect(forged.status).toBe(404)
    expect(await forged.text()).toContain('El enlace no es válido')
    expect((await donation.site.api('/api/donations/monthly')).status).toBe(401)
  })
})
