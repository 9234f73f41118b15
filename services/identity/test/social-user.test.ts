import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpError, ident } from '@donaciones/kit'
import { defaultIdentityOptions } from '../src/config.ts'
import { socialSignInPorts } from '../src/commands/social-user.ts'
import { claimsOf, login, seedFullAdmin, startTestPlatform, strongPassword, uniqueEmail, waitForMails, type Session, type TestPlatform } from './platform.ts'

describe('users from social sign-in (ports for src/oauth)', () => {
  let platform: TestPlatform
  let admin: Session
  let ports: ReturnType<typeof socialSignInPorts>

  beforeAll(async () => {
    platform = await startTestPlatform()
    admin = await seedFullAdmin(platform)
    ports = socialSignInPorts({ context: platform.identity.context, options: defaultIdentityOptions(platform.identity.context.settings) })
  })
  afterAll(() => platform.stop())

  const profile = { provider: 'google' as const, providerId: 'g-123', email: 'social@ejemplo.mx', name: 'So', lastName: 'Cial', picture: 'https://fotos.test/so.png' }

  it('creates an active role 2 user once and finds it again by the provider id', async () => {
    const created = await ports.findOrCreateSocialUser(profile)
    expect(ports.toAuthUser(created)).toMatchObject({ role: 2, active: true, changePassword: false, email: 'social@ejemplo.mx', picture: 'https://fotos.test/so.png', permissions: [] })
    const again = await ports.findOrCreateSocialUser({ ...profile, email: 'otro@ejemplo.mx' })
    expect(again.id).toBe(created.id)
    const token = await ports.issueToken(created.id)
    expect(claimsOf(token)).toMatchObject({ sub: created.id, role: 2 })
    expect((await platform.api(`/api/users/${created.id}`, { token })).status).toBe(200)
    // No password: the password sign-in never opens this account.
    expect((await login(platform, 'social@ejemplo.mx', '')).status).toBe(422)
    expect((await login(platform, 'social@ejemplo.mx', 'Cualquiera#1')).status).toBe(401)
  })

  it('links a provider to the existing user with the same e-mail, without touching his role', async () => {
    const linked = await ports.findOrCreateSocialUser({ ...profile, provider: 'facebook', providerId: 'f-9', email: admin.email.toUpperCase() })
    expect(linked.id).toBe(admin.id)
    expect(linked.role).toBe(0)
    const { rows } = await platform.db.query(`select 1 from ${ident(platform.identity.context.store.schema)}.social_accounts where provider = 'facebook' and user_id = $1`, [admin.id])
    expect(rows).toHaveLength(1)
  })

  it('links by e-mail only an account whose e-mail is verified: a pending self sign-up is refused and left unlinked until its link is opened', async () => {
    const email = uniqueEmail('pendiente')
    const registered = await platform.api('/api/auth/register', { json: { name: 'Alguien', lastName: 'Más', email, password: strongPassword } })
    expect(registered.status).toBe(200)
    const pending = { ...profile, provider: 'google' as const, providerId: 'g-pendiente', email }
    const refused = await ports.findOrCreateSocialUser(pending).then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({ status: 403, message: 'Correo sin verificar' })
    const linksOf = async (providerId: string) =>
      (await platform.db.query(`select user_id from ${ident(platform.identity.context.store.schema)}.social_accounts where provider_id = $1`, [providerId])).rows
    expect(await linksOf('g-pendiente')).toEqual([])

    // Once the mailbox holder verified it, the same profile is linked to it.
    const [mail] = await waitForMails(platform, email)
    const token = new URL(/https:\/\/donaciones\.test\/verify-email\?\S+/.exec(mail?.text ?? '')?.[0] ?? 'https://x').searchParams.get('token')
    expect((await platform.api('/api/auth/verify-email', { json: { email, token, password: strongPassword } })).status).toBe(200)
    const linked = await ports.findOrCreateSocialUser(pending)
    expect(linked.email).toBe(email)
    expect(await linksOf('g-pendiente')).toEqual([{ user_id: linked.id }])
    expect(claimsOf((await login(platform, email, strongPassword)).body.token)._id).toBe(linked.id)
  })

  it('gives a user without a shared e-mail a placeholder address that never collides', async () => {
    const first = await ports.findOrCreateSocialUser({ ...profile, provider: 'twitter', providerId: 't-1', email: null })
    const second = await ports.findOrCreateSocialUser({ ...profile, provider: 'twitter', providerId: 't-2', email: null })
    expect(first.email).toBe('twitter-t-1@sin-correo.invalid')
    expect(second.id).not.toBe(first.id)
  })
})
