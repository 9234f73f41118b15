import type { Request } from 'express'
import busboy from 'busboy'
import { ONE_FILE_PER_FIELD, REQUIRED } from '@donaciones/contracts'
import { payloadTooLarge, type HttpError } from './http-error.ts'
import { validationError } from './validate.ts'

/** Room for the multipart boundaries and part headers around the files themselves. */
const MULTIPART_OVERHEAD = 64 * 1024

/** Each expected file field and its largest size in bytes, with the name a person knows it by (and, when a route has its own, the refusal of a file over it). */
export type MultipartFileFields<Field extends string> = Record<Field, { maxBytes: number; label: string; tooLarge?: () => HttpError }>

function tooLarge(label: string, maxBytes: number): HttpError {
  const size = maxBytes >= 1024 * 1024 ? `${maxBytes / (1024 * 1024)} MB` : `${Math.round(maxBytes / 1024)} KB`
  return payloadTooLarge('Archivo demasiado grande', `El tamaño máximo del ${label} es de ${size}`)
}

/**
 * Reads and discards what is left of a refused body, up to `maxBytes` (past them the connection is
 * cut), before the refusal is answered: a client still sending a form to a connection we closed
 * gets a broken pipe instead of our answer (Node 24's fetch does).
 */
function drainRest(req: Request, maxBytes: number): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) {
      resolve()
      return
    }
    let drained = 0
    const done = () => {
      req.off('data', count)
      resolve()
    }
    const count = (chunk: Buffer) => {
      drained += chunk.length
      if (drained <= maxBytes) return
      req.destroy()
      done()
    }
    req.on('data', count)
    req.once('end', done)
    req.once('close', done)
    req.once('error', done)
    req.resume()
  })
}

/**
 * Reads the named files of a multipart/form-data request, each up to its size; other parts are
 * drained and ignored. A missing or empty file is 422 'Campo requerido' on its field (all of them
 * at once), a field sent twice (two files, or a file and a text of its name) 422 on that field, a
 * file over its size 413, more parts than the form may have 413, a body declared larger than all
 * of them together 413 before any of it is read. A refusal is answered once the rest of the body
 * has been read and discarded (up to what the form may weigh), and the connection is closed.
 */
export async function readMultipartFiles<Field extends string>(req: Request, fields: MultipartFileFields<Field>): Promise<Record<Field, Buffer>> {
  const names = Object.keys(fields) as Field[]
  const limitOf = (name: string) => fields[name as Field].maxBytes
  const refusalOf = (field: Field) => fields[field].tooLarge?.() ?? tooLarge(fields[field].label, fields[field].maxBytes)
  const declared = Number(req.headers['content-length'])
  const largest = names.reduce((sum, name) => sum + limitOf(name), 0) + MULTIPART_OVERHEAD
  if (Number.isFinite(declared) && declared > largest) {
    req.res?.set('Connection', 'close')
    const [only] = names
    throw names.length === 1 && only ? refusalOf(only) : payloadTooLarge('Archivos demasiado grandes', `Los archivos juntos no deben pasar de ${Math.round(largest / 1024)} KB`)
  }
  const missing = () => validationError(names.filter((name) => !received.has(name)).map((name) => ({ path: name, message: REQUIRED })))
  const received = new Map<Field, Buffer>()
  try {
    await new Promise<void>((resolve, reject) => {
      let parser: busboy.Busboy
      try {
        const maxFile = Math.max(...names.map(limitOf))
        parser = busboy({ headers: req.headers, limits: { fileSize: maxFile + 1, files: names.length + 2, fields: 10, parts: 20 } })
      } catch {
        reject(missing())
        return
      }
      let failure: HttpError | undefined
      const fail = (error: HttpError) => {
        if (failure) return
        failure = error
        req.unpipe(parser)
        void drainRest(req, largest).then(() => reject(error))
      }
      // Which of two parts of one name was meant cannot be told: the form is refused, never half read.
      const seen = new Set<string>()
      const once = (name: string): boolean => {
        if (!(names as string[]).includes(name)) return false
        if (seen.has(name)) {
          fail(validationError([{ path: name, message: ONE_FILE_PER_FIELD }]))
          return false
        }
        seen.add(name)
        return true
      }
      parser.on('field', (name) => {
        once(name)
      })
      // Parts past the limits would be skipped unseen (a second file among them too): the form is refused instead.
      const tooManyParts = () => fail(payloadTooLarge('Formulario demasiado grande', 'El formulario tiene más partes de las que se esperan'))
      parser.on('partsLimit', tooManyParts)
      parser.on('filesLimit', tooManyParts)
      parser.on('fieldsLimit', tooManyParts)
      parser.on('file', (name, stream) => {
        if (!once(name) || failure) {
          stream.resume()
          return
        }
        const field = name as Field
        const chunks: Buffer[] = []
        let size = 0
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > fields[field].maxBytes) fail(refusalOf(field))
          else chunks.push(chunk)
        })
        stream.on('limit', () => fail(refusalOf(field)))
        // A form cut short destroys the file stream with busboy's error; unheard, it would crash the process.
        stream.on('error', () => fail(missing()))
        stream.on('end', () => {
          const bytes = Buffer.concat(chunks)
          if (!failure && bytes.length > 0) received.set(field, bytes)
        })
      })
      parser.on('error', () => fail(missing()))
      parser.on('close', () => {
        if (failure) return
        if (received.size < names.length) reject(missing())
        else resolve()
      })
      req.pipe(parser)
    })
  } catch (error) {
    req.res?.set('Connection', 'close')
    throw error
  }
  return Object.fromEntries(received) as Record<Field, Buffer>
}
