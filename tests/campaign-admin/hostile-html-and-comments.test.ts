import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ident, replayProjection } from '@donaciones/kit'
import { commentsProjection } from '../../services/campaign/src/projections/comments.ts'
import { json, type TestSite } from '../support/site.ts'
import {
  campaignPayload,
  createCampaign,
  expectStatus,
  startCampaignSite,
  update,
  type CampaignEditView,
  type CampaignRefs,
  type CampaignView,
  type CommentView,
  type ErrorBody,
} from './fixtures.ts'

/** Anything a browser would run: script elements, event handlers, javascript:/data: URLs, frames, embedded objects. */
function executableParts(html: string): string[] {
  const patterns = [/<script/i, /<iframe/i, /<object/i, /<embed/i, /<svg/i, /<form/i, /<style/i, /<link/i, /<meta/i, /<base/i, /\son[a-z]+\s*=/i, /javascript:/i, /vbscript:/i, /data:text\/html/i, /expression\(/i, /srcdoc/i]
  return patterns.filter((pattern) => pattern.test(html)).map(String)
}

const hostileContent = [
  '<h2>Ayuda urgente</h2>',
  '<p>Texto <strong>legítimo</strong> con <a href="https://fundacion.mx/ayuda" target="_blank">un enlace</a>.</p>',
  '<script>alert("xss")</script>',
  '<img src="https://fundacion.mx/foto.png" onerror="alert(1)" alt="foto">',
  '<img src=x onerror=alert(2)>',
  '<a href="javascript:alert(3)">clic</a>',
  '<a href="JaVaScRiPt:alert(4)">otro</a>',
  '<a href="&#106;avascript:alert(5)">codificado</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==">datos</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe srcdoc="<script>alert(7)</script>"></iframe>',
  '<p style="background-image:url(javascript:alert(8))" onclick="alert(9)">párrafo</p>',
  '<svg onload="alert(10)"><circle r="1"/></svg>',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example/"><input name="tarjeta"></form>',
  '<style>body{display:none}</style>',
  '<div onmouseover="alert(11)">caja</div>',
].join('\n')

/** Issue 4 "Done means": nothing executable is stored or returned for campaign content; comments are plain text, returned as typed. */
describe('hostile HTML in campaign content and comments; comment listing and deletion', () => {
  let site: TestSite
  let admin = ''
  let member = ''
  let refs: CampaignRefs

  beforeAll(async () => {
    ;({ site, admin, refs, member } = await startCampaignSite('lectora@correo.mx'))
  }, 180_000)
  afterAll(() => site.stop())

  describe('campaign content', () => {
    let campaign: CampaignView

    beforeAll(async () => {
      campaign = await createCampaign(site, admin, campaignPayload(refs, { content: hostileContent }))
    })

    it('the hostile payload is detected by the check itself (the check can fail)', () => {
      expect(executableParts(hostileContent).length).toBeGreaterThan(10)
    })

    it('the create answer carries no executable markup and keeps the legitimate formatting', () => {
      expect(executableParts(campaign.content)).toEqual([])
      expect(campaign.content).toContain('<h2>Ayuda urgente</h2>')
      expect(campaign.content).toContain('<strong>legítimo</strong>')
      expect(campaign.content).toContain('<a href="https://fundacion.mx/ayuda" target="_blank" rel="noopener noreferrer">un enlace</a>')
      expect(campaign.content).toContain('<img src="https://fundacion.mx/foto.png" alt="foto" />')
    })

    it('admin GET, edit view, list and public GET return no executable markup', async () => {
      const reads = [
        (await json<CampaignView>(await site.api(`/api/campaigns/${campaign._id}`, { token: admin }))).content,
        (await json<CampaignEditView>(await site.api(`/api/campaigns/edit/${campaign._id}`, { token: admin }))).content,
        (await json<CampaignView[]>(await site.api('/api/campaigns', { token: admin }))).find((row) => row._id === campaign._id)?.content ?? '',
        (await json<CampaignView>(await site.api(`/api/public/campaigns/${campaign.slug}`))).content,
      ]
      for (const content of reads) {
        expect(executableParts(content)).toEqual([])
        expect(content).toBe(campaign.content)
      }
    })

    it('an update with hostile content is cleaned the same way', async () => {
      const response = await site.api(`/api/campaigns/${campaign._id}`, {
        method: 'PUT',
        token: admin,
        json: { payload: campaignPayload(refs, { title: campaign.title, content: `<p>Nuevo</p><img src=x onerror=alert(1)><script>fetch('/api/users')</script>` }), historical: update },
      })
      await expectStatus(response.clone(), 200)
      const publicContent = (await json<CampaignView>(await site.api(`/api/public/campaigns/${campaign.slug}`))).content
      expect(publicContent).toBe('<p>Nuevo</p>')
    })
  })

  describe('comments', () => {
    let campaign: CampaignView
    const post = (comment: string, on = campaign) => site.api(`/api/campaigns/${on._id}/comments`, { method: 'POST', token: member, json: { comment, campaign: on._id } })
    const publicComments = async (slug = campaign.slug) => json<CommentView[]>(await site.api(`/api/public/campaigns/${slug}/comments`))

    beforeAll(async () => {
      campaign = await createCampaign(site, admin, campaignPayload(refs))
    })

    /** Every place the API gives a comment back: the post's answer, the public list and document, the admin campaign. */
    const readEverywhere = async (posted: CommentView) => [
      posted.comment,
      (await publicComments()).find((comment) => comment._id === posted._id)?.comment,
      (await json<CampaignView>(await site.api(`/api/public/campaigns/${campaign.slug}`))).comments?.find((comment) => comment._id === posted._id)?.comment,
      (await json<CampaignView>(await site.api(`/api/campaigns/${campaign._id}`, { token: admin }))).comments?.find((comment) => comment._id === posted._id)?.comment,
    ]

    it('a comment is plain text: it comes back exactly as typed everywhere it is read (the screens render it as text, never as markup)', async () => {
      const typed = ['Tom & Jerry <b>negritas</b>', '<img src=x onerror=alert(1)>', `"comillas" & 'apóstrofos'`, 'Escribo &amp; y &lt;b&gt; a propósito']
      for (const text of typed) {
        const response = await post(text)
        await expectStatus(response.clone(), 201)
        const posted = await json<CommentView & { message: string }>(response)
        expect(posted.message).toBe('Comentario publicado')
        expect(await readEverywhere(posted)).toEqual([text, text, text, text])
      }
    })

    it('a comment stored HTML-escaped before (CommentPosted v1) reads as typed after a replay of the comments projection', async () => {
      const { store } = site.platform.runtimes.campaign.context
      const commentId = crypto.randomUUID()
      const authorId = (await json<CommentView>(await post('Autor de referencia'))).createdBy._id
      // What the comment command wrote before v2: the escaped text, schema version 1.
      const data = { commentId, campaignId: campaign._id, comment: 'Tom &amp; Jerry &lt;b&gt;negritas&lt;/b&gt;', authorId }
      await store.db.query(
        `insert into ${ident(store.schema)}.events (stream_id, stream_version, event_id, type, schema_version, data, metadata) values ($1, 1, $2, 'CommentPosted', 1, $3, $4)`,
        [`comment-${commentId}`, crypto.randomUUID(), JSON.stringify(data), JSON.stringify({ actor: authorId, correlationId: 'comentario-v1' })],
      )
      await replayProjection({ store, projection: commentsProjection })
      const stored = (await json<CampaignView>(await site.api(`/api/campaigns/${campaign._id}`, { token: admin }))).comments?.find((comment) => comment._id === commentId)
      expect(stored?.comment).toBe('Tom & Jerry <b>negritas</b>')
      // The public document follows within its second.
      await expect.poll(async () => (await publicComments()).find((comment) => comment._id === commentId)?.comment).toBe('Tom & Jerry <b>negritas</b>')
    })

    it('comments come newest first, with createdBy {name, lastName, picture}', async () => {
      for (const text of ['primero', 'segundo', 'tercero']) {
        await expectStatus(await post(text), 201)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const comments = await publicComments()
      const texts = comments.map((comment) => comment.comment)
      expect(texts.slice(0, 3)).toEqual(['tercero', 'segundo', 'primero'])
      const times = comments.map((comment) => Date.parse(comment.createdAt))
      expect(times).toEqual([...times].sort((a, b) => b - a))
      for (const comment of comments) {
        expect(comment.campaign).toBe(campaign._id)
        expect(comment.createdBy).toMatchObject({ name: 'Prueba', lastName: 'Cuenta' })
        expect(comment.createdBy).toHaveProperty('picture')
        expect(comment.createdBy.picture === null || typeof comment.createdBy.picture === 'string').toBe(true)
      }
      const full = await json<CampaignView>(await site.api(`/api/public/campaigns/${campaign.slug}`))
      expect(full.comments?.map((comment) => comment._id)).toEqual(comments.map((comment) => comment._id))
    })

    it('a campaign with comments disabled refuses them with a Spanish message', async () => {
      const closed = await createCampaign(site, admin, campaignPayload(refs, { visibility: { counter: true, countdown: true, comments: false } }))
      const response = await post('¿Puedo comentar?', closed)
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
      const body = await json<ErrorBody>(response)
      expect(body.message).toBe('Comentarios desactivados')
      expect(body.description).toBe('Esta campaña no admite comentarios')
      expect(await publicComments(closed.slug)).toEqual([])
    })

    it('an inactive campaign refuses comments', async () => {
      const inactive = await createCampaign(site, admin, campaignPayload(refs))
      await site.api(`/api/campaigns/${inactive._id}`, { method: 'PUT', token: admin, json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'x' } } })
      const response = await post('Hola', inactive)
      expect(response.status).toBe(404)
      const stored = await json<CampaignView>(await site.api(`/api/campaigns/${inactive._id}`, { token: admin }))
      expect(stored.comments).toEqual([])
    })

    it("deleting answers 'Comentario eliminado' and the comment disappears from the public lists", async () => {
      const doomed = await json<CommentView>(await post('Este se borra'))
      expect((await publicComments()).map((comment) => comment._id)).toContain(doomed._id)
      const response = await site.api(`/api/comments/${doomed._id}`, { method: 'PUT', token: admin })
      await expectStatus(response.clone(), 200)
      expect((await json<{ message: string }>(response)).message).toBe('Comentario eliminado')
      expect((await publicComments()).map((comment) => comment._id)).not.toContain(doomed._id)
      const full = await json<CampaignView>(await site.api(`/api/public/campaigns/${campaign.slug}`))
      expect(full.comments?.map((comment) => comment._id)).not.toContain(doomed._id)
      expect((await site.api(`/api/comments/${doomed._id}`, { method: 'PUT', token: admin })).status).toBe(404)
    })
  })
})
