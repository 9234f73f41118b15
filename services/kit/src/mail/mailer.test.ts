import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../http/index.ts'
import { createMailer } from './mailer.ts'
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/test-smtp-server.ts'

const logger = createLogger('test', { level: 'silent' })

describe('Mailer over SMTP', () => {
  let smtp: TestSmtpServer
  beforeAll(async () => {
    smtp = await startTestSmtpServer({ user: 'envios@ayuda.mx', pass: 'clave-smtp' })
  })
  afterAll(() => smtp.close())

  it('delivers the message to the loopback server with the configured credentials', async () => {
    const mailer = createMailer({
      smtp: { host: '127.0.0.1', port: smtp.port, auth: { user: 'envios@ayuda.mx', pass: 'clave-smtp' } },
      from: '"Fundación" <envios@ayuda.mx>',
      logger,
    })
    const sent = await mailer.send({ to: 'ana@ayuda.mx', subject: 'Contraseña provisional', text: 'Su contraseña es Xy12345!', html: '<p>Hola</p>' })
    mailer.close()
    expect(sent.transport).toBe('smtp')
    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]!
    expect(mail.to).toEqual(['ana@ayuda.mx'])
    expect(mail.from).toBe('envios@ayuda.mx')
    expect(mail.user).toBe('envios@ayuda.mx')
    expect(mail.raw).toContain('Subject: =?UTF-8?')
    expect(mail.raw).toContain('Su contrase')
  })

  it('attaches files given in base64, and a message without them stays a single text part', async () => {
    const mailer = createMailer({ smtp: { host: '127.0.0.1', port: smtp.port, auth: { user: 'envios@ayuda.mx', pass: 'clave-smtp' } }, from: 'envios@ayuda.mx', logger })
    const pdf = Buffer.from('%PDF-1.3 comprobante')
    await mailer.send({
      to: 'eva@ayuda.mx',
      subject: 'Gracias',
      text: 'Adjuntamos el comprobante',
      attachments: [{ filename: 'comprobante-D-000042.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
    })
    await mailer.send({ to: 'luis@ayuda.mx', subject: 'Sin adjunto', text: 'Hola' })
    mailer.close()
    const [withFile, plain] = smtp.received.slice(-2)
    expect(withFile!.raw).toMatch(/Content-Type: multipart\/mixed/)
    expect(withFile!.raw).toMatch(/Content-Type: application\/pdf; name=comprobante-D-000042\.pdf/)
    expect(withFile!.raw).toContain('Content-Disposition: attachment; filename=comprobante-D-000042.pdf')
    expect(withFile!.raw).toContain(pdf.toString('base64'))
    expect(plain!.raw).not.toContain('multipart')
  })

  it('fails when the server refuses the credentials', async () => {
    const mailer = createMailer({
      smtp: { host: '127.0.0.1', port: smtp.port, auth: { user: 'envios@ayuda.mx', pass: 'otra' } },
      from: 'envios@ayuda.mx',
      logger,
    })
    await expect(mailer.send({ to: 'ana@ayuda.mx', subject: 'x', text: 'y' })).rejects.toThrow()
    mailer.close()
  })
})

describe('Mailer without SMTP', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('writes each message as an .eml file in the outbox', async () => {
    const outbox = join(dir, 'outbox')
    const mailer = createMailer({ outboxDir: outbox, from: 'no-reply@ayuda.mx', logger })
    expect(mailer.transport).toBe('outbox')
    const first = await mailer.send({ to: 'ana@ayuda.mx', subject: 'Recuperar contraseña', text: 'Enlace: https://ayuda.mx/recover-password?token=abc' })
    await mailer.send({ to: 'luis@ayuda.mx', subject: 'Otro', text: 'Hola' })
    expect(first.transport).toBe('outbox')
    const files = (await readdir(outbox)).sort()
    expect(files).toHaveLength(2)
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true)
    const eml = await readFile(first.file!, 'utf8')
    expect(eml).toContain('To: ana@ayuda.mx')
    expect(eml).toContain('token=abc')
    expect((await stat(first.file!)).mode & 0o777).toBe(0o600)
  })

  it('only logs when there is no outbox folder either', async () => {
    const mailer = createMailer({ from: 'no-reply@ayuda.mx', logger })
    expect((await mailer.send({ to: 'ana@ayuda.mx', subject: 'x', text: 'y' })).transport).toBe('log')
  })
})
