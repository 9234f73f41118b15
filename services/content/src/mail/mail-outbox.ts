import {
  mailContentSchema,
  type InternalMailRequest,
  type UndeliveredMail,
  type UndeliveredMailResponse,
} from '@donaciones/contracts'
import { MAIL_MESSAGE, type OutboxMail, type ServiceContext } from '@donaciones/kit'
import { contentState } from '../state.ts'

/** Queues a message handed over by another service (or written here); its id makes a second hand-over a no-op. */
export async function acceptHandedMessage(context: ServiceContext, request: InternalMailRequest): Promise<void> {
  const { id, ...content } = request
  await context.db.transaction((tx) => context.mail.enqueue(tx, { id, kind: MAIL_MESSAGE, payload: content }))
  context.mail.kick()
}

/** The content service's delivery: the queued message to the configured SMTP server (or the .eml outbox). */
export async function deliverQueuedMessage(context: ServiceContext, mail: OutboxMail): Promise<void> {
  if (mail.kind !== MAIL_MESSAGE) throw new Error(`Tipo de correo desconocido: ${mail.kind}`)
  const message = mailContentSchema.parse(mail.payload)
  await contentState(context).mail.send({ ...message, messageId: `<${mail.id}@donaciones>` })
}

/** 'ana.lopez@correo.mx' → 'an•••@correo.mx': enough to recognise a message, not a list of addresses. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 1) return '•••'
  return `${address.slice(0, Math.min(2, at))}•••${address.slice(at)}`
}


/** The configuration screen's list: mail the SMTP server has not accepted for more than 15 minutes, with its last reason. */
export async function undeliveredMessages(context: ServiceContext): Promise<UndeliveredMailResponse> {
  // How long mail may wait before the configuration screen shows it: MAIL_ALERT_AFTER_SECONDS (15 minutes).
  const afterSeconds = context.settings.MAIL_ALERT_AFTER_SECONDS
  const rows = await context.mail.undelivered(afterSeconds * 1000)
  const items = rows.flatMap((row): UndeliveredMail[] => {
    const parsed = mailContentSchema.safeParse(row.payload)
    if (!parsed.success) return []
    return [
      {
        id: row.id,
        to: maskAddress(parsed.data.to),
        subject: parsed.data.subject,
        queuedAt: row.queuedAt,
        attempts: row.attempts,
        lastAttemptAt: row.lastAttemptAt,
        reason: row.lastError,
      },
    ]
  })
  return { items, afterSeconds }
}
