import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { z } from 'zod'
import { HttpError } from './http-error.ts'
import type { FieldError } from './http-error.ts'
import type { ValidatedParts } from './types.ts'

/**
 * A body whose shape depends on what was sent (PUT with `{payload: {active}}` toggles, any other
 * payload updates): a function that picks the schema from the raw body.
 */
export type BodySchemaChoice = (raw: unknown) => z.ZodType | Promise<z.ZodType>

export interface RequestSchemas {
  body?: z.ZodType | BodySchemaChoice
  query?: z.ZodType
  params?: z.ZodType
}

type Output<S> = S extends z.ZodType ? z.output<S> : S extends (raw: unknown) => infer Chosen ? (Awaited<Chosen> extends z.ZodType ? z.output<Awaited<Chosen>> : never) : undefined

/** The parsed parts of a request; a part without a schema is `undefined`, never the raw input. */
export interface ValidatedInput<S extends RequestSchemas> {
  body: Output<S['body']>
  query: Output<S['query']>
  params: Output<S['params']>
  /** The body exactly as sent, for what must see it before parsing (the hash of an idempotent request). */
  rawBody: unknown
}

const spanishLocale = z.locales.es().localeError

/**
 * Spanish messages for zod's built-in checks, used unless a schema sets its own message.
 * Missing values and e-mails use the wording of the product's validation rules.
 */
export const spanishErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Campo requerido'
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'Correo electrónico inválido'
  return spanishLocale(issue)
}

export function toFieldErrors(error: z.core.$ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }))
}

/** 422 'Datos inválidos' whose description is the first field message. */
export function validationError(errors: FieldError[]): HttpError {
  return new HttpError(422, 'Datos inválidos', errors[0]?.message ?? 'Verifique los datos proporcionados', {
    errors,
  })
}

const PARTS = ['params', 'query', 'body'] as const

async function parseRequest(req: Request, schemas: RequestSchemas): Promise<ValidatedParts> {
  const parsed: ValidatedParts = {}
  const errors: FieldError[] = []
  for (const part of PARTS) {
    const declared = schemas[part]
    if (!declared) continue
    const schema = typeof declared === 'function' ? await declared(req[part]) : declared
    const result = await schema.safeParseAsync(req[part], { error: spanishErrorMap })
    if (result.success) parsed[part] = result.data
    else errors.push(...toFieldErrors(result.error))
  }
  if (errors.length > 0) throw validationError(errors)
  return parsed
}

/** Parsed values replace `req.body` and `req.params` (Express 5 recomputes `req.query` on every read). */
function replaceRaw(req: Request, parsed: ValidatedParts): void {
  if ('body' in parsed) req.body = parsed.body
  if ('params' in parsed) req.params = parsed.params as Request['params']
}

export type ValidatedHandler<S extends RequestSchemas> = (
  input: ValidatedInput<S>,
  req: Request,
  res: Response,
  next: NextFunction,
) => unknown

/**
 * The one request validator: parses `params`, `query` and `body`, answering 422 with every failing
 * field at once, then calls `handler` with the typed input:
 * `withValidation({ body }, async ({ body }, req, res) => …)`. A part without a schema is undefined.
 */
export function withValidation<S extends RequestSchemas>(schemas: S, handler: ValidatedHandler<S>): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const rawBody: unknown = req.body
    const parsed = await parseRequest(req, schemas)
    replaceRaw(req, parsed)
    await handler({ body: parsed.body, query: parsed.query, params: parsed.params, rawBody } as ValidatedInput<S>, req, res, next)
  }
}
