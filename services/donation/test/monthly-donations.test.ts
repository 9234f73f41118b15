import { createHmac, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { HistoricalEvent, MonthlyDonationResponse, MonthlyDonorListResponse, MonthlyLinkResponse } from '@donaciones/contracts'
import { readXlsxCells } from '@donaciones/xlsx'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { expectMexicoCityDateTime } from '../../../tests/support/xlsx-dates.ts'
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
  /** The tokens of every mail to `email` whose text matches, oldest first (the first link of each mail). */
  const linksIn = async (email: string, text: RegExp, count: number) =>
    eventually(async () => {
      const tokens = donation.site.mail.mails
        .filter((candidate) => candidate.to.includes(email) && text.test(candidate.text))
        .map((candidate) => /donacion-mensual\?token=([^\s"<]+)/.exec(candidate.text)?.[1])
      expect(tokens).toHaveLength(count)
      return tokens.map((token) => decodeURIComponent(token ?? ''))
    })
  /** Three declined months: the provider pauses the subscription and we suspend it. */
  const suspend = async (providerId: string, subscriptionId: string) => {
    await sim.advanceSubscription(providerId, { outcome: 'declined' })
    await sim.advanceSubscription(providerId)
    await sim.advanceSubscription(providerId)
    await eventually(async () => expect((await monthlyRow(subscriptionId))?.status).toBe('suspended'))
  }
  const providerSubscription = (providerId: string) => sim.conektaSubscriptions().find((subscription) => subscription.id === providerId)
  const linkInfo = async (token: string) => json<MonthlyLinkResponse>(await donation.site.api(`/api/donations/monthly/link?token=${encodeURIComponent(token)}`))
  const giveCard = async (token: string, number: string) =>
    donation.site.api('/api/donations/monthly/card', { method: 'POST', json: { token, cardToken: await cardToken(sim, number) } })
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

  it('exports the monthly donors with the start and the next charge as real date-time cells on Mexico City\'s clock', async () => {
    const { body } = await started('hoja@correo.mx', 275)
    const row = await eventually(async () => {
      const found = await monthlyRow(body.monthly._id)
      expect(found?.nextChargeAt).toBeTruthy()
      return found
    })
    const response = await donation.site.api('/api/donations/monthly/export?status=all', { token: donation.adminToken })
    expect(response.status).toBe(200)
    const cells = await readXlsxCells(Buffer.from(await response.arrayBuffer()))
    expect(cells[0]?.map((cell) => cell.value)).toContain('Inicio')
    const exported = cells.find((candidate) => candidate[2]?.value === 'hoja@correo.mx')
    expectMexicoCityDateTime(exported?.[5], row?.startedAt ?? '')
    expectMexicoCityDateTime(exported?.[6], row?.nextChargeAt ?? '')
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

  it('keeps a suspended donation and its card link after a declined card (402, Spanish), then resumes with a card that is accepted', async () => {
    const { body, providerId } = await started('rechazada@correo.mx', 180)
    await suspend(providerId, body.monthly._id)
    const token = await linkIn('rechazada@correo.mx', /Para registrar otra tarjeta/)
    const failedBefore = await countEvents('DonationFailed', body.monthly._id)

    const declined = await giveCard(token, DECLINED)
    expect(declined.status).toBe(402)
    const refusal = await json<{ message: string; description: string }>(declined)
    expect(refusal).toEqual({ message: 'Pago rechazado', description: 'Su banco rechazó la tarjeta; verifique los datos o registre otra tarjeta. Su donación mensual sigue pausada y este enlace sigue sirviendo.' })
    expect(await linkInfo(token)).toMatchObject({ action: 'card', usable: true, status: 'suspended', card: { last4: '4242' } })
    expect((await monthlyRow(body.monthly._id))?.status).toBe('suspended')
    expect(await countEvents('MonthlyDonationCardUpdated', body.monthly._id)).toBe(0)
    // The provider charged the month with the declined card: that month is a failed donation.
    expect(await countEvents('DonationFailed', body.monthly._id)).toBe(failedBefore + 1)

    const accepted = await giveCard(token, '5555555555554444')
    expect(accepted.status, await accepted.clone().text()).toBe(200)
    expect(await json<MonthlyLinkResponse>(accepted)).toMatchObject({ status: 'active', usable: false, card: { last4: '4444' } })
    await eventually(async () => expect((await monthlyRow(body.monthly._id))?.status).toBe('active'))
    expect(providerSubscription(providerId)?.status).toBe('active')
    expect((await giveCard(token, APPROVED)).status).toBe(409)
  })

  it('does only what a link was signed for: a card link does not cancel, a cancel link does not change the card (403, Spanish)', async () => {
    const { body, providerId } = await started('accion@correo.mx', 220)
    const cancelToken = await linkIn('accion@correo.mx', /Recibimos tu donación/)
    await suspend(providerId, body.monthly._id)
    const cardLink = await linkIn('accion@correo.mx', /Para registrar otra tarjeta/)
    const cardBefore = providerSubscription(providerId)?.card_id

    const cancelledByCardLink = await donation.site.api('/api/donations/monthly/cancel', { method: 'POST', json: { token: cardLink } })
    expect(cancelledByCardLink.status).toBe(403)
    expect(await json<{ description: string }>(cancelledByCardLink)).toMatchObject({ description: expect.stringContaining('use el enlace de cancelación de su correo') })
    expect(providerSubscription(providerId)?.status).toBe('paused')
    expect(await countEvents('MonthlyDonationCancelled', body.monthly._id)).toBe(0)

    const cardByCancelLink = await giveCard(cancelToken, APPROVED)
    expect(cardByCancelLink.status).toBe(403)
    expect(await json<{ message: string }>(cardByCancelLink)).toMatchObject({ message: 'Enlace no válido para cambiar la tarjeta' })
    expect(providerSubscription(providerId)).toMatchObject({ status: 'paused', card_id: cardBefore })
    expect(await countEvents('MonthlyDonationCardUpdated', body.monthly._id)).toBe(0)
    expect(await linkInfo(cancelToken)).toMatchObject({ action: 'cancel', usable: true, status: 'suspended' })

    // Each link still does its own action.
    expect((await giveCard(cardLink, APPROVED)).status).toBe(200)
    const cancelled = await donation.site.api('/api/donations/monthly/cancel', { method: 'POST', json: { token: cancelToken } })
    expect(cancelled.status).toBe(200)
    expect(providerSubscription(providerId)?.status).toBe('canceled')
  })

  it('binds a card link to its suspension: the link of an earlier suspension does not work in a later one', async () => {
    const { body, providerId } = await started('dos-pausas@correo.mx', 130)
    await suspend(providerId, body.monthly._id)
    const [first] = await linksIn('dos-pausas@correo.mx', /Para registrar otra tarjeta/, 1)
    expect((await giveCard(first ?? '', APPROVED)).status).toBe(200)
    await eventually(async () => expect((await monthlyRow(body.monthly._id))?.status).toBe('active'))

    await suspend(providerId, body.monthly._id)
    const [earlier, later] = await linksIn('dos-pausas@correo.mx', /Para registrar otra tarjeta/, 2)
    expect(earlier).toBe(first)
    const cardBefore = providerSubscription(providerId)?.card_id
    expect(await linkInfo(earlier ?? '')).toMatchObject({ action: 'card', status: 'suspended', usable: false })
    const stale = await giveCard(earlier ?? '', '5555555555554444')
    expect(stale.status).toBe(409)
    expect(await json<{ description: string }>(stale)).toMatchObject({ description: 'Este enlace es de un aviso anterior; use el enlace del correo más reciente' })
    expect(providerSubscription(providerId)).toMatchObject({ status: 'paused', card_id: cardBefore })
    expect((await monthlyRow(body.monthly._id))?.status).toBe('suspended')

    expect(await linkInfo(later ?? '')).toMatchObject({ usable: true })
    expect((await giveCard(later ?? '', '5555555555554444')).status).toBe(200)
  })

  it('refuses a correctly shaped link of a real subscription whose signature is not ours (404, Spanish) and changes nothing', async () => {
    const { body, providerId } = await started('falsa@correo.mx', 160)
    const genuine = await linkIn('falsa@correo.mx', /Recibimos tu donación/)
    const [payload, signature] = genuine.split('.')
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'))).toMatchObject({ s: body.monthly._id, a: 'cancel' })
    const otherKey = createHmac('sha256', randomBytes(32)).update(payload ?? '').digest('base64url')
    expect(otherKey.length).toBe(signature?.length)
    // The same subscription and action signed with another key; a card link of our own making for it; the genuine signature under another payload.
    const cardPayload = Buffer.from(JSON.stringify({ s: body.monthly._id, a: 'card', v: 2 })).toString('base64url')
    const forgeries = [`${payload}.${otherKey}`, `${cardPayload}.${createHmac('sha256', 'adivinanza').update(cardPayload).digest('base64url')}`, `${cardPayload}.${signature}`]
    for (const token of forgeries) {
      expect((await donation.site.api(`/api/donations/monthly/link?token=${encodeURIComponent(token)}`)).status, token).toBe(404)
      const forged = await donation.site.api('/api/donations/monthly/cancel', { method: 'POST', json: { token } })
      expect(forged.status, token).toBe(404)
      expect(await forged.text()).toContain('El enlace no es válido')
    }
    expect(providerSubscription(providerId)?.status).toBe('active')
    expect(await countEvents('MonthlyDonationCancelled', body.monthly._id)).toBe(0)
    expect((await monthlyRow(body.monthly._id))?.status).toBe('active')
  })

  it('refuses links it did not sign (404, Spanish) and admin reads without a session (401)', async () => {
    const forged = await donation.site.api('/api/donations/monthly/cancel', { method: 'POST', json: { token: 'eyJzIjoieCIsImEiOiJjYW5jZWwifQ.firma' } })
    expect(forged.status).toBe(404)
    expect(await forged.text()).toContain('El enlace no es válido')
    expect((await donation.site.api('/api/donations/monthly')).status).toBe(401)
  })
})
