import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSmtpServer, type TestSmtpServer } from '../../../kit/src/mail/test-smtp-server.ts'
import { SECRETS } from '../testing/fixtures.ts'
import { startConfiguredSite, type ConfiguredSite } from '../testing/configured.ts'
import { startContentHarness, type ContentHarness } from '../testing/harness.ts'

const mail = { to: 'ana@ayuda.mx', subject: 'Contraseña provisional', text: 'Su contraseña provisional es Qwerty12!', html: '<p>Hola</p>' }

function internalPost(base: string, token: string | undefined, body: unknown) {
  return fetch(`${base}/internal/mail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-internal-token': token } : {}) },
    body: JSON.stringify(body),
  })
}

describe('POST /internal/mail with the configured SMTP', () => {
  let smtp: TestSmtpServer
  let site: ConfiguredSite

  beforeAll(async () => {
    // The wizard's SMTP user and password must be what reaches the server.
    smtp = await startTestSmtpServer({ user: 'envios@ayuda.mx', pass: SECRETS.smtpPass })
    site = await startConfiguredSite({ smtp: { host: '127.0.0.1', port: smtp.port } })
  })
  afterAll(async () => {
    await site.harness.stop()
    await smtp.close()
  })

  it('delivers to the loopback SMTP server with the stored (decrypted) credentials: 202', async () => {
    const response = await internalPost(site.harness.url, site.harness.internalToken, mail)
    expect(response.status).toBe(202)
    expect(await response.json()).toMatchObject({ transport: 'smtp' })
    expect(smtp.received).toHaveLength(1)
    const received = smtp.received[0]!
    expect(received.to).toEqual(['ana@ayuda.mx'])
    expect(received.user).toBe('envios@ayuda.mx')
    expect(received.from).toBe('envios@ayuda.mx')
    expect(received.raw).toContain('Fundaci')
    expect(received.raw).toContain('Qwerty12!')
  })

  it('is hidden without the internal token (404) and validates its body (422)', async () => {
    expect((await internalPost(site.harness.url, undefined, mail)).status).toBe(404)
    expect((await internalPost(site.harness.url, 'otro', mail)).status).toBe(404)
    const invalid = await internalPost(site.harness.url, site.harness.internalToken, { to: 'no-es-correo', subject: '', text: 'x' })
    expect(invalid.status).toBe(422)
    const body = (await invalid.json()) as { errors: { path: string }[] }
    expect(body.errors.map((error) => error.path).sort()).toEqual(['subject', 'to'])
    expect(smtp.received).toHaveLength(1)
  })

  it('answers 503 in Spanish when the SMTP server refuses the message', async () => {
    await smtp.close()
    const response = await internalPost(site.harness.url, site.harness.internalToken, mail)
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ message: 'No fue posible enviar el correo', description: 'Revise la configuración de envío de correos' })
  })
})

describe('POST /internal/mail without SMTP settings', () => {
  let dir: string
  let harness: ContentHarness

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'contenido-'))
    harness = await startContentHarness({ dataDir: dir })
  })
  afterAll(async () => {
    await harness.stop()
    await rm(dir, { recursive: true, force: true })
  })

  it('writes the message as an .eml file under <dataDir>/outbox', async () => {
    const response = await internalPost(harness.url, harness.internalToken, mail)
    expect(response.status).toBe(202)
    expect(await response.json()).toMatchObject({ transport: 'outbox' })
    const files = await readdir(join(dir, 'outbox'))
    expect(files).toHaveLength(1)
    const eml = await readFile(join(dir, 'outbox', files[0]!), 'utf8')
    expect(eml).toContain('To: ana@ayuda.mx')
    expect(eml).toContain('Qwerty12!')
  })

  it('generated the configuration key in the data directory (mode 0600)', async () => {
    const { stat } = await import('node:fs/promises')
    const info = await stat(join(dir, 'config-encryption.key'))
    expect(info.mode & 0o777).toBe(0o600)
  })
})
