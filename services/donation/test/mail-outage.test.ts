import { afterAll, beforeAll, expect, it } from 'vitest'
import { undeliveredMailResponseSchema } from '@donaciones/contracts'
import { forEachEngine } from '../../../tests/support/engines.ts'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { cardToken, createCampaign, json, pointAtProviders, startDonationSite, type DonationSite } from './support.ts'

const APPROVED = '4242424242424242'

/**
 * The SMTP server is down while an administrator is created and a donation is made: both answers
 * say the mail is queued, the configuration screen lists what waited more than 15 minutes with the
 * server's reason, and once the server is back each message arrives exactly once.
 */
forEachEngine('mail survives an SMTP outage (through the gateway)', (engine) => {
  let sim: ProviderSim
  let donation: DonationSite

  beforeAll(async () => {
    sim = await startProviderSim()
    // Retries every half second at most, so the test does not wait minutes for the backoff.
    pointAtProviders(sim, { MAIL_RETRY_FIRST_MS: '200', MAIL_RETRY_MAX_MS: '500' })
    donation = await startDonationSite(sim, engine)
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
    delete process.env.MAIL_RETRY_FIRST_MS
    delete process.env.MAIL_RETRY_MAX_MS
  })

  const drainAll = async () => {
    const { runtimes } = donation.site.platform
    await runtimes.identity.context.mail.drain()
    await runtimes.donation.context.mail.drain()
    await runtimes.content.context.mail.drain()
  }
  const mailsTo = (email: string) => donation.site.mail.mails.filter((mail) => mail.to.includes(email))

  it('queues while SMTP is down, shows what waits too long, then delivers each mail once', async () => {
    const { site, adminToken } = donation
    const campaign = await createCampaign(donation, { title: 'Comedor comunitario' })
    await site.mail.stop()

    const adminEmail = 'nueva.admin@fundacion.mx'
    const created = await site.api('/api/users', { method: 'POST', token: adminToken, json: { name: 'Nueva', lastName: 'Admin', email: adminEmail, role: 1, permissions: [] } })
    expect(created.status).toBe(201)
    expect(await json<{ description: string; mailQueued: boolean }>(created)).toMatchObject({
      description: `Se enviará una contraseña provisional a ${adminEmail}`,
      mailQueued: true,
    })
    const donorEmail = 'donante.paciente@correo.mx'
    const paid = await site.api('/api/donations/conekta', {
      method: 'POST',
      json: { token: await cardToken(sim, APPROVED), name: 'Luz Ramírez', amount: 250, campaign: campaign.id, email: donorEmail, phone: '5512345678', user: null },
    })
    expect(paid.status).toBe(200)

    // Both messages reach the content service's outbox and fail there, with the server's reason.
    const contentDb = site.platform.runtimes.content.context
    await expect.poll(async () => (await contentDb.mail.undelivered(-60_000)).filter((mail) => mail.lastError !== null).length, { timeout: 15_000 }).toBe(2)
    const list = async () => {
      const response = await site.api('/api/configuration/mail/undelivered', { token: adminToken })
      expect(response.status).toBe(200)
      return undeliveredMailResponseSchema.parse(await response.json())
    }
    expect((await list()).items).toEqual([])
    await contentDb.db.query(`update ${contentDb.store.schema}.mail_outbox set queued_at = queued_at - interval '16 minutes' where delivered_at is null`)
    const { items } = await list()
    expect(items.map((item) => item.subject).sort()).toEqual(['Gracias por tu donación a Fundación Ejemplo', 'Su contraseña provisional'].sort())
    for (const item of items) expect(item.reason).toMatch(/ECONNREFUSED/)
    expect(JSON.stringify(items)).not.toContain(donorEmail)
    expect(mailsTo(adminEmail)).toEqual([])

    await site.mail.restart()
    await site.mail.waitFor(adminEmail, 15_000)
    await site.mail.waitFor(donorEmail, 15_000)
    await drainAll()
    expect(mailsTo(adminEmail)).toHaveLength(1)
    expect(mailsTo(donorEmail)).toHaveLength(1)
    expect((await list()).items).toEqual([])
  })
})
