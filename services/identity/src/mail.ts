import type { MailContent } from '@donaciones/contracts'

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** A new account's (or a reset) provisional password. */
export function provisionalPasswordMail(user: { name: string; email: string }, password: string, loginUrl: string): MailContent {
  return {
    to: user.email,
    subject: 'Su contraseña provisional',
    text: `Hola ${user.name}:\n\nSe creó su acceso a la plataforma de donaciones.\n\nCorreo electrónico: ${user.email}\nContraseña provisional: ${password}\n\nInicie sesión en ${loginUrl}; se le pedirá cambiar la contraseña.`,
    html: `<p>Hola ${escapeHtml(user.name)}:</p><p>Se creó su acceso a la plataforma de donaciones.</p><p>Correo electrónico: ${escapeHtml(user.email)}<br>Contraseña provisional: <strong>${escapeHtml(password)}</strong></p><p>Inicie sesión en <a href="${escapeHtml(loginUrl)}">${escapeHtml(loginUrl)}</a>; se le pedirá cambiar la contraseña.</p>`,
  }
}

/** The single-use link that sets a new password. */
export function recoveryMail(user: { name: string; email: string }, link: string): MailContent {
  const intro = 'Recibimos una solicitud para restablecer su contraseña. Abra este enlace para elegir una nueva (vence en 1 hora y solo puede usarse una vez):'
  return {
    to: user.email,
    subject: 'Recuperación de contraseña',
    text: `Hola ${user.name}:\n\n${intro}\n\n${link}\n\nSi usted no lo solicitó, ignore este correo.`,
    html: `<p>Hola ${escapeHtml(user.name)}:</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">Restablecer contraseña</a></p><p>Si usted no lo solicitó, ignore este correo.</p>`,
  }
}

/** The single-use link that verifies a self sign-up's e-mail (or re-sends it to a pending account). */
export function verificationMail(user: { name: string; email: string }, link: string, ttlHours: number): MailContent {
  const intro = `Gracias por registrarse en la plataforma de donaciones. Abra este enlace para verificar su correo y activar su cuenta (vence en ${ttlHours} horas y solo puede usarse una vez):`
  return {
    to: user.email,
    subject: 'Active su cuenta',
    text: `Hola ${user.name}:\n\n${intro}\n\n${link}\n\nSi usted no creó esta cuenta, ignore este correo.`,
    html: `<p>Hola ${escapeHtml(user.name)}:</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">Verificar correo</a></p><p>Si usted no creó esta cuenta, ignore este correo.</p>`,
  }
}

/** To the owner of an e-mail someone tried to register again: nothing changed, here is how to get in. */
export function accountExistsMail(user: { name: string; email: string }, publicUrl: string): MailContent {
  const login = `${publicUrl}/login`
  const forgot = `${publicUrl}/forgot-password`
  const intro = 'Alguien intentó crear una cuenta con este correo, que ya tiene una. No cambiamos nada.'
  return {
    to: user.email,
    subject: 'Ya tiene una cuenta',
    text: `Hola ${user.name}:\n\n${intro}\n\nSi fue usted, inicie sesión en ${login} o, si olvidó su contraseña, solicite un enlace en ${forgot}.\n\nSi no fue usted, ignore este correo.`,
    html: `<p>Hola ${escapeHtml(user.name)}:</p><p>${escapeHtml(intro)}</p><p>Si fue usted, <a href="${escapeHtml(login)}">inicie sesión</a> o, si olvidó su contraseña, <a href="${escapeHtml(forgot)}">solicite un enlace</a>.</p><p>Si no fue usted, ignore este correo.</p>`,
  }
}
