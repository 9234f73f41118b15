import fc from 'fast-check'
import { FILE_UPLOAD_FIELD, UPLOAD_MAX_BYTES } from '@donaciones/contracts'
import { tinyPng } from '../../support/site.ts'

export interface InvalidUpload {
  label: string
  contentType: string
  bytes: Buffer
}

const BOUNDARY = 'limite-de-prueba'

function part(name: string, content: Buffer, filename?: string, type = 'application/octet-stream'): Buffer {
  const disposition = filename === undefined ? `form-data; name="${name}"` : `form-data; name="${name}"; filename="${filename}"`
  return Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n`), content, Buffer.from('\r\n')])
}

function form(parts: Buffer[], closing = `--${BOUNDARY}--\r\n`): Buffer {
  return Buffer.concat([...parts, Buffer.from(closing)])
}

const multipart = `multipart/form-data; boundary=${BOUNDARY}`

/** Bytes that are no JPG, PNG, GIF or WEBP, some dressed up as one. */
const notImages = fc.oneof(
  fc.constantFrom(
    Buffer.from('hola, no soy una imagen'),
    Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
    Buffer.from('<?php echo 1; ?>'),
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
    tinyPng.subarray(0, 8),
    Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
  ),
  fc.uint8Array({ minLength: 1, maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
)

/** A multipart upload that must be refused: broken framing, no file, not an image, too large. */
export const invalidUpload: fc.Arbitrary<InvalidUpload> = fc.oneof(
  notImages.map((bytes) => ({ label: 'archivo que no es imagen', contentType: multipart, bytes: form([part(FILE_UPLOAD_FIELD, bytes, 'foto.png', 'image/png')]) })),
  fc.constant({ label: 'archivo vacío', contentType: multipart, bytes: form([part(FILE_UPLOAD_FIELD, Buffer.alloc(0), 'foto.png', 'image/png')]) }),
  fc.constant({ label: 'sin archivo, solo un campo', contentType: multipart, bytes: form([part('texto', Buffer.from('hola'))]) }),
  fc.constant({ label: 'la imagen en otro campo', contentType: multipart, bytes: form([part('imagen', tinyPng, 'foto.png', 'image/png')]) }),
  fc.constant({ label: 'formulario sin partes', contentType: multipart, bytes: Buffer.from(`--${BOUNDARY}--\r\n`) }),
  fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=otro-limite', 'multipart/mixed; boundary=limite-de-prueba', 'image/png', 'application/json').map((contentType) => ({
    label: `imagen con tipo de contenido ${contentType}`,
    contentType,
    bytes: contentType === 'image/png' ? tinyPng : form([part(FILE_UPLOAD_FIELD, tinyPng, 'foto.png', 'image/png')]),
  })),
  fc.integer({ min: 1, max: tinyPng.length + 80 }).map((cut) => ({
    label: `formulario cortado en ${cut} bytes`,
    contentType: multipart,
    bytes: form([part(FILE_UPLOAD_FIELD, tinyPng, 'foto.png', 'image/png')]).subarray(0, cut),
  })),
  fc.constant({ label: 'sin cierre del formulario', contentType: multipart, bytes: form([part(FILE_UPLOAD_FIELD, tinyPng, 'foto.png', 'image/png')], '') }),
  fc.constant({
    label: 'encabezados de parte rotos',
    contentType: multipart,
    bytes: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition form-data name=file\r\n\r\n${'x'.repeat(100)}\r\n--${BOUNDARY}--\r\n`),
  }),
  fc.integer({ min: 1, max: 3 * 1024 * 1024 }).map((extra) => ({
    label: `imagen de ${((UPLOAD_MAX_BYTES + extra) / 1024 / 1024).toFixed(1)} MB`,
    contentType: multipart,
    bytes: form([part(FILE_UPLOAD_FIELD, Buffer.concat([tinyPng, Buffer.alloc(UPLOAD_MAX_BYTES + extra - tinyPng.length)]), 'foto.png', 'image/png')]),
  })),
)
