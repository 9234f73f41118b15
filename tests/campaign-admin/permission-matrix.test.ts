import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configureSite, forEachEngine, json, startTestSite, type TestSite } from '../support/site.ts'
import {
  campaignPayload,
  campaignRefs,
  createCallers,
  createCampaign,
  update,
  uniqueText,
  type CampaignRefs,
  type Callers,
  type CatalogRecord,
  type CommentView,
  type Module,
} from './fixtures.ts'

type Caller = 'visitor' | 'role 2' | 'role 1 without the permission' | 'role 1 with the permission' | 'role 0'
const callers: Caller[] = ['visitor', 'role 2', 'role 1 without the permission', 'role 1 with the permission', 'role 0']

interface Case {
  name: string
  /** A module: role 0 and role 1 with that module's permission. 'admins': roles 0 and 1. 'commenters': role 2 only. */
  allowed: Module | 'admins' | 'commenters'
  /** What an allowed caller gets when it is not 2xx (the guards passed, then the record is missing). */
  allowedStatus?: number
  call(token: string | undefined): Promise<Response>
}

/** Every admin endpoint of the campaign service, through the gateway, as each kind of caller (spec §6, issue 4). */
forEachEngine('permission matrix of the campaign, institution, category, option and comment endpoints', (engine) => {
  let site: TestSite
  let who: Callers
  let refs: CampaignRefs
  let institutionId = ''
  let categoryId = ''
  let campaignId = ''
  let campaignBody: Record<string, unknown> = {}
  /** Names sent by each create call, with whether the caller was allowed: a refused call must leave nothing behind. */
  const attempts: { path: string; label: string; allowed: boolean }[] = []

  beforeAll(async () => {
    site = await startTestSite({ engine })
    const admin = await configureSite(site)
    who = await createCallers(site, admin)
    refs = await campaignRefs(site, admin)
    institutionId = refs.institution.value
    categoryId = refs.category.value
    campaignBody = campaignPayload(refs, { title: 'Campaña de la matriz' })
    campaignId = (await createCampaign(site, admin, campaignBody))._id
  }, 180_000)
  afterAll(() => site.stop())

  function tokenOf(caller: Caller, allowed: Case['allowed']): string | undefined {
    switch (caller) {
      case 'visitor':
        return undefined
      case 'role 2':
        return who.member
      case 'role 0':
        return who.admin
      case 'role 1 with the permission':
        return who.restrictedAll
      case 'role 1 without the permission':
        // Role 1 holding every other module's permissions: only the module's own permission may open it.
        if (allowed === 'admins') return who.restrictedNone
        if (allowed === 'commenters') return who.restrictedAll
        return who.restrictedWithout[allowed]
    }
  }

  function expected(allowed: Case['allowed'], caller: Caller): number | 'ok' {
    if (caller === 'visitor') return 401
    if (allowed === 'commenters') return caller === 'role 2' ? 'ok' : 403
    if (caller === 'role 0') return 'ok'
    if (caller === 'role 2') return 403
    if (allowed === 'admins') return 'ok'
    return caller === 'role 1 with the permission' ? 'ok' : 403
  }

  let current: { caller: Caller; allowed: boolean } = { caller: 'visitor', allowed: false }
  const creating = (path: string, field: 'name' | 'title', max: number) => (token: string | undefined) => {
    const label = uniqueText(`Matriz ${current.caller.slice(0, 6)}`, max)
    attempts.push({ path, label, allowed: current.allowed })
    return site.api(path, { method: 'POST', token, json: { [field]: label, description: 'Alta desde la matriz' } })
  }
  const catalogCases = (path: string, module: 'institution' | 'category', field: 'name' | 'title', id: () => string): Case[] => [
    { name: `GET ${path}`, allowed: module, call: (token) => site.api(path, { token }) },
    { name: `POST ${path}`, allowed: module, call: creating(path, field, 30) },
    { name: `GET ${path}/{id}`, allowed: module, call: (token) => site.api(`${path}/${id()}`, { token }) },
    {
      name: `PUT ${path}/{id}`,
      allowed: module,
      call: (token) => site.api(`${path}/${id()}`, { method: 'PUT', token, json: { payload: { [field]: field === 'name' ? 'Hospital Aliado' : 'Salud', description: 'Editada' }, historical: update } }),
    },
    {
      name: `PUT ${path}/{id} (toggle)`,
      allowed: module,
      call: (token) => site.api(`${path}/${id()}`, { method: 'PUT', token, json: { payload: { active: true }, historical: { cause: 'Activación', description: 'Sigue activa' } } }),
    },
    { name: `POST ${path}/export`, allowed: module, call: (token) => site.api(`${path}/export`, { method: 'POST', token, json: { selection: [id()] } }) },
  ]

  const cases: Case[] = [
    ...catalogCases('/api/institutions', 'institution', 'name', () => institutionId),
    ...catalogCases('/api/categories', 'category', 'title', () => categoryId),
    { name: 'GET /api/options/categories', allowed: 'admins', call: (token) => site.api('/api/options/categories', { token }) },
    { name: 'GET /api/options/institutions', allowed: 'admins', call: (token) => site.api('/api/options/institutions', { token }) },
    { name: 'GET /api/campaigns', allowed: 'campaign', call: (token) => site.api('/api/campaigns', { token }) },
    {
      name: 'POST /api/campaigns',
      allowed: 'campaign',
      call: (token) => {
        const label = uniqueText(`Matriz ${current.caller.slice(0, 6)}`, 30)
        attempts.push({ path: '/api/campaigns', label, allowed: current.allowed })
        return site.api('/api/campaigns', { method: 'POST', token, json: campaignPayload(refs, { title: label }) })
      },
    },
    { name: 'GET /api/campaigns/{id}', allowed: 'campaign', call: (token) => site.api(`/api/campaigns/${campaignId}`, { token }) },
    { name: 'GET /api/campaigns/edit/{id}', allowed: 'campaign', call: (token) => site.api(`/api/campaigns/edit/${campaignId}`, { token }) },
    { name: 'PUT /api/campaigns/{id}', allowed: 'campaign', call: (token) => site.api(`/api/campaigns/${campaignId}`, { method: 'PUT', token, json: { payload: campaignBody, historical: update } }) },
    {
      name: 'PUT /api/campaigns/{id} (toggle)',
      allowed: 'campaign',
      call: (token) => site.api(`/api/campaigns/${campaignId}`, { method: 'PUT', token, json: { payload: { active: true }, historical: { cause: 'Activación', description: 'Sigue activa' } } }),
    },
    { name: 'POST /api/campaigns/export', allowed: 'campaign', call: (token) => site.api('/api/campaigns/export', { method: 'POST', token, json: { selection: [] } }) },
    {
      name: 'POST /api/campaigns/{id}/comments',
      allowed: 'commenters',
      call: (token) => site.api(`/api/campaigns/${campaignId}/comments`, { method: 'POST', token, json: { comment: `Comentario de ${current.caller}`, campaign: campaignId } }),
    },
    {
      name: 'PUT /api/comments/{id}',
      allowed: 'campaign',
      call: async (token) => {
        // A fresh comment for every caller, so a refusal is never explained by an already deleted one.
        const posted = await site.api(`/api/campaigns/${campaignId}/comments`, { method: 'POST', token: who.member, json: { comment: 'Para borrar', campaign: campaignId } })
        const { _id } = await json<CommentView>(posted)
        return site.api(`/api/comments/${_id}`, { method: 'PUT', token })
      },
    },
    { name: 'GET /api/campaigns/{id}/donor-wall', allowed: 'campaign', call: (token) => site.api(`/api/campaigns/${campaignId}/donor-wall`, { token }) },
    {
      // No donation here carries a message: the guards answer first, then the message is not found.
      name: 'PUT /api/campaigns/{id}/donor-wall/{donationId}',
      allowed: 'campaign',
      allowedStatus: 404,
      call: (token) =>
        site.api(`/api/campaigns/${campaignId}/donor-wall/${crypto.randomUUID()}`, { method: 'PUT', token, json: { payload: { hidden: true }, historical: { cause: 'Moderación', description: 'Mensaje ofensivo' } } }),
    },
  ]

  for (const testCase of cases) {
    it(`${testCase.name}: visitor 401, role 2 ${testCase.allowed === 'commenters' ? 'allowed' : '403'}, role 1 by permission, role 0 ${testCase.allowed === 'commenters' ? '403' : 'allowed'}`, async () => {
      const seen: Record<string, number | 'ok'> = {}
      const wanted: Record<string, number | 'ok'> = {}
      for (const caller of callers) {
        const verdict = expected(testCase.allowed, caller)
        wanted[caller] = verdict === 'ok' && testCase.allowedStatus ? testCase.allowedStatus : verdict
        current = { caller, allowed: wanted[caller] === 'ok' }
        const response = await testCase.call(tokenOf(caller, testCase.allowed))
        await response.arrayBuffer()
        seen[caller] = wanted[caller] === 'ok' && response.status >= 200 && response.status < 300 ? 'ok' : response.status
      }
      expect(seen).toEqual(wanted)
    })
  }

  it('a refused create leaves nothing behind and an allowed one is stored', async () => {
    expect(attempts.filter((attempt) => attempt.allowed)).toHaveLength(6)
    expect(attempts.filter((attempt) => !attempt.allowed)).toHaveLength(9)
    const stored = new Set<string>()
    for (const path of ['/api/institutions', '/api/categories']) {
      for (const record of await json<CatalogRecord[]>(await site.api(path, { token: who.admin }))) stored.add(`${path} ${record.name ?? record.title}`)
    }
    for (const campaign of await json<{ title: string }[]>(await site.api('/api/campaigns', { token: who.admin }))) stored.add(`/api/campaigns ${campaign.title}`)
    for (const attempt of attempts) expect({ attempt: attempt.label, stored: stored.has(`${attempt.path} ${attempt.label}`) }).toEqual({ attempt: attempt.label, stored: attempt.allowed })
  })

  it('a refused comment deletion leaves the comment; only the allowed callers removed theirs', async () => {
    const comments = await json<CommentView[]>(await site.api(`/api/public/campaigns/${encodeURIComponent((await json<{ slug: string }>(await site.api(`/api/campaigns/${campaignId}`, { token: who.admin }))).slug)}/comments`))
    // Posted: one per caller by role 2 in the comment case, plus one per caller of the deletion case; two of those were deleted.
    expect(comments.filter((comment) => comment.comment === 'Para borrar')).toHaveLength(3)
    expect(comments.filter((comment) => comment.comment.startsWith('Comentario de')).map((comment) => comment.comment)).toEqual(['Comentario de role 2'])
  })

  describe('role 1 needs the action, not just the module (read-only permission)', () => {
    const readOnly = () => who.restrictedReadOnly
    const refusedFor = (module: string, path: string, field: 'name' | 'title', id: () => string) => [
      { name: `GET ${path}`, status: 200, call: () => site.api(path, { token: readOnly() }) },
      { name: `POST ${path}/export`, status: 200, call: () => site.api(`${path}/export`, { method: 'POST', token: readOnly(), json: { selection: [] } }) },
      { name: `POST ${path}`, status: 403, call: () => site.api(path, { method: 'POST', token: readOnly(), json: { [field]: uniqueText(module, 20), description: 'x' } }) },
      {
        name: `PUT ${path}/{id}`,
        status: 403,
        call: () => site.api(`${path}/${id()}`, { method: 'PUT', token: readOnly(), json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'x' } } }),
      },
    ]
    const checks = [
      ...refusedFor('institution', '/api/institutions', 'name', () => institutionId),
      ...refusedFor('category', '/api/categories', 'title', () => categoryId),
      ...refusedFor('campaign', '/api/campaigns', 'title', () => campaignId),
      { name: 'GET /api/campaigns/edit/{id}', status: 403, call: () => site.api(`/api/campaigns/edit/${campaignId}`, { token: readOnly() }) },
      { name: 'GET /api/campaigns/{id}', status: 200, call: () => site.api(`/api/campaigns/${campaignId}`, { token: readOnly() }) },
    ]
    for (const check of checks) {
      it(`${check.name} → ${check.status}`, async () => {
        const response = await check.call()
        await response.arrayBuffer()
        expect(response.status).toBe(check.status)
      })
    }

    it('PUT /api/comments/{id} → 403 and the comment stays', async () => {
      const posted = await json<CommentView>(await site.api(`/api/campaigns/${campaignId}/comments`, { method: 'POST', token: who.member, json: { comment: 'Se queda', campaign: campaignId } }))
      const response = await site.api(`/api/comments/${posted._id}`, { method: 'PUT', token: readOnly() })
      expect(response.status).toBe(403)
      const campaign = await json<{ comments: CommentView[] }>(await site.api(`/api/campaigns/${campaignId}`, { token: who.admin }))
      expect(campaign.comments.map((comment) => comment._id)).toContain(posted._id)
    })
  })
})
