import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { undeliveredMailResponseSchema } from '@donaciones/contracts'
import { startTestSmtpServer, type TestSmtpServer } from '@donaciones/kit/testing'
import { SECRETS } from './support/fixtures.ts'
import { startConfiguredSite, type ConfiguredSite } from './support/configured.ts'
import { startContentHarness, type ContentHarness } from './support/harness.ts'

const message = { to: 'ana@ayuda.mx', subject: 'Contraseña provisional', text: 'Su contraseña provisional es Qwerty12!', html: '<p>Hola</p>' }
const mail = () => ({ id: randomUUID(), ...message })

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

  it('queues the message (202) and delivers it to the loopback SMTP server with the stored (decrypted) credentials, once per id', async () => {
    const sent = mail()
    const response = await internalPost(site.harness.url, site.harness.internalToken, sent)
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ queued: true, id: sent.id })
    await site.harness.runtime.context.mail.drain()
    expect(smtp.received).toHaveLength(1)
    // Handed over again after a crash of the sender: queued once, delivered once.
    expect((await internalPost(site.harness.url, site.harness.internalToken, sent)).status).toBe(202)
    await site.harness.runtime.context.mail.drain()
    expect(smtp.received).toHaveLength(1)
    const received = smtp.received[0]!
    expect(received.to).toEqual(['ana@ayuda.mx'])
    expect(received.user).toBe('envios@ayuda.mx')
    expect(received.from).toBe('envios@ayuda.mx')
    expect(received.raw).toContain('Fundaci')
    expect(received.raw).toContain('Qwerty12!')
    expect(received.raw).toContain(`Message-ID: <${sent.id}@donaciones>`)
  })

  it('is hidden without the internal token (404) and validates its body (422)', async () => {
    expect((await internalPost(site.harness.url, undefined, mail())).status).toBe(404)
    expect((await internalPost(site.harness.url, 'otro', mail())).status).toBe(404)
    const invalid = await internalPost(site.harness.url, site.harness.internalToken, { to: 'no-es-correo', subject: '', text: 'x' })
    expect(invalid.status).toBe(422)
    const body = (await invalid.json()) as { errors: { path: string }[] }
    expect(body.errors.map((error) => error.path).sort()).toEqual(['id', 'subject', 'to'])
    expect(smtp.received).toHaveLength(1)
  })

  it('keeps the message while the SMTP server is down and lists it, with the reason, once it waited 15 minutes', async () => {
    await smtp.close()
    const waiting = mail()
    expect((await internalPost(site.harness.url, site.harness.internalToken, waiting)).status).toBe(202)
    await site.harness.runtime.context.mail.drain()
    const listed = async () => {
      const response = await site.api('/api/configuration/mail/undelivered', { token: site.adminToken })
      expect(response.status).toBe(200)
      return undeliveredMailResponseSchema.parse(response.body)
    }
    expect(await listed()).toEqual({ items: [], afterSeconds: 900 })
    await site.harness.db.query(`update content.mail_outbox set queued_at = queued_at - interval '16 minutes' where id = $1`, [waiting.id])
    const { items } = await listed()
    expect(items).toEqual([
      { id: waiting.id, to: 'an•••@ayuda.mx', subject: message.subject, queuedAt: expect.any(String), attempts: 1, lastAttemptAt: expect.any(String), reason: expect.stringMatching(/ECONNREFUSED/) },
    ])
    // The list is the configuration screen's: role 0 only.
    expect((await site.api('/api/configuration/mail/undelivered')).status).toBe(401)
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
    const response = await internalPost(harness.url, harness.internalToken, mail())
    expect(response.status).toBe(202)
    await harness.runtime.context.mail.drain()
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
