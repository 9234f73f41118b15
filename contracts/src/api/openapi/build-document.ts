import { z } from 'zod'
import { EXPORT_CONTENT_TYPE, errorResponseSchema } from '../common.ts'
import { accessSummary, needsSession, securityOf, SESSION_SCHEME } from './access.ts'
import { jsonSchemaNodeSchema, type ApiDocument, type ApiOperationDoc, type ApiParameter, type ApiPathItem, type ApiResponse, type JsonSchemaNode } from './document.ts'
import type { ApiOperation, ErrorAnswer, RouteAccess } from './operation.ts'
import { apiTags } from './tags.ts'

export interface ApiDocumentOptions {
  /** The site's public origin (PUBLIC_URL), for `servers`. */
  serverUrl?: string
}

/** The platform's version (every workspace's package.json); the API has no version of its own. */
const API_VERSION = '0.1.0'

const ERROR_REF = { $ref: '#/components/schemas/Error' }

/**
 * zod's JSON Schema: `input` for what a client sends (defaults optional, before transforms),
 * `output` for what it receives. A schema zod cannot represent throws: the builder's test meets it first.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchemaNode {
  const generated: Record<string, unknown> = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    override: ({ zodSchema, jsonSchema }) => {
      // A plain z.object() strips unknown keys but does not forbid them: an answer may carry more.
      if (io === 'output' && zodSchema._zod.def.type === 'object' && zodSchema._zod.def.catchall === undefined) delete jsonSchema.additionalProperties
    },
  })
  delete generated.$schema
  // A `#/$defs/...` reference would resolve against the OpenAPI document, not this schema.
  if ('$defs' in generated) throw new Error('Un esquema del documento de la API usa $defs (esquema recursivo o con id); descríbalo sin ellos')
  return jsonSchemaNodeSchema.parse(generated)
}

/** `/api/campaigns/{id}` → `get-api-campaigns-id`. */
function operationIdOf(operation: ApiOperation): string {
  const words = operation.path.split(/[^A-Za-z0-9]+/).filter(Boolean)
  return [operation.method.toLowerCase(), ...words].join('-')
}

const templateParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '')

function parametersOf(operation: ApiOperation): ApiParameter[] {
  const pathSchema = operation.params ? jsonSchemaOf(operation.params, 'input') : undefined
  const path = templateParams(operation.path).map(
    (name): ApiParameter => ({ name, in: 'path', required: true, schema: pathSchema?.properties?.[name] ?? { type: 'string' } }),
  )
  const querySchema = operation.query ? jsonSchemaOf(operation.query, 'input') : undefined
  const query = Object.entries(querySchema?.properties ?? {}).map(
    ([name, schema]): ApiParameter => ({ name, in: 'query', required: querySchema?.required?.includes(name) ?? false, schema }),
  )
  const headers = (operation.headers ?? []).map(
    ({ name, description }): ApiParameter => ({ name, in: 'header', required: false, description, schema: { type: 'string' } }),
  )
  return [...path, ...query, ...headers]
}

/** The refusals the access rule and the request's parts imply, before the route's own. */
function impliedErrors(operation: ApiOperation): ErrorAnswer[] {
  const answers: ErrorAnswer[] = []
  const { access, body } = operation
  if (body?.media !== 'multipart' && body) answers.push({ status: 400, description: 'El cuerpo no es JSON válido.' })
  if (needsSession(access)) {
    answers.push({ status: 401, description: 'No hay sesión, o el token no es válido, expiró o dejó de valer (cuenta desactivada, cambio de rol o de contraseña).' })
  }
  const forbidden = forbiddenOf(access)
  if (forbidden) answers.push({ status: 403, description: forbidden })
  const validated = (body && body.validated !== false) || operation.query || (operation.params && !operation.invalidParams)
  if (validated) answers.push({ status: 422, description: 'Datos inválidos: `errors` indica el problema de cada campo.' })
  if (operation.invalidParams) answers.push(operation.invalidParams)
  answers.push({ status: 503, description: 'El servicio que atiende la ruta no responde, o su base de datos no está disponible.' })
  return answers
}

function forbiddenOf(access: RouteAccess): string | undefined {
  const mustChangePassword = 'la cuenta debe cambiar su contraseña antes de continuar'
  if (access.kind === 'role' || access.kind === 'permission') return `La cuenta no tiene el rol o el permiso que se requiere, o ${mustChangePassword}.`
  if (access.kind === 'session' && !access.passwordChange) return `${mustChangePassword.charAt(0).toUpperCase()}${mustChangePassword.slice(1)}.`
  return undefined
}

function errorResponses(operation: ApiOperation): Record<string, ApiResponse> {
  const byStatus = new Map<number, string[]>()
  for (const { status, description } of [...impliedErrors(operation), ...(operation.errors ?? [])]) {
    const descriptions = byStatus.get(status) ?? []
    if (!descriptions.includes(description)) descriptions.push(description)
    byStatus.set(status, descriptions)
  }
  const responses: Record<string, ApiResponse> = {}
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    responses[String(status)] = { description: (byStatus.get(status) ?? []).join(' '), content: { 'application/json': { schema: ERROR_REF } } }
  }
  responses.default = { description: 'Cualquier otra falla (500 sin detalles internos), con el mismo cuerpo de error.', content: { 'application/json': { schema: ERROR_REF } } }
  return responses
}

function successResponse(operation: ApiOperation): Record<string, ApiResponse> {
  const { status = 200, description, media = 'json', schema } = operation.response
  let answer: ApiResponse
  switch (media) {
    case 'json':
      answer = { description, content: { 'application/json': schema ? { schema: jsonSchemaOf(schema, 'output') } : {} } }
      break
    case 'xlsx':
      answer = { description, content: { [EXPORT_CONTENT_TYPE]: {} } }
      break
    case 'image':
      answer = { description, content: { 'image/*': {} } }
      break
    case 'redirect':
      answer = { description, headers: { Location: { description: 'A dónde sigue el navegador.', schema: { type: 'string' } } } }
      break
  }
  return { [String(status)]: answer }
}

function requestBodyOf(operation: ApiOperation): ApiOperationDoc['requestBody'] {
  const { body } = operation
  if (!body) return undefined
  const media = body.media === 'multipart' ? 'multipart/form-data' : 'application/json'
  return { required: !body.schema.safeParse(undefined).success, content: { [media]: { schema: jsonSchemaOf(body.schema, 'input') } } }
}

function operationDoc(operation: ApiOperation): ApiOperationDoc {
  const parameters = parametersOf(operation)
  const requestBody = requestBodyOf(operation)
  const { access } = operation
  return {
    operationId: operationIdOf(operation),
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    security: securityOf(access),
    'x-access': {
      ...access,
      summary: accessSummary(access),
      ...(operation.accessNote ? { note: operation.accessNote } : {}),
    },
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...successResponse(operation), ...errorResponses(operation) },
  }
}

const methodKey = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' } as const

/** The OpenAPI 3.1 document of `operations`, their schemas converted with zod's JSON Schema output. */
export function buildApiDocument(operations: readonly ApiOperation[], options: ApiDocumentOptions = {}): ApiDocument {
  const paths: Record<string, ApiPathItem> = {}
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {})
    const key = methodKey[operation.method]
    if (item[key]) throw new Error(`Ruta descrita dos veces: ${operation.method} ${operation.path}`)
    item[key] = operationDoc(operation)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'API de la plataforma de donaciones',
      version: API_VERSION,
      description:
        'Todas las rutas pasan por el gateway. Cada respuesta de error es `{message, description, errors?}` en español; `errors` lista los campos inválidos de una respuesta 422. Las rutas con sesión reciben el token en `Authorization: Bearer <token>`; los permisos se revisan en el gateway y otra vez en cada servicio.',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl, description: 'Este sitio' }] } : {}),
    tags: apiTags.map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorResponseSchema, 'output') },
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'Token ES256 de `POST /api/auth/login` (o del inicio de sesión con redes sociales). Se verifica con las llaves de `GET /api/auth/jwks` y con el estado actual de la cuenta.',
        },
      },
    },
  }
}
