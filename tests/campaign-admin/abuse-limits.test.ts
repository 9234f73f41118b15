import { afterAll, beforeAll, expect, it } from 'vitest'
import { forEachEngine } from '../support/engines.ts'
import { json } from '../support/site.ts'
import { campaignPayload, createCampaign, startCampaignSite, type CampaignSite } from './fixtures.ts'

/**
 * Writes by users (role 2) have limits of their own, counted by the kit's attempt mechanism:
 * 10 comments per user in 10 minutes, 20 images per user a day (administrators have no quota).
 */
forEachEngine('per-user limits on comments and uploads (through the gateway)', (engine) => {
  let campaignSite: CampaignSite

  beforeAll(async () => {
    campaignSite = await startCampaignSite('limites.usuario@correo.mx', engine)
  })
  afterAll(() => campaignSite.site.stop())

  const expectTooMany = async (response: Response, message: string, description: RegExp) => {
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    const body = await json<{ message: string; description: string }>(response)
    expect(body.message).toBe(message)
    expect(body.description).toMatch(description)
  }

  it('takes ten comments from a user in ten minutes, then answers 429 in Spanish and stores nothing more', async () => {
    const { site, admin, refs, member } = campaignSite
    const campaign = await createCampaign(site, admin, campaignPayload(refs))
    const comment = (text: string) => site.api(`/api/campaigns/${campaign._id}/comments`, { method: 'POST', token: member, json: { comment: text, campaign: campaign._id } })
    for (let index = 1; index <= 10; index += 1) expect((await comment(`Mucho ánimo ${index}`)).status).toBe(201)
    await expectTooMany(await comment('Uno más'), 'Demasiados comentarios', /^Publicó varios comentarios seguidos\. Intente de nuevo en \d+ minutos?\.$/)
    const stored = await json<Array<{ comment: string }>>(await site.api(`/api/public/campaigns/${campaign.slug}/comments`))
    expect(stored.map((entry) => entry.comment)).not.toContain('Uno más')
    expect(stored).toHaveLength(10)
  })

  it('takes twenty images a day from a user, then answers 429; a refused file does not count and administrators have no quota', async () => {
    const { site, admin, member } = campaignSite
    const notImage = new FormData()
    notImage.append('file', new Blob([new TextEncoder().encode('no es imagen')], { type: 'image/png' }), 'falsa.png')
    expect((await site.api('/api/files', { method: 'POST', body: notImage, token: member })).status).toBe(422)
    for (let index = 1; index <= 20; index += 1) await site.upload(member)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(await (await site.api(`/api/files/${await site.upload(admin)}/raw`)).arrayBuffer())], { type: 'image/png' }), 'otra.png')
    await expectTooMany(await site.api('/api/files', { method: 'POST', body: form, token: member }), 'Límite de imágenes alcanzado', /^Puede subir hasta 20 imágenes por día\. Intente de nuevo en \d+ horas?\.$/)
    expect(await site.upload(admin)).toMatch(/\S/)
  })
})
