import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { json, type TestSite } from '../support/site.ts'
import {
  activation,
  campaignPayload,
  createCampaign,
  deactivation,
  expectInvalid,
  startCampaignSite,
  uniqueText,
  update,
  type CampaignRefs,
  type CampaignView,
  type CatalogRecord,
  type CommentView,
} from './fixtures.ts'

const REQUIRED = 'Campo requerido'
const max = (length: number) => `El máximo de caracteres es de ${length}`

/** Every validation message of spec §5 for the campaign service, at each boundary, through the gateway. */
describe('validation of institutions, categories, campaigns and comments', () => {
  let site: TestSite
  let admin = ''
  let member = ''
  let refs: CampaignRefs

  beforeAll(async () => {
    ;({ site, admin, refs, member } = await startCampaignSite('comenta@correo.mx'))
  }, 180_000)
  afterAll(() => site.stop())

  const catalogs = [
    { path: '/api/institutions', label: 'name' },
    { path: '/api/categories', label: 'title' },
  ] as const

  for (const { path, label } of catalogs) {
    describe(path, () => {
      const post = (body: Record<string, unknown>) => site.api(path, { method: 'POST', token: admin, json: body })

      it(`accepts a ${label} of 40 characters and refuses 41`, async () => {
        const accepted = await post({ [label]: uniqueText('Límite', 40), description: 'Descripción' })
        expect(accepted.status).toBe(201)
        expect((await json<{ message: string }>(accepted)).message).toBe('Registro guardado')
        await expectInvalid(await post({ [label]: uniqueText('Límite', 41), description: 'Descripción' }), [{ path: label, message: max(40) }])
      })

      it('accepts a description of 200 characters and refuses 201', async () => {
        expect((await post({ [label]: uniqueText('Descripción', 30), description: 'd'.repeat(200) })).status).toBe(201)
        await expectInvalid(await post({ [label]: uniqueText('Descripción', 30), description: 'd'.repeat(201) }), [{ path: 'description', message: max(200) }])
      })

      it(`requires the ${label} and the description (blank counts as missing)`, async () => {
        await expectInvalid(await post({ description: 'Descripción' }), [{ path: label, message: REQUIRED }])
        await expectInvalid(await post({ [label]: '   ', description: 'Descripción' }), [{ path: label, message: REQUIRED }])
        await expectInvalid(await post({ [label]: uniqueText('Sin descripción', 30) }), [{ path: 'description', message: REQUIRED }])
      })

      describe('updates and toggles', () => {
        let id = ''
        const put = (body: unknown) => site.api(`${path}/${id}`, { method: 'PUT', token: admin, json: body })
        const current = async () => json<CatalogRecord>(await site.api(`${path}/${id}`, { token: admin }))
        beforeAll(async () => {
          id = (await json<CatalogRecord>(await post({ [label]: uniqueText('Editable', 30), description: 'Original' })))._id
        })

        it('applies the same limits to an update', async () => {
          await expectInvalid(await put({ payload: { [label]: uniqueText('Larga', 41), description: 'x' }, historical: update }), [{ path: `payload.${label}`, message: max(40) }])
          await expectInvalid(await put({ payload: { [label]: 'Corta', description: 'd'.repeat(201) }, historical: update }), [{ path: 'payload.description', message: max(200) }])
          expect((await current()).description).toBe('Original')
        })

        it('refuses an update without a justification, or with an empty one', async () => {
          await expectInvalid(await put({ payload: { [label]: 'Sin justificar', description: 'Cambiada' } }), [{ path: 'historical', message: REQUIRED }])
          await expectInvalid(await put({ payload: { [label]: 'Sin justificar', description: 'Cambiada' }, historical: { cause: 'Actualización', description: ' ' } }), [
            { path: 'historical.description', message: REQUIRED },
          ])
          expect((await current()).description).toBe('Original')
        })

        it('refuses a toggle without a justification or whose cause does not match', async () => {
          await expectInvalid(await put({ payload: { active: false } }), [{ path: 'historical', message: REQUIRED }])
          await expectInvalid(await put({ payload: { active: false }, historical: activation }), [{ path: 'historical.cause', message: 'Opción inválida' }])
          await expectInvalid(await put({ payload: { active: true }, historical: deactivation }), [{ path: 'historical.cause', message: 'Opción inválida' }])
          await expectInvalid(await put({ payload: { active: false }, historical: { cause: 'Desactivación' } }), [{ path: 'historical.description', message: REQUIRED }])
          expect((await current()).active).toBe(true)
        })

        it('accepts a justified toggle', async () => {
          const response = await put({ payload: { active: false }, historical: deactivation })
          expect(response.status).toBe(200)
          expect((await json<{ message: string }>(response)).message).toBe('Registro desactivado')
          expect((await current()).active).toBe(false)
        })
      })
    })
  }

  describe('/api/campaigns', () => {
    const post = (overrides: Record<string, unknown>) => site.api('/api/campaigns', { method: 'POST', token: admin, json: campaignPayload(refs, overrides) })
    const accepted = async (overrides: Record<string, unknown>) => {
      const response = await post(overrides)
      expect(response.status, await response.clone().text()).toBe(201)
      return json<CampaignView>(response)
    }

    it('title: 40 accepted, 41 refused, required', async () => {
      await accepted({ title: uniqueText('Título', 40) })
      await expectInvalid(await post({ title: uniqueText('Título', 41) }), [{ path: 'title', message: max(40) }])
      await expectInvalid(await post({ title: undefined }), [{ path: 'title', message: REQUIRED }])
    })

    it('description: 100 accepted, 101 refused, required', async () => {
      await accepted({ description: 'd'.repeat(100) })
      await expectInvalid(await post({ description: 'd'.repeat(101) }), [{ path: 'description', message: max(100) }])
      await expectInvalid(await post({ description: '' }), [{ path: 'description', message: REQUIRED }])
    })

    it('goal: -1 negative, 0 and 10,000,000 accepted, 10,000,001 over the maximum', async () => {
      await expectInvalid(await post({ goal: -1 }), [{ path: 'goal', message: 'Los números negativos no son válidos' }])
      expect((await accepted({ goal: 0 })).goal).toBe(0)
      expect((await accepted({ goal: 10_000_000 })).goal).toBe(10_000_000)
      await expectInvalid(await post({ goal: 10_000_001 }), [{ path: 'goal', message: 'Ha sobrepasado el máximo de donaciones' }])
    })

    it('goal: required while the card and wallet providers are enabled', async () => {
      await expectInvalid(await post({ goal: undefined }), [{ path: 'goal', message: REQUIRED }])
      await expectInvalid(await post({ goal: null }), [{ path: 'goal', message: REQUIRED }])
      await expectInvalid(await post({ goal: '5000' }), [{ path: 'goal', message: REQUIRED }])
    })

    it('duration: 0 below the minimum, 1 and 200 accepted, 201 above the maximum, required', async () => {
      await expectInvalid(await post({ duration: 0 }), [{ path: 'duration', message: 'El mínimo de días es 1' }])
      expect((await accepted({ duration: 1 })).duration).toBe(1)
      expect((await accepted({ duration: 200 })).duration).toBe(200)
      await expectInvalid(await post({ duration: 201 }), [{ path: 'duration', message: 'El máximo de días es 200' }])
      await expectInvalid(await post({ duration: undefined }), [{ path: 'duration', message: REQUIRED }])
    })

    it('gratitude: optional, 500 accepted, 501 refused', async () => {
      expect((await accepted({ gratitude: undefined })).gratitude).toBeNull()
      expect((await accepted({ gratitude: 'g'.repeat(500) })).gratitude).toHaveLength(500)
      await expectInvalid(await post({ gratitude: 'g'.repeat(501) }), [{ path: 'gratitude', message: max(500) }])
    })

    it("categories: an empty or missing list is 'Campo requerido'; an unknown category is refused", async () => {
      await expectInvalid(await post({ categories: [] }), [{ path: 'categories', message: REQUIRED }])
      await expectInvalid(await post({ categories: undefined }), [{ path: 'categories', message: REQUIRED }])
      const unknown = '00000000-0000-4000-8000-000000000000'
      await expectInvalid(await post({ categories: [unknown] }), [{ path: 'categories', message: 'La categoría seleccionada no existe' }])
      await expectInvalid(await post({ institution: unknown }), [{ path: 'institution', message: 'La institución seleccionada no existe' }])
    })

    it('thumbnail, date, content and visibility are required', async () => {
      await expectInvalid(await post({ thumbnail: undefined }), [{ path: 'thumbnail', message: REQUIRED }])
      await expectInvalid(await post({ date: undefined }), [{ path: 'date', message: REQUIRED }])
      await expectInvalid(await post({ date: '31/12/2026' }), [{ path: 'date', message: 'Fecha inválida' }])
      await expectInvalid(await post({ content: '' }), [{ path: 'content', message: REQUIRED }])
      await expectInvalid(await post({ visibility: undefined }), [{ path: 'visibility', message: REQUIRED }])
    })

    it("content that is empty once sanitised (only a script or an iframe) is 'Campo requerido', not stored blank", async () => {
      const title = uniqueText('Solo script', 30)
      await expectInvalid(await post({ title, content: '<script>alert(1)</script>' }), [{ path: 'content', message: REQUIRED }])
      await expectInvalid(await post({ title, content: '<iframe src="https://example.com"></iframe><p> </p>' }), [{ path: 'content', message: REQUIRED }])
      const list = await json<CampaignView[]>(await site.api('/api/campaigns', { token: admin }))
      expect(list.map((campaign) => campaign.title)).not.toContain(title)
    })

    describe('updates and toggles', () => {
      let campaign: CampaignView
      let body: Record<string, unknown>
      const put = (payload: unknown) => site.api(`/api/campaigns/${campaign._id}`, { method: 'PUT', token: admin, json: payload })
      const current = async () => json<CampaignView>(await site.api(`/api/campaigns/${campaign._id}`, { token: admin }))
      beforeAll(async () => {
        body = campaignPayload(refs)
        campaign = await createCampaign(site, admin, body)
      })

      it('applies the limits to an update', async () => {
        await expectInvalid(await put({ payload: { ...body, title: uniqueText('Larga', 41) }, historical: update }), [{ path: 'payload.title', message: max(40) }])
        await expectInvalid(await put({ payload: { ...body, goal: 10_000_001 }, historical: update }), [{ path: 'payload.goal', message: 'Ha sobrepasado el máximo de donaciones' }])
        await expectInvalid(await put({ payload: { ...body, duration: 201 }, historical: update }), [{ path: 'payload.duration', message: 'El máximo de días es 200' }])
        await expectInvalid(await put({ payload: { ...body, goal: undefined }, historical: update }), [{ path: 'payload.goal', message: REQUIRED }])
        await expectInvalid(await put({ payload: { ...body, content: '<script>alert(1)</script>' }, historical: update }), [{ path: 'payload.content', message: REQUIRED }])
        await expectInvalid(await put({ payload: { ...body, categories: [] }, historical: update }), [{ path: 'payload.categories', message: REQUIRED }])
        expect((await current()).title).toBe(campaign.title)
      })

      it('refuses an update whose justification is missing, empty, blank or longer than 500 characters, and stores nothing', async () => {
        const changed = { ...body, description: 'Cambiada' }
        await expectInvalid(await put({ payload: changed }), [{ path: 'historical', message: REQUIRED }])
        await expectInvalid(await put({ payload: changed, historical: { description: 'Sin causa' } }), [{ path: 'historical.cause', message: REQUIRED }])
        await expectInvalid(await put({ payload: changed, historical: { cause: 'Actualización' } }), [{ path: 'historical.description', message: REQUIRED }])
        await expectInvalid(await put({ payload: changed, historical: { cause: 'Actualización', description: '' } }), [{ path: 'historical.description', message: REQUIRED }])
        await expectInvalid(await put({ payload: changed, historical: { cause: 'Actualización', description: ' \n\t ' } }), [{ path: 'historical.description', message: REQUIRED }])
        await expectInvalid(await put({ payload: changed, historical: { cause: ' ', description: 'Corrección' } }), [{ path: 'historical.cause', message: REQUIRED }])
        await expectInvalid(await put({ payload: changed, historical: { cause: 'Actualización', description: 'j'.repeat(501) } }), [{ path: 'historical.description', message: max(500) }])
        expect((await current()).description).toBe(campaign.description)
        const accepted = await put({ payload: changed, historical: { cause: 'Actualización', description: 'j'.repeat(500) } })
        expect(accepted.status).toBe(200)
        expect((await current()).description).toBe('Cambiada')
      })

      it('refuses a toggle without a justification or whose cause does not match', async () => {
        await expectInvalid(await put({ payload: { active: false } }), [{ path: 'historical', message: REQUIRED }])
        await expectInvalid(await put({ payload: { active: false }, historical: activation }), [{ path: 'historical.cause', message: 'Opción inválida' }])
        await expectInvalid(await put({ payload: { active: false }, historical: { ...deactivation, cause: 'Actualización' } }), [{ path: 'historical.cause', message: 'Opción inválida' }])
        for (const description of ['', '   ']) {
          await expectInvalid(await put({ payload: { active: false }, historical: { ...deactivation, description } }), [{ path: 'historical.description', message: REQUIRED }])
        }
        await expectInvalid(await put({ payload: { active: false }, historical: { ...deactivation, description: 'j'.repeat(501) } }), [{ path: 'historical.description', message: max(500) }])
        expect((await current()).active).toBe(true)
      })
    })
  })

  describe('comments', () => {
    let campaign: CampaignView
    const post = (comment: unknown) => site.api(`/api/campaigns/${campaign._id}/comments`, { method: 'POST', token: member, json: { comment, campaign: campaign._id } })
    beforeAll(async () => {
      campaign = await createCampaign(site, admin, campaignPayload(refs))
    })

    it("empty or blank is 'Campo requerido'", async () => {
      await expectInvalid(await post(''), [{ path: 'comment', message: REQUIRED }])
      await expectInvalid(await post('   '), [{ path: 'comment', message: REQUIRED }])
      await expectInvalid(await post(undefined), [{ path: 'comment', message: REQUIRED }])
    })

    it('280 characters are accepted, 281 refused', async () => {
      const response = await post('c'.repeat(280))
      expect(response.status).toBe(201)
      const posted = await json<CommentView & { message: string }>(response)
      expect(posted.message).toBe('Comentario publicado')
      expect(posted.comment).toBe('c'.repeat(280))
      await expectInvalid(await post('c'.repeat(281)), [{ path: 'comment', message: 'El máximo de caracteres es de 280' }])
    })

    it('refuses a comment whose campaign does not match the address', async () => {
      const other = await createCampaign(site, admin, campaignPayload(refs))
      const response = await site.api(`/api/campaigns/${campaign._id}/comments`, { method: 'POST', token: member, json: { comment: 'Hola', campaign: other._id } })
      expect(response.status).toBe(422)
      const comments = await json<CommentView[]>(await site.api(`/api/public/campaigns/${other.slug}/comments`))
      expect(comments).toEqual([])
    })
  })

  describe('goal without the card and wallet providers (runs last: it changes the configuration)', () => {
    it('is optional once both providers are disabled, still bounded when given', async () => {
      const edit = await json<Record<string, Record<string, unknown>>>(await site.api('/api/configuration/edit', { token: admin }))
      const idOf = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { _id: string })._id : value)
      const configuration = {
        settings: { name: 'Fundación Ejemplo', logo: idOf(edit.settings?.logo), gratitudeMessage: 'Gracias' },
        home: { showCounters: true, content: '<p>Misión</p>', image: idOf(edit.home?.image) },
        contact: { email: 'contacto@fundacion.mx', phone: '5512345678', address: 'Av. Reforma 1' },
        mailer: { auth: { user: 'prueba' }, host: '127.0.0.1', port: site.mail.port },
        urls: {},
        providers: { google: false, facebook: false, twitter: false, conekta: false, paypal: false },
        keys: { conekta: { client: 'key_conekta_publica' }, paypal: { client: 'paypal-cliente' } },
      }
      const changed = await site.api('/api/configuration', { method: 'PUT', token: admin, json: { payload: configuration, historical: update } })
      expect(changed.status, await changed.clone().text()).toBe(200)

      const response = await site.api('/api/campaigns', { method: 'POST', token: admin, json: campaignPayload(refs, { goal: undefined }) })
      expect(response.status, await response.clone().text()).toBe(201)
      expect((await json<CampaignView>(response)).goal).toBeNull()
      const over = await site.api('/api/campaigns', { method: 'POST', token: admin, json: campaignPayload(refs, { goal: 10_000_001 }) })
      await expectInvalid(over, [{ path: 'goal', message: 'Ha sobrepasado el máximo de donaciones' }])
    })
  })
})
