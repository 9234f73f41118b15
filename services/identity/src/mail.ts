import { callServiceOk, type ServiceContext } from '@donaciones/kit'
import type { InternalMailRequest } from '@donaciones/contracts'

/** Hands a mail to the content service, which sends it with the configured SMTP (or its outbox). */
export async function sendMail(context: Pick<ServiceContext, 'directory'>, mail: InternalMailRequest, requestId?: string): Promise<void> {
  await callServiceOk(context.directory, 'content', '/internal/mail', { body: mail, ...(requestId ? { requestId } : {}) })
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Mails a provisional password; false (and a log entry) when the mail could not be handed over. */
export async function mailProvisionalPassword(
  context: Pick<ServiceContext, 'directory' | 'logger'>,
  user: { id: string; name: string; email: string },
  password: string,
  loginUrl: string,
  requestId?: string,
): Promise<boolean> {
  try {
    await sendMail(
      context,
      {
        to: user.email,
        subject: 'Su contraseña provisional',
        text: `Hola ${user.name}:\n\nSe creó su acceso a la plataforma de donaciones.\n\nCorreo electrónico: ${user.email}\nContraseña provisional: ${password}\n\nInicie sesión en ${loginUrl}; se le pedirá cambiar la contraseña.`,
        html: `<p>Hola ${escapeHtml(user.name)}:</p><p>Se creó su acceso a la plataforma de donaciones.</p><p>Correo electrónico: ${escapeHtml(user.email)}<br>Contraseña provisional: <strong>${escapeHtml(password)}</strong></p><p>Inicie sesión en <a href="${escapeHtml(loginUrl)}">${escapeHtml(loginUrl)}</a>; se le pedirá cambiar la contraseña.</p>`,
      },
      requestId,
    )
    return true
  } catch (error) {
    context.logger.error({ err: error, userId: user.id }, 'No se pudo enviar la contraseña provisional')
    return false
  }
}
