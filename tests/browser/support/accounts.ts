import type { BrowserSite } from './browser-site.ts'

export interface NewAccount {
  email: string
  name: string
  lastName: string
  role: 0 | 1 | 2
  permissions: unknown[]
}

/**
 * An account created by an administrator through POST /api/users: the provisional password
 * arrives by mail, is replaced through the API, and the account signs in. Returns its token.
 */
export async function createActiveAccountToken(site: BrowserSite, adminToken: string, account: NewAccount, newPassword: string): Promise<string> {
  const { email } = account
  const created = await site.api('/api/users/', { method: 'POST', token: adminToken, json: account })
  if (created.status !== 201) throw new Error(`Alta fallida: ${created.status} ${await created.text()}`)
  const mail = await site.mail.waitFor(email)
  const provisional = /Contraseña provisional: (\S+)/.exec(mail.text)?.[1]
  if (!provisional) throw new Error(`Correo sin contraseña provisional:\n${mail.text}`)
  const login = async (password: string) => {
    const response = await site.api('/api/auth/login', { method: 'POST', json: { email, password } })
    if (!response.ok) throw new Error(`Inicio de sesión fallido: ${response.status}`)
    return ((await response.json()) as { token: string }).token
  }
  const first = await login(provisional)
  const reset = await site.api('/api/auth/reset-password', { method: 'POST', token: first, json: { password: provisional, newPassword } })
  if (reset.status !== 200) throw new Error(`Cambio de contraseña fallido: ${reset.status} ${await reset.text()}`)
  return login(newPassword)
}
