import { apiPathMethods, type ApiDocument, type ApiOperationDoc, type ApiParameter, type JsonSchemaNode } from '@donaciones/contracts'

/** One field of a request, flattened: `payload.active`, `permissions[].module`. */
export interface ReferenceField {
  name: string
  type: string
  required: boolean
  /** Limits, default and what the document says of it. */
  detail?: string
}

export interface ReferenceAnswer {
  status: string
  description: string
}

/** An operation as the page shows it. */
export interface ReferenceOperation {
  id: string
  method: string
  path: string
  summary: string
  description?: string
  access: string
  accessNote?: string
  parameters: (ReferenceField & { place: string })[]
  /** The body's media type and its fields; a body that takes one of several forms has one list per form. */
  body?: { media: string; forms: ReferenceField[][] }
  answers: ReferenceAnswer[]
  errors: ReferenceAnswer[]
}

export interface ReferenceGroup {
  tag: string
  description?: string
  operations: ReferenceOperation[]
}

const places: Readonly<Record<ApiParameter['in'], string>> = { path: 'ruta', query: 'consulta', header: 'encabezado' }
const formats: Readonly<Record<string, string>> = { date: 'fecha', 'date-time': 'fecha y hora', binary: 'archivo', uuid: 'identificador', email: 'correo' }
const types: Readonly<Record<string, string>> = { string: 'texto', number: 'número', integer: 'entero', boolean: 'sí/no', object: 'objeto', null: 'nulo' }
/** Nested forms (the configuration) go deep; past this the fields are named, not opened. */
const MAX_DEPTH = 4

const shown = (value: unknown): string => (typeof value === 'string' ? `«${value}»` : JSON.stringify(value))

/** A JSON Schema's type in Spanish: 'texto', 'lista de entero', 'uno de «a», «b»'. */
export function typeLabel(node: JsonSchemaNode): string {
  // Alternatives that only narrow the node (a file's accepted media types) do not change its type.
  const alternatives = (node.anyOf ?? node.oneOf)?.filter((alternative) => typeLabel(alternative) !== 'cualquiera')
  if (alternatives && alternatives.length > 0) return alternatives.map(typeLabel).join(' o ')
  if (node.enum) return `uno de ${node.enum.map(shown).join(', ')}`
  if (node.const !== undefined) return shown(node.const)
  const kinds = Array.isArray(node.type) ? node.type : node.type ? [node.type] : []
  if (kinds.length === 0) return 'cualquiera'
  return kinds
    .map((kind) => {
      if (kind === 'array') return `lista de ${node.items ? typeLabel(node.items) : 'valores'}`
      if (kind === 'string' && node.format) return formats[node.format] ?? 'texto'
      return types[kind] ?? kind
    })
    .join(' o ')
}

/** Length and value limits, the default and the accepted file type. */
export function detailOf(node: JsonSchemaNode): string | undefined {
  const parts: string[] = []
  if (node.minLength !== undefined && node.minLength > 1) parts.push(`al menos ${node.minLength} caracteres`)
  if (node.maxLength !== undefined) parts.push(node.format === 'binary' ? `hasta ${Math.round(node.maxLength / 1024)} KB` : `hasta ${node.maxLength} caracteres`)
  if (node.minimum !== undefined && node.maximum !== undefined && node.maximum < Number.MAX_SAFE_INTEGER) parts.push(`de ${node.minimum} a ${node.maximum}`)
  else if (node.minimum !== undefined) parts.push(`desde ${node.minimum}`)
  const mediaTypes = [node, ...(node.anyOf ?? [])].map((part) => part.contentMediaType).filter((type) => type !== undefined)
  if (mediaTypes.length > 0) parts.push(mediaTypes.join(', '))
  if (node.default !== undefined) parts.push(`por omisión ${shown(node.default)}`)
  return parts.length > 0 ? parts.join(', ') : undefined
}

/** The fields of an object schema, nested ones with their path. */
export function fieldsOf(node: JsonSchemaNode, prefix = '', depth = 0): ReferenceField[] {
  const fields: ReferenceField[] = []
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const path = `${prefix}${name}`
    const detail = detailOf(child)
    fields.push({ name: path, type: typeLabel(child), required: node.required?.includes(name) ?? false, ...(detail ? { detail } : {}) })
    if (depth + 1 >= MAX_DEPTH) continue
    if (child.properties) fields.push(...fieldsOf(child, `${path}.`, depth + 1))
    else if (child.items?.properties) fields.push(...fieldsOf(child.items, `${path}[].`, depth + 1))
  }
  return fields
}

function bodyOf(operation: ApiOperationDoc): ReferenceOperation['body'] {
  const [media, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? []
  if (!media) return undefined
  const schema = content?.schema
  const forms = schema?.anyOf ?? schema?.oneOf ?? (schema ? [schema] : [])
  return { media, forms: forms.map((form) => fieldsOf(form)) }
}

function referenceOf(method: string, path: string, operation: ApiOperationDoc): ReferenceOperation {
  const responses = Object.entries(operation.responses).map(([status, answer]) => ({ status: status === 'default' ? 'Otro' : status, description: answer.description }))
  const failed = (status: string) => status === 'Otro' || /^[45]/.test(status)
  return {
    id: operation.operationId,
    method: method.toUpperCase(),
    path,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    access: operation['x-access'].summary,
    ...(operation['x-access'].note ? { accessNote: operation['x-access'].note } : {}),
    parameters: (operation.parameters ?? []).map((parameter) => {
      const detail = [parameter.description, detailOf(parameter.schema)].filter(Boolean).join('. ')
      return { name: parameter.name, place: places[parameter.in], type: typeLabel(parameter.schema), required: parameter.required, ...(detail ? { detail } : {}) }
    }),
    ...(operation.requestBody ? { body: bodyOf(operation) } : {}),
    answers: responses.filter((answer) => !failed(answer.status)),
    errors: responses.filter((answer) => failed(answer.status)),
  }
}

/** The document's operations grouped by tag, in the order of its tag list. */
export function referenceGroups(document: ApiDocument): ReferenceGroup[] {
  const groups = new Map<string, ReferenceGroup>(document.tags.map((tag) => [tag.name, { tag: tag.name, ...(tag.description ? { description: tag.description } : {}), operations: [] }]))
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of apiPathMethods) {
      const operation = item[method]
      if (!operation) continue
      const tag = operation.tags[0] ?? 'Otras'
      const group = groups.get(tag) ?? { tag, operations: [] }
      group.operations.push(referenceOf(method, path, operation))
      groups.set(tag, group)
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0)
}

const folded = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()

/** The groups with only the operations whose path, method or summary contains `search` (accents ignored). */
export function searchGroups(groups: readonly ReferenceGroup[], search: string): ReferenceGroup[] {
  const wanted = folded(search.trim())
  if (!wanted) return [...groups]
  return groups
    .map((group) => ({ ...group, operations: group.operations.filter((operation) => folded(`${operation.method} ${operation.path} ${operation.summary}`).includes(wanted)) }))
    .filter((group) => group.operations.length > 0)
}
