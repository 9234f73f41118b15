import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveTestApp, type TestServer } from '../../testing/test-server.ts'
import { readMultipartFiles } from './multipart.ts'

let server: TestServer
beforeAll(async () => {
  server = await serveTestApp((app) =>
    app.post('/archivos', async (req, res) => {
      const files = await readMultipartFiles(req, { xml: { maxBytes: 1024, label: 'XML' }, pdf: { maxBytes: 1024, label: 'PDF' } })
      res.json({ xml: files.xml.toString('utf8'), pdf: files.pdf.toString('utf8') })
    }),
  )
})
afterAll(async () => {
  await server.close()
})

const file = (text: string, type = 'application/octet-stream') => new Blob([text], { type })

async function send(parts: Array<[name: string, value: Blob | string]>): Promise<{ status: number; body: { message?: string; description?: string; errors?: unknown; xml?: string } }> {
  const form = new FormData()
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value)
    else form.append(name, value, `${name}.bin`)
  }
  const response = await fetch(`${server.url}/archivos`, { method: 'POST', body: form })
  return { status: response.status, body: (await response.json()) as { message?: string } }
}

describe('readMultipartFiles: one file per field', () => {
  it('reads one file of each field, and ignores parts of other names', async () => {
    const answer = await send([['xml', file('<a/>')], ['nota', 'hola'], ['pdf', file('%PDF-')], ['otro', file('x')]])
    expect(answer).toEqual({ status: 200, body: { xml: '<a/>', pdf: '%PDF-' } })
  })

  it('refuses a second file of a field (422, Spanish, on that field), whichever comes first', async () => {
    for (const parts of [
      [['xml', file('<primero/>')], ['xml', file('<segundo/>')], ['pdf', file('%PDF-')]],
      [['pdf', file('%PDF-')], ['xml', file('<primero/>')], ['xml', file('<segundo/>')]],
      [['xml', file('<a/>')], ['pdf', file('%PDF-')], ['pdf', file('%PDF-otro')]],
    ] as Array<Array<[string, Blob]>>) {
      const answer = await send(parts)
      const field = parts.find(([name], index) => parts.findIndex(([other]) => other === name) !== index)?.[0]
      expect(answer.status).toBe(422)
      expect(answer.body).toEqual({ message: 'Datos inválidos', description: 'Envíe un solo archivo en este campo', errors: [{ path: field, message: 'Envíe un solo archivo en este campo' }] })
    }
  })

  it('refuses a text part named as a file field next to the file', async () => {
    const answer = await send([['xml', '<texto/>'], ['xml', file('<a/>')], ['pdf', file('%PDF-')]])
    expect(answer.status).toBe(422)
    expect(answer.body.errors).toEqual([{ path: 'xml', message: 'Envíe un solo archivo en este campo' }])
  })

  it('refuses a form with more parts than it may have, so no second file hides past the limits', async () => {
    const parts: Array<[string, Blob]> = [['xml', file('<a/>')], ['pdf', file('%PDF-')]]
    for (let index = 0; index < 4; index += 1) parts.push([`relleno${index}`, file('x')])
    parts.push(['xml', file('<escondido/>')])
    const answer = await send(parts)
    expect(answer.status).toBe(413)
    expect(answer.body).toMatchObject({ message: 'Formulario demasiado grande' })
  })
})
