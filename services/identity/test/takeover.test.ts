import { afterAll, beforeAll, expect, it } from 'vitest'
import { forEachEngine } from '../../../tests/support/engines.ts'
import { createSession, justification, waitForMails, login, seedFullAdmin, startTestPlatform, strongPassword, uniqueEmail, type Session, type TestPlatform } from './platform.ts'

interface ErrorBody {
  message: string
  description: string
}

interface HistoryEntry {
  module: string
  document: string
  cause: string
  description: string
  createdBy: { _id: string } | null
}

const all = { read: true, create: true, update: true }
const readOnly = { read: true, create: false, update: false }
const adminManager = { module: 'admin' as const, read: true, create: false, update: true }

/**
 * Account takeover between administrators: changing another administrator's e-mail, password
 * (a provisional one) or deactivating him needs role 0 or every permission he holds. Refusals
 * answer 403 in Spanish and the change history records who tried ('Intento rechazado').
 */
forEachEngine('takeover rule between administrators (through the gateway)', (engine) => {
  let platform: TestPlatform
  let root: Session
  /** Holds only admin read+update: the would-be attacker. */
  let attacker: Session
  /** Holds campaigns, history and admin management: more than the attacker. */
  let victim: Session
  /** Holds everything the victim holds, and more. */
  let superset: Session

  const victimPermissions = [{ module: 'campaign' as const, ...all }, { module: 'historical' as const, ...readOnly }, adminManager]

  beforeAll(async () => {
    platform = await startTestPlatform({}, engine)
    root = await seedFullAdmin(platform)
    attacker = await createSession(platform, root, { role: 1, permissions: [adminManager] })
    victim = await createSession(platform, root, { role: 1, permissions: victimPermissions })
    superset = await createSession(platform, root, {
      role: 1,
      permissions: [{ module: 'campaign', ...all }, { module: 'historical', ...readOnly }, { module: 'admin', ...all }, { module: 'user', ...readOnly }],
    })
  })
  afterAll(() => platform.stop())

  const edit = (caller: Session, target: Session, email: string, name = 'Nombre') =>
    platform.api<ErrorBody>(`/api/users/${target.id}`, {
      method: 'PUT',
      token: caller.token,
      json: { payload: { name, lastName: 'Apellido', email, role: 1, permissions: target === victim ? victimPermissions : [adminManager] }, historical: justification },
    })
  const provisional = (caller: Session, target: Session) =>
    platform.api<ErrorBody>(`/api/users/${target.id}/provisional-password`, { token: caller.token, json: { historical: justification } })
  const deactivate = (caller: Session, target: Session) =>
    platform.api<ErrorBody>(`/api/users/${target.id}`, {
      method: 'PUT',
      token: caller.token,
      json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'Baja' } },
    })

  async function refusalsOf(target: string, by: string): Promise<HistoryEntry[]> {
    const started = Date.now()
    for (;;) {
      const list = await platform.api<HistoryEntry[]>(`/api/historical/?module=user&document=${target}`, { token: root.token })
      const found = list.body.filter((entry) => entry.cause === 'Intento rechazado' && entry.createdBy?._id === by)
      if (found.length > 0 || Date.now() - started > 3000) return found
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  function expectRefused(response: { status: number; body: ErrorBody }) {
    expect(response.status).toBe(403)
    expect(response.body.message).toBe('Acceso denegado')
    expect(response.body.description).toMatch(/administrador con permisos que usted no tiene|administrador total/)
  }

  it('refuses changing the e-mail of an administrator with permissions the caller lacks, and records who tried', async () => {
    const stolen = uniqueEmail('robado')
    expectRefused(await edit(attacker, victim, stolen))
    const stored = await platform.api<{ email: string }>(`/api/users/${victim.id}`, { token: root.token })
    expect(stored.body.email).toBe(victim.email)
    const refusals = await refusalsOf(victim.id, attacker.id)
    expect(refusals).toHaveLength(1)
    expect(refusals[0]?.description).toMatch(/^Cambio de correo electrónico rechazado: /)
  })

  it('refuses a provisional password for that administrator: no mail goes out and his password still works', async () => {
    const mailsBefore = platform.mails.length
    expectRefused(await provisional(attacker, victim))
    await platform.identity.context.mail.drain()
    expect(platform.mails.length).toBe(mailsBefore)
    expect((await login(platform, victim.email, strongPassword)).status).toBe(200)
    const refusals = await refusalsOf(victim.id, attacker.id)
    expect(refusals.map((entry) => entry.description)).toContainEqual(expect.stringMatching(/^Contraseña provisional rechazada: /))
  })

  it('refuses deactivating that administrator', async () => {
    expectRefused(await deactivate(attacker, victim))
    const stored = await platform.api<{ active: boolean }>(`/api/users/${victim.id}`, { token: root.token })
    expect(stored.body.active).toBe(true)
    const refusals = await refusalsOf(victim.id, attacker.id)
    expect(refusals.map((entry) => entry.description)).toContainEqual(expect.stringMatching(/^Desactivación rechazada: /))
  })

  it('the whole takeover fails: the attacker never signs in as the victim', async () => {
    const mine = uniqueEmail('atacante')
    expect((await edit(attacker, victim, mine)).status).toBe(403)
    expect((await provisional(attacker, victim)).status).toBe(403)
    await platform.identity.context.mail.drain()
    expect(platform.mails.some((mail) => mail.to === mine)).toBe(false)
  })

  it('refuses the same changes on a role 0 administrator and records them', async () => {
    expectRefused(await edit(attacker, root, uniqueEmail('raiz')))
    expectRefused(await provisional(attacker, root))
    expectRefused(await deactivate(attacker, root))
    expect((await refusalsOf(root.id, attacker.id)).length).toBeGreaterThan(0)
  })

  it('refuses the remove-then-take-over sequence at its first step: permissions the caller lacks are neither removed nor granted', async () => {
    const target = await createSession(platform, root, { role: 1, permissions: victimPermissions })
    const withPermissions = (permissions: unknown[]) =>
      platform.api<ErrorBody>(`/api/users/${target.id}`, {
        method: 'PUT',
        token: attacker.token,
        json: { payload: { name: 'Nombre', lastName: 'Apellido', email: target.email, role: 1, permissions }, historical: justification },
      })
    const descriptions = async () =>
      (await platform.api<HistoryEntry[]>(`/api/historical/?module=user&document=${target.id}`, { token: root.token })).body
        .filter((entry) => entry.cause === 'Intento rechazado' && entry.createdBy?._id === attacker.id)
        .map((entry) => entry.description)

    // 1. Strip the target down to what the attacker holds: refused, judged on what the target holds now.
    const strip = await withPermissions([adminManager])
    expect(strip.status).toBe(403)
    expect(strip.body).toEqual({ message: 'Acceso denegado', description: 'No puede quitar permisos que usted no tiene' })
    const stored = await platform.api<{ permissions: { module: { name: string }; read: boolean; create: boolean; update: boolean }[] }>(`/api/users/${target.id}`, { token: root.token })
    const held = stored.body.permissions.map(({ module, read, create, update }) => ({ module: module.name, read, create, update }))
    expect(held).toHaveLength(victimPermissions.length)
    expect(held).toEqual(expect.arrayContaining(victimPermissions))
    await expect.poll(descriptions, { timeout: 30_000 }).toContain('Cambio de permisos rechazado: No puede quitar permisos que usted no tiene')

    // 2. and 3. The e-mail and a provisional password stay out of reach, so the attacker never signs in as the target.
    const mine = uniqueEmail('despojo')
    expectRefused(await edit(attacker, target, mine))
    expectRefused(await provisional(attacker, target))
    await platform.identity.context.mail.drain()
    expect(platform.mails.some((mail) => mail.to === mine)).toBe(false)
    expect((await login(platform, target.email, strongPassword)).status).toBe(200)

    // Granting what the attacker lacks is refused and recorded the same way.
    const grant = await withPermissions([...victimPermissions, { module: 'user', ...readOnly }])
    expect(grant.status).toBe(403)
    expect(grant.body).toEqual({ message: 'Acceso denegado', description: 'No puede otorgar permisos que usted no tiene' })
    await expect.poll(descriptions, { timeout: 30_000 }).toContain('Cambio de permisos rechazado: No puede otorgar permisos que usted no tiene')
    // The refusals carry no justification: nothing changed.
    const events = await platform.identity.context.store.readStream(`user-${target.id}`)
    const refusals = events.filter((event) => event.type === 'UserChangeRefused')
    expect(refusals.map((event) => event.data)).toContainEqual({ userId: target.id, change: 'permissions', reason: 'No puede quitar permisos que usted no tiene' })
    for (const event of refusals) expect(event.metadata).not.toHaveProperty('historical')
    expect(events.map((event) => event.type)).not.toContain('UserPermissionsChanged')
  })

  it('lets a restricted caller remove a permission he holds himself', async () => {
    const target = await createSession(platform, root, { role: 1, permissions: [{ module: 'admin', ...readOnly }] })
    const response = await platform.api(`/api/users/${target.id}`, {
      method: 'PUT',
      token: attacker.token,
      json: { payload: { name: 'Nombre', lastName: 'Apellido', email: target.email, role: 1, permissions: [] }, historical: justification },
    })
    expect(response.status).toBe(200)
    expect((await platform.api<{ permissions: unknown[] }>(`/api/users/${target.id}`, { token: root.token })).body.permissions).toEqual([])
  })

  it('still lets the restricted caller change the name of that administrator (not a takeover)', async () => {
    const renamed = await edit(attacker, victim, victim.email, 'Renombrada')
    expect(renamed.status).toBe(200)
  })

  it('lets a caller holding every permission of the target change his e-mail, issue a provisional password and deactivate him', async () => {
    const target = await createSession(platform, root, { role: 1, permissions: victimPermissions })
    const email = uniqueEmail('nuevo-correo')
    expect((await edit(superset, target, email)).status).toBe(200)
    target.email = email
    expect((await provisional(superset, target)).status).toBe(200)
    expect(await waitForMails(platform, email)).toHaveLength(1)
    expect((await deactivate(superset, target)).status).toBe(200)
    expect(await refusalsOf(target.id, superset.id)).toEqual([])
  })

  it('lets a restricted caller manage an administrator whose permissions he holds (the attacker on a peer)', async () => {
    const peer = await createSession(platform, root, { role: 1, permissions: [{ module: 'admin', read: true, create: false, update: false }] })
    expect((await edit(attacker, peer, uniqueEmail('par'))).status).toBe(200)
    expect((await provisional(attacker, peer)).status).toBe(200)
    expect((await deactivate(attacker, peer)).status).toBe(200)
  })

  it('lets role 0 do all of it', async () => {
    const target = await createSession(platform, root, { role: 1, permissions: victimPermissions })
    expect((await edit(root, target, uniqueEmail('por-raiz'))).status).toBe(200)
    expect((await provisional(root, target)).status).toBe(200)
    expect((await deactivate(root, target)).status).toBe(200)
  })

  it('lets an administrator change his own e-mail through the admin form', async () => {
    const own = uniqueEmail('propio')
    expect((await edit(attacker, attacker, own)).status).toBe(200)
  })
})
