import type { Request, RequestHandler, Response } from 'express'
import { Router } from 'express'
import { fileTypeFromBuffer } from 'file-type'
import { FILE_UPLOAD_FIELD, idParamsSchema, UPLOAD_IMAGE_MIME_TYPES, UPLOAD_MAX_BYTES } from '@donaciones/contracts'
import { forgiveAttempt, notFound, payloadTooLarge, readMultipartFiles, takeAttempt, tooManyRequests, unprocessable, withValidation, type ServiceContext } from '@donaciones/kit'
import { uploadFile } from '../commands/upload-file.ts'
import { readFileBlob, readFileEtag } from '../commands/file-blobs.ts'
import { findFile } from '../projections/files.ts'
import { loadConfiguration } from '../projections/configuration.ts'

const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024)
export const fileTooLarge = () => payloadTooLarge('Archivo demasiado grande', `El tamaño máximo permitido es de ${MAX_MB} MB`)
export const notAnImage = () => unprocessable('Tipo de archivo no permitido', 'Solo se permiten imágenes JPG, PNG, GIF o WEBP')
const fileNotFound = () => notFound('Archivo no encontrado', 'El archivo solicitado no existe')

/** Before setup the wizard uploads without a session; afterwards a signed-in user is required. */
/** Images a user (role 2) may upload per day; administrators have no quota. */
export const userUploadQuota = { perWindow: 20, windowMs: 24 * 60 * 60 * 1000 }

/** Counts a role 2 upload against the quota (429 beyond it); returns the attempt to forgive if the file is refused. */
async function takeUploadQuota(context: ServiceContext, auth: Request['auth']): Promise<string | undefined> {
  if (!auth || auth.role !== 2) return undefined
  const limits = [{ key: `upload:${auth._id}`, max: userUploadQuota.perWindow, windowMs: userUploadQuota.windowMs }]
  const verdict = await takeAttempt(context.db, context.store.schema, { limits })
  if (verdict.allowed) return verdict.attemptId
  const hours = Math.ceil(verdict.waitSeconds / 3600)
  throw tooManyRequests('Límite de imágenes alcanzado', `Puede subir hasta ${userUploadQuota.perWindow} imágenes por día. Intente de nuevo en ${hours} ${hours === 1 ? 'hora' : 'horas'}.`, {
    headers: { 'Retry-After': String(verdict.waitSeconds) },
  })
}

function uploadAuth(context: ServiceContext): RequestHandler {
  return async (req, res, next) => {
    const configured = await loadConfiguration(context.db, context.store.schema)
    const check = configured ? context.auth.required : context.auth.optional
    await check(req, res, next)
  }
}

export function fileRoutes(context: ServiceContext): Router {
  const router = Router()
  const schema = context.store.schema

  router.post('/api/files', uploadAuth(context), async (req, res) => {
    const quota = await takeUploadQuota(context, req.auth)
    try {
      await receiveUpload(req, res)
    } catch (error) {
      // A refused file does not use the quota.
      if (quota) await forgiveAttempt(context.db, schema, quota)
      throw error
    }
  })

  const receiveUpload = async (req: Request, res: Response) => {
    const { [FILE_UPLOAD_FIELD]: bytes } = await readMultipartFiles(req, { [FILE_UPLOAD_FIELD]: { maxBytes: UPLOAD_MAX_BYTES, label: 'archivo', tooLarge: fileTooLarge } })
    const type = await fileTypeFromBuffer(bytes)
    if (!type || !(UPLOAD_IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) throw notAnImage()
    const file = await uploadFile(context, {
      bytes,
      contentType: type.mime,
      actor: req.auth?._id ?? null,
      correlationId: req.requestId,
    })
    res.status(201).json(file)
  }

  router.get(
    '/api/files/:id',
    withValidation({ params: idParamsSchema }, async ({ params }, _req, res) => {
      const file = await findFile(context.db, schema, params.id)
      if (!file) throw fileNotFound()
      res.json({ _id: file.id, path: file.path })
    }),
  )

  router.get(
    '/api/files/:id/raw',
    withValidation({ params: idParamsSchema }, async ({ params }, req, res) => {
      const etag = await readFileEtag(context.db, schema, params.id)
      if (!etag) throw fileNotFound()
      const tag = `"${etag}"`
      res.set({
        ETag: tag,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      })
      const match = req.headers['if-none-match']
      if (match && match.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag || candidate.trim() === '*')) {
        res.status(304).end()
        return
      }
      const blob = await readFileBlob(context.db, schema, params.id)
      if (!blob) throw fileNotFound()
      res.type(blob.contentType).set('Content-Length', String(blob.bytes.length)).end(blob.bytes)
    }),
  )

  return router
}
