import { z } from 'zod'

/**
 * A JSON Schema as the API document carries it (from `z.toJSONSchema`): the keywords a reader of
 * the document shows. Other keywords pass through.
 */
export const jsonSchemaNodeSchema = z.looseObject({
  type: z.union([z.string(), z.array(z.string())]).optional(),
  format: z.string().optional(),
  enum: z.array(z.unknown()).optional(),
  const: z.unknown().optional(),
  default: z.unknown().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  pattern: z.string().optional(),
  contentMediaType: z.string().optional(),
  required: z.array(z.string()).optional(),
  get properties() {
    return z.record(z.string(), jsonSchemaNodeSchema).optional()
  },
  get items() {
    return jsonSchemaNodeSchema.optional()
  },
  get anyOf() {
    return z.array(jsonSchemaNodeSchema).optional()
  },
  get oneOf() {
    return z.array(jsonSchemaNodeSchema).optional()
  },
  get allOf() {
    return z.array(jsonSchemaNodeSchema).optional()
  },
})
export type JsonSchemaNode = z.infer<typeof jsonSchemaNodeSchema>

const mediaSchema = z.looseObject({ schema: jsonSchemaNodeSchema.optional() })
const contentSchema = z.record(z.string(), mediaSchema)

export const apiParameterSchema = z.looseObject({
  name: z.string(),
  in: z.enum(['path', 'query', 'header']),
  required: z.boolean(),
  description: z.string().optional(),
  schema: jsonSchemaNodeSchema,
})
export type ApiParameter = z.infer<typeof apiParameterSchema>

export const apiResponseSchema = z.looseObject({
  description: z.string(),
  content: contentSchema.optional(),
})
export type ApiResponse = z.infer<typeof apiResponseSchema>

/** Who may call an operation (`x-access`): the rule's kind and its Spanish wording. */
export const apiAccessSchema = z.looseObject({
  kind: z.enum(['public', 'optional', 'session', 'role', 'permission']),
  summary: z.string(),
  note: z.string().optional(),
})

export const apiOperationDocSchema = z.looseObject({
  operationId: z.string(),
  summary: z.string(),
  description: z.string().optional(),
  tags: z.array(z.string()).min(1),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  'x-access': apiAccessSchema,
  parameters: z.array(apiParameterSchema).optional(),
  requestBody: z.looseObject({ required: z.boolean(), content: contentSchema }).optional(),
  responses: z.record(z.string(), apiResponseSchema),
})
export type ApiOperationDoc = z.infer<typeof apiOperationDocSchema>

export const apiPathMethods = ['get', 'post', 'put', 'delete'] as const
export type ApiPathMethod = (typeof apiPathMethods)[number]

export const apiPathItemSchema = z.looseObject({
  get: apiOperationDocSchema.optional(),
  post: apiOperationDocSchema.optional(),
  put: apiOperationDocSchema.optional(),
  delete: apiOperationDocSchema.optional(),
})
export type ApiPathItem = z.infer<typeof apiPathItemSchema>

/** GET /api/openapi.json: the OpenAPI 3.1 document, as far as the dashboard's reader needs it. */
export const apiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  tags: z.array(z.looseObject({ name: z.string(), description: z.string().optional() })),
  paths: z.record(z.string(), apiPathItemSchema),
  components: z.looseObject({ schemas: z.record(z.string(), jsonSchemaNodeSchema) }),
})
export type ApiDocument = z.infer<typeof apiDocumentSchema>
