import { errorResponseSchema, mailContentSchema, type MailContent } from '@donaciones/contracts'
import type { SqlExecutor } from '../db/index.ts'
import { callService } from '../runtime/service-directory.ts'
import type { ServiceContext } from '../runtime/service-definition.ts'
import type { OutboxMail } from './outbox.ts'

/** The kind of an outbox row that holds a finished message (to, subject, text, html). */
export const MAIL_MESSAGE = 'message'

/** Queues a finished message in the caller's transaction; `context.mail.kick()` after commit sends it at once. */
export function queueMessage(context: Pick<ServiceContext, 'mail'>, tx: SqlExecutor, message: MailContent): Promise<string> {
  return context.mail.enqueue(tx, { kind: MAIL_MESSAGE, payload: message })
}

/**
 * Hands a message to the content service, which owns the SMTP settings and queues it in its own
 * outbox (the row's id travels with it, so a hand-over repeated after a crash is queued once).
 */
export async function handToMailService(context: Pick<ServiceContext, 'directory'>, id: string, message: MailContent): Promise<void> {
  const { status, body } = await callService(context.directory, 'content', '/internal/mail', { body: { id, ...message } })
  if (status !== 202) {
    const error = errorResponseSchema.safeParse(body)
    const reason = error.success ? [error.data.message, error.data.description].filter(Boolean).join(': ') : `respuesta ${status}`
    throw new Error(`El servicio de contenido no recibió el correo: ${reason}`)
  }
}

/** `deliverMail` of a service whose outbox holds only finished messages. */
export async function deliverFinishedMessage(context: ServiceContext, mail: OutboxMail): Promise<void> {
  if (mail.kind !== MAIL_MESSAGE) throw new Error(`Tipo de correo desconocido: ${mail.kind}`)
  await handToMailService(context, mail.id, mailContentSchema.parse(mail.payload))
}
