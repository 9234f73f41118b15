import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { Transporter } from 'nodemailer'
import type { ConnectionOutcome } from '@donaciones/contracts'
import type { Logger } from '../http/index.ts'

/** SMTP settings (the content service keeps them in the site configuration). */
export interface SmtpSettings {
  host: string
  port: number
  /** Implicit TLS; defaults to true on port 465 only (other ports upgrade with STARTTLS when offered). */
  secure?: boolean
  auth?: { user: string; pass: string }
  /** Refuse to send unless the connection is encrypted (STARTTLS required). */
  requireTLS?: boolean
}

/** A file attached to a message; the bytes in base64 (as the outbox rows keep them). */
export interface MailFile {
  filename: string
  contentType: string
  contentBase64: string
}

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  attachments?: readonly MailFile[]
  /** Message-ID header; a stable one lets a mailbox recognise a message delivered twice. */
  messageId?: string
}

export interface MailerOptions {
  /** Without SMTP settings every message is written to `outboxDir` as an .eml file (or only logged when that is absent too). */
  smtp?: SmtpSettings | undefined
  outboxDir?: string | undefined
  /** Sender, e.g. '"Fundación" <no-reply@fundacion.mx>'. */
  from: string
  logger?: Logger | undefined
}

export interface SentMail {
  transport: 'smtp' | 'outbox' | 'log'
  messageId: string
  /** The .eml file written (outbox only). */
  file?: string
}

export interface Mailer {
  readonly transport: SentMail['transport']
  send(message: MailMessage): Promise<SentMail>
  close(): void
}

/** The message as nodemailer takes it: each attachment decoded from base64 by nodemailer itself. */
function nodemailerMessage(from: string, { attachments, ...message }: MailMessage) {
  return {
    from,
    ...message,
    ...(attachments?.length
      ? { attachments: attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.contentBase64, encoding: 'base64' })) }
      : {}),
  }
}

function smtpTransport(smtp: SmtpSettings): Transporter {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure ?? smtp.port === 465,
    ...(smtp.requireTLS ? { requireTLS: true } : {}),
    ...(smtp.auth && smtp.auth.user ? { auth: { user: smtp.auth.user, pass: smtp.auth.pass } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
}

/** What an SMTP server said to a connection test. */
export interface SmtpCheck {
  outcome: ConnectionOutcome
  /** The server's answer or the socket's error (never the password). */
  reason: string | null
}

const AUTHENTICATION_CODES = new Set(['EAUTH', 'ENOAUTH'])
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY'])

/** A nodemailer failure as a connection test's outcome, with the server's words when it said any. */
export function smtpProblemOf(error: unknown): SmtpCheck {
  const fields = typeof error === 'object' && error !== null ? (error as { code?: unknown; response?: unknown; message?: unknown }) : {}
  const code = typeof fields.code === 'string' ? fields.code : undefined
  const reason = typeof fields.response === 'string' && fields.response ? fields.response : typeof fields.message === 'string' ? fields.message : String(error)
  if (code && AUTHENTICATION_CODES.has(code)) return { outcome: 'authentication', reason }
  if (code && UNREACHABLE_CODES.has(code)) return { outcome: 'unreachable', reason }
  return { outcome: 'provider-error', reason }
}

/**
 * Connects to the SMTP server and signs in as a message would (nodemailer's verify): nothing is
 * sent. Resolves with what happened; never rejects.
 */
export async function verifySmtp(smtp: SmtpSettings): Promise<SmtpCheck> {
  const transporter = smtpTransport(smtp)
  try {
    await transporter.verify()
    return { outcome: 'ok', reason: null }
  } catch (error) {
    return smtpProblemOf(error)
  } finally {
    transporter.close()
  }
}

/**
 * Sends mail with nodemailer: through SMTP when configured, otherwise as .eml files under
 * `outboxDir` (a local demo reads them there). Message bodies are never logged: they carry
 * provisional passwords and recovery links.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtp, outboxDir, from, logger } = options
  if (smtp) {
    const transporter = smtpTransport(smtp)
    return {
      transport: 'smtp',
      async send(message) {
        const info = (await transporter.sendMail(nodemailerMessage(from, message))) as { messageId: string }
        logger?.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'Correo enviado por SMTP')
        return { transport: 'smtp', messageId: info.messageId }
      },
      close: () => transporter.close(),
    }
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    transport: outboxDir ? 'outbox' : 'log',
    async send(message) {
      const info = (await transporter.sendMail(nodemailerMessage(from, message))) as { messageId: string; message: Buffer }
      if (!outboxDir) {
        logger?.warn({ to: message.to, subject: message.subject, messageId: info.messageId }, 'Correo sin SMTP ni carpeta de salida: solo se registra')
        return { transport: 'log', messageId: info.messageId }
      }
      await mkdir(outboxDir, { recursive: true })
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`)
      await writeFile(file, info.message, { mode: 0o600 })
      logger?.info({ to: message.to, subject: message.subject, messageId: info.messageId, file }, 'Correo guardado en la bandeja de salida')
      return { transport: 'outbox', messageId: info.messageId, file }
    },
    close: () => transporter.close(),
  }
}
