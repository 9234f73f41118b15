import { randomUUID } from 'node:crypto'
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiDocumentSchema, apiOperations, apiPathMethods, ROLE_FULL_ADMIN, ROLE_RESTRICTED_ADMIN, ROLE_USER, type ApiDocument, type ApiOperation } from '@donaciones/contracts'
import { campaignPayload, campaignRefs, createCampaign } from '../campaign-admin/fixtures.ts'
import { activateAccount, configureSite, createAccount, startTestSite, type Permission, type TestSite } from '../support/site.ts'
import { accessProblem, accessVerdict, type Caller } from './support/access-checks.ts'
import { documentedRoutes, publicApiRoutes, unroutedServiceRoutes } from './support/api-routes.ts'

const DOCUMENT = '/api/openapi.json'

/**
 * Issue 19, 'API description': GET /api/openapi.json, read through the gateway, is a valid OpenAPI
 * 3.1 document describing exactly the routes the gateway answers publicly (the rule is in
 * support/api-routes.ts: service routes under a gateway prefix, the gateway's `/api` routes and its
 * probes; never `/internal`, the services' or the gateway's metrics, nor the web site's files).
 * Only the full administrator may read it; the access each entry states is what the gateway and
 * the services check, and the answers it names have the contracts' shape.
 */
describe('the API description', () => {
  let site: TestSite
  let admin: string
  const pagesReader: Permission = { module: 'pages', read: true, create: false, update: false }
  const callers: Caller[] = [{ label: 'visitante' }]

  const fetchDocument = (token?: string, headers: Record<string, string> = {}) => site.api(DOCUMENT, { ...(token ? { token } : {}), headers })

  beforeAll(async () => {
    site = await startTestSite()
    admin = await configureSite(site)
    const refs = await campaignRefs(site, admin)
    await createCampaign(site, admin, campaignPayload(refs))
    const restricted = await createAccount(site, admin, { email: 'paginas@fundacion.mx', role: ROLE_RESTRICTED_ADMIN, permissions: [pagesReader] })
    const member = await createAccount(site, admin, { email: 'usuaria@correo.mx', role: ROLE_USER })
    callers.push(
      { label: 'usuario (rol 2)', token: await activateAccount(site, 'usuaria@correo.mx', member.provisional), holder: { role: ROLE_USER, permissions: [] } },
      {
        label: 'administrador restringido con Leer en Páginas',
        token: await activateAccount(site, 'paginas@fundacion.mx', restricted.provisional),
        holder: { role: ROLE_RESTRICTED_ADMIN, permissions: [pagesReader] },
      },
      { label: 'administrador total', token: admin, holder: { role: ROLE_FULL_ADMIN, permissions: [] } },
    )
  }, 180_000)
  afterAll(() => site?.stop())

  const readDocument = async (): Promise<ApiDocument> => {
    const response = await fetchDocument(admin)
    expect(response.status, await response.clone().text()).toBe(200)
    return apiDocumentSchema.parse(await response.json())
  }

  it('is a valid OpenAPI 3.1 document', async () => {
    const response = await fetchDocument(admin)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const document = (await response.json()) as Record<string, unknown>
    const validator = new Validator()
    const result = await validator.validate(document)
    expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
    expect(apiDocumentSchema.safeParse(document).success).toBe(true)
  })

  it('describes every route the gateway answers publicly, and no route that does not exist', async () => {
    const documented = documentedRoutes(await readDocument())
    const routes = publicApiRoutes(site.platform)
    const undescribed = [...routes].filter(([key]) => !documented.has(key)).map(([key, owner]) => `ruta sin descripción: ${key} (${owner})`)
    const unknown = [...documented].filter((key) => !routes.has(key)).map((key) => `descripción de una ruta que no existe: ${key}`)
    const differences = [...undescribed, ...unknown]
    expect(differences, differences.join('\n')).toEqual([])
    // A route outside every prefix would be missing from both sides: none exists but the services' own.
    expect(unroutedServiceRoutes(site.platform)).toEqual([])
    expect(routes.size).toBeGreaterThan(100)
  })

  it('gives every operation a Spanish summary, its access and its error answers', async () => {
    const document = await readDocument()
    const problems: string[] = []
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of apiPathMethods) {
        const operation = item[method]
        if (!operation) continue
        const key = `${method.toUpperCase()} ${path}`
        if (operation.summary.trim().length < 5) problems.push(`${key}: sin resumen`)
        if (!operation['x-access'].summary) problems.push(`${key}: sin acceso`)
        if (!Object.keys(operation.responses).some((status) => /^[45]/.test(status))) problems.push(`${key}: sin respuestas de error`)
      }
    }
    expect(problems, problems.join('\n')).toEqual([])
  })

  it('may be read by the full administrator only, and answers 304 to a copy that did not change', async () => {
    const [visitor, member, restricted] = callers
    expect((await fetchDocument(visitor?.token)).status).toBe(401)
    expect((await fetchDocument(member?.token)).status).toBe(403)
    expect((await fetchDocument(restricted?.token)).status).toBe(403)
    const first = await fetchDocument(admin)
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    // As a browser revalidates (fetch would add 'no-cache' to a conditional request otherwise).
    expect((await fetchDocument(admin, { 'if-none-match': etag ?? '', 'cache-control': 'max-age=0' })).status).toBe(304)
  })

  it('states the access the gateway and the services check', async () => {
    const problems: string[] = []
    let calls = 0
    for (const operation of apiOperations) {
      for (const caller of callers) {
        const verdict = accessVerdict(operation.access, caller)
        // A call the rule lets through is only made when it cannot change anything.
        if (verdict === undefined || (verdict === 'through' && operation.method !== 'GET')) continue
        const path = operation.path.replace(/\{\w+\}/g, () => randomUUID())
        calls += 1
        const response = await site.api(path, {
          method: operation.method,
          ...(caller.token ? { token: caller.token } : {}),
          ...(operation.method === 'GET' ? {} : { json: {} }),
        })
        const text = await response.text()
        const message = response.headers.get('content-type')?.startsWith('application/json') ? String((JSON.parse(text) as { message?: unknown }).message ?? '') : ''
        const problem = accessProblem(verdict, response.status, message)
        if (problem) problems.push(`${operation.method} ${operation.path} como ${caller.label}: ${problem}`)
      }
    }
    expect(problems, problems.join('\n')).toEqual([])
    expect(calls).toBeGreaterThan(250)
  })

  it('names answers that have the shape of their contracts', async () => {
    // The routes that need no record and no query: read as the full administrator.
    const readable = apiOperations.filter(
      (operation): operation is ApiOperation & { response: { schema: NonNullable<ApiOperation['response']['schema']> } } =>
        operation.method === 'GET' && !operation.path.includes('{') && operation.response.schema !== undefined && (operation.query?.safeParse({}).success ?? true),
    )
    expect(readable.length).toBeGreaterThan(25)
    const problems: string[] = []
    for (const operation of readable) {
      const response = await site.api(operation.path, { token: admin })
      const body: unknown = await response.json()
      if (response.status !== (operation.response.status ?? 200)) problems.push(`${operation.path}: ${response.status} ${JSON.stringify(body)}`)
      const parsed = operation.response.schema.safeParse(body)
      if (!parsed.success) problems.push(`${operation.path}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`)
    }
    expect(problems, problems.join('\n')).toEqual([])
  })
})
