import { describe, it } from 'vitest'
import {
  EMAIL_NOT_VERIFIED_TEXT,
  EMAIL_NOT_VERIFIED_TITLE,
  passwordRecoveryRequested,
  socialAccountLinked,
  userActivationToggled,
  userChangeRefused,
  userCreated,
  userEmailVerified,
  userPasswordChanged,
  userPermissionsChanged,
  userProfileUpdated,
  userRoleChanged,
  userSetupReverted,
  userSignedIn,
  userSignedOut,
  userUpdated,
  type RefusedChange,
  type Role,
  type UserInput,
} from '@donaciones/contracts'
import { newEvent, refuse, type AuthClaims } from '@donaciones/kit'
import { deciderSpec } from '@donaciones/kit/testing'
import type { PermissionGrant } from '../modules.ts'
import { emailTaken } from './deps.ts'
import { invalidRecoveryLink, invalidVerificationLink, lastFullAdmin, userDecider, userNotFound } from './user-decider.ts'

const userId = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'
const thumbnail = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e'
const all = { read: true, create: true, update: true }
const readOnly = { read: true, create: false, update: false }
const adminManager: PermissionGrant = { module: 'admin', ...all }

function claims(id: string, role: Role, permissions: PermissionGrant[] = []): AuthClaims {
  return { sub: id, _id: id, role, active: true, changePassword: false, permissions: permissions.map((grant) => ({ ...grant, delete: false })), name: 'Ana', lastName: 'Ruiz', email: `${id}@ejemplo.mx`, sv: 0 }
}

const root = claims('root', 0)
/** A restricted administrator who manages administrators and users but holds nothing else. */
const manager = claims('manager', 1, [adminManager, { module: 'user', ...all }])

function created(role: Role, permissions: PermissionGrant[] = [], origin: 'admin' | 'signup' = 'admin') {
  return newEvent(userCreated, {
    userId,
    name: 'Luis',
    lastName: 'Pérez',
    email: 'luis@ejemplo.mx',
    thumbnail: null,
    picture: 'https://fotos.ejemplo.mx/luis.png',
    role,
    permissions,
    active: origin !== 'signup',
    changePassword: true,
    origin,
  })
}

const fullAdmin = created(0)
const campaigner = created(1, [{ module: 'campaign', ...all }, adminManager])
const donor = created(2)
const signup = created(2, [], 'signup')

function input(changes: Partial<UserInput> = {}): UserInput {
  return { name: 'Luis', lastName: 'Pérez', email: 'luis@ejemplo.mx', role: 2, permissions: [], ...changes }
}

const details = (changes: Partial<{ name: string; email: string; thumbnail: string | null }> = {}) =>
  newEvent(userUpdated, { userId, name: 'Luis', lastName: 'Pérez', email: 'luis@ejemplo.mx', thumbnail: null, picture: 'https://fotos.ejemplo.mx/luis.png', ...changes })
const update = (actor: AuthClaims, changes: Partial<UserInput> = {}, facts = { emailOfAnother: false, anotherActiveFullAdmin: true }) =>
  ({ kind: 'update' as const, actor, input: input(changes), ...facts })
const toggle = (actor: AuthClaims, active: boolean, anotherActiveFullAdmin = true) => ({ kind: 'toggle' as const, actor, active, anotherActiveFullAdmin })
const refused = (change: RefusedChange, reason: string) => newEvent(userChangeRefused, { userId, change, reason })
const fullAdminReason = 'Solo un administrador total puede cambiar el correo, la contraseña o el estado de otro administrador total'
const lacksReason = 'No puede cambiar el correo, la contraseña ni el estado de un administrador con permisos que usted no tiene'
const onlyFullAdmin = refuse.notAllowed('Acceso denegado', 'Solo un administrador total puede gestionar administradores totales')

const spec = deciderSpec(userDecider)

describe('the user decider: an administrator edits a user', () => {
  it('answers not found for a user that does not exist or whose setup was reverted', () => {
    spec.given([]).when(update(root)).thenThrows(userNotFound())
    spec.given([fullAdmin, newEvent(userSetupReverted, { userId, setupId: 's-1' })]).when(update(root)).thenThrows(userNotFound())
  })

  it('updates the details, keeping the picture and, when none is given, the thumbnail', () => {
    spec.given([donor]).when(update(root, { name: 'Luisa' })).then([details({ name: 'Luisa' })])
    spec
      .given([donor, details({ thumbnail })])
      .when(update(root))
      .then([details({ thumbnail })])
  })

  it('adds the role change and the normalized permissions when they change, and nothing when they do not', () => {
    spec
      .given([donor])
      .when(update(root, { role: 1, permissions: [{ module: 'campaign', read: false, create: true, update: false, delete: false }] }))
      .then([
        details(),
        newEvent(userRoleChanged, { userId, previousRole: 2, role: 1 }),
        newEvent(userPermissionsChanged, { userId, permissions: [{ module: 'campaign', read: true, create: true, update: false }] }),
      ])
    spec
      .given([campaigner])
      .when(update(root, { role: 1, permissions: [{ module: 'admin', ...all, delete: false }, { module: 'campaign', ...all, delete: false }] }))
      .then([details()])
  })

  it('records a refused takeover instead of changing the e-mail of an administrator the caller may not take over', () => {
    spec.given([fullAdmin]).when(update(manager, { email: 'otro@ejemplo.mx', role: 0 })).then([refused('email', fullAdminReason)])
    spec.given([campaigner]).when(update(manager, { email: 'otro@ejemplo.mx', role: 1 })).then([refused('email', lacksReason)])
  })

  it('refuses plainly, recording nothing, a caller who may not update the target at all', () => {
    const reader = claims('reader', 1, [{ module: 'admin', ...readOnly }])
    spec.given([campaigner]).when(update(reader, { email: 'otro@ejemplo.mx', role: 1 })).thenThrows(refuse.notAllowed())
    spec.given([campaigner]).when(update(reader, { role: 1 })).thenThrows(refuse.notAllowed())
  })

  it('keeps full administrators and the grants a restricted administrator lacks out of his reach', () => {
    spec.given([fullAdmin]).when(update(manager, { role: 0 })).thenThrows(onlyFullAdmin)
    spec.given([donor]).when(update(manager, { role: 0 })).thenThrows(onlyFullAdmin)
    spec
      .given([donor])
      .when(update(manager, { role: 1, permissions: [{ module: 'campaign', ...readOnly, delete: false }] }))
      .then([refused('permissions', 'No puede otorgar permisos que usted no tiene')])
  })

  it('records a refusal instead of removing permissions the caller does not hold, judged on what the user holds before the change', () => {
    const removes = 'No puede quitar permisos que usted no tiene'
    // The campaigner holds campaign and admin; the manager holds admin and user only.
    spec.given([campaigner]).when(update(manager, { role: 1, permissions: [{ module: 'admin', ...all, delete: false }] })).then([refused('permissions', removes)])
    spec.given([campaigner]).when(update(manager, { role: 1, permissions: [] })).then([refused('permissions', removes)])
    spec
      .given([campaigner])
      .when(update(manager, { role: 1, permissions: [{ module: 'admin', ...all, delete: false }, { module: 'campaign', ...readOnly, delete: false }] }))
      .then([refused('permissions', removes)])
    // Demoting to role 2 takes every permission away.
    spec.given([campaigner]).when(update(manager, { role: 2 })).then([refused('permissions', removes)])
    // What he holds he may take away; the name alone changes freely; role 0 may do anything.
    spec
      .given([created(1, [{ module: 'user', ...readOnly }, adminManager])])
      .when(update(manager, { role: 1, permissions: [{ module: 'admin', ...all, delete: false }] }))
      .then([details(), newEvent(userPermissionsChanged, { userId, permissions: [adminManager] })])
    spec
      .given([campaigner])
      .when(update(manager, { name: 'Luisa', role: 1, permissions: [{ module: 'campaign', ...all, delete: false }, { module: 'admin', ...all, delete: false }] }))
      .then([details({ name: 'Luisa' })])
    spec.given([campaigner]).when(update(root, { role: 1, permissions: [] })).then([details(), newEvent(userPermissionsChanged, { userId, permissions: [] })])
  })

  it('lets nobody raise his own role or permissions', () => {
    const self = claims(userId, 1, [{ module: 'campaign', ...all }, adminManager])
    const raise = refuse.notAllowed('Acceso denegado', 'No puede aumentar sus propios privilegios')
    spec.given([campaigner]).when(update(self, { role: 0, permissions: [] })).thenThrows(onlyFullAdmin)
    spec
      .given([created(1, [adminManager])])
      .when(update(claims(userId, 1, [adminManager, { module: 'campaign', ...all }]), { role: 1, permissions: [{ module: 'admin', ...all, delete: false }, { module: 'campaign', ...readOnly, delete: false }] }))
      .thenThrows(raise)
  })

  it('keeps an active full administrator: the last one is not demoted', () => {
    const demote = update(root, { role: 1 }, { emailOfAnother: false, anotherActiveFullAdmin: false })
    spec.given([fullAdmin]).when(demote).thenThrows(lastFullAdmin())
    spec.given([fullAdmin, newEvent(userActivationToggled, { userId, active: false })]).when(demote).then([details(), newEvent(userRoleChanged, { userId, previousRole: 0, role: 1 })])
    spec.given([fullAdmin]).when(update(root, { role: 1 })).then([details(), newEvent(userRoleChanged, { userId, previousRole: 0, role: 1 })])
  })

  it('answers 409 for an e-mail another user has, after the rules of the caller', () => {
    spec.given([donor]).when(update(root, { email: 'otro@ejemplo.mx' }, { emailOfAnother: true, anotherActiveFullAdmin: true })).thenThrows(emailTaken())
    spec.given([fullAdmin]).when(update(manager, { email: 'otro@ejemplo.mx', role: 0 }, { emailOfAnother: true, anotherActiveFullAdmin: true })).then([refused('email', fullAdminReason)])
  })

  it('decides on the latest details, role and permissions of the stream', () => {
    const promoted = [donor, newEvent(userRoleChanged, { userId, previousRole: 2, role: 0 })]
    spec.given(promoted).when(update(manager, { role: 0 })).thenThrows(onlyFullAdmin)
    spec.given([...promoted, details({ email: 'nuevo@ejemplo.mx' })]).when(update(manager, { email: 'nuevo@ejemplo.mx', role: 0 })).thenThrows(onlyFullAdmin)
    spec.given([...promoted, details({ email: 'nuevo@ejemplo.mx' })]).when(update(manager, { role: 0 })).then([refused('email', fullAdminReason)])
    spec
      .given([campaigner, newEvent(userPermissionsChanged, { userId, permissions: [adminManager] })])
      .when(update(manager, { email: 'otro@ejemplo.mx', role: 1, permissions: [{ module: 'admin', ...all, delete: false }] }))
      .then([details({ email: 'otro@ejemplo.mx' })])
  })
})

describe('the user decider: activation', () => {
  it('answers not found for a user that does not exist', () => {
    spec.given([]).when(toggle(root, false)).thenThrows(userNotFound())
  })

  it('deactivates and activates, and does nothing when the user already is so', () => {
    spec.given([donor]).when(toggle(root, false)).then([newEvent(userActivationToggled, { userId, active: false })])
    spec.given([donor, newEvent(userActivationToggled, { userId, active: false })]).when(toggle(root, true)).then([newEvent(userActivationToggled, { userId, active: true })])
    spec.given([donor]).when(toggle(root, true)).then([])
  })

  it('records a refused takeover instead of deactivating an administrator the caller may not take over', () => {
    spec.given([fullAdmin]).when(toggle(manager, false)).then([refused('deactivation', fullAdminReason)])
    spec.given([campaigner]).when(toggle(manager, false)).then([refused('deactivation', lacksReason)])
    spec.given([fullAdmin, newEvent(userActivationToggled, { userId, active: false })]).when(toggle(manager, true)).thenThrows(onlyFullAdmin)
  })

  it('refuses deactivating oneself and the last active full administrator', () => {
    spec.given([donor]).when(toggle(claims(userId, 0), false)).thenThrows(refuse.notAllowed('Acceso denegado', 'No puede desactivar su propia cuenta'))
    spec.given([fullAdmin]).when(toggle(root, false, false)).thenThrows(lastFullAdmin())
    spec.given([fullAdmin]).when(toggle(root, false, true)).then([newEvent(userActivationToggled, { userId, active: false })])
  })
})

describe('the user decider: passwords', () => {
  const provisional = newEvent(userPasswordChanged, { userId, reason: 'provisional', changePassword: true })

  it('issues a provisional password under the takeover rule and the manage rule', () => {
    spec.given([]).when({ kind: 'provisional-password', actor: root }).thenThrows(userNotFound())
    spec.given([donor]).when({ kind: 'provisional-password', actor: manager }).then([provisional])
    spec.given([fullAdmin]).when({ kind: 'provisional-password', actor: manager }).then([refused('provisional-password', fullAdminReason)])
    spec.given([campaigner]).when({ kind: 'provisional-password', actor: claims('u', 1, [{ module: 'user', ...all }]) }).thenThrows(refuse.notAllowed())
  })

  it('changes the signed-in user own password', () => {
    spec.given([]).when({ kind: 'reset-password' }).thenThrows(userNotFound())
    spec.given([donor, provisional]).when({ kind: 'reset-password' }).then([newEvent(userPasswordChanged, { userId, reason: 'reset', changePassword: false })])
  })

  it('records a recovery request of an existing user', () => {
    const expiresAt = '2026-11-25T23:00:00.000Z'
    spec.given([]).when({ kind: 'request-recovery', expiresAt }).thenThrows(userNotFound())
    spec.given([donor]).when({ kind: 'request-recovery', expiresAt }).then([newEvent(passwordRecoveryRequested, { userId, expiresAt })])
  })

  it('sets the recovered password only for the active owner of the link e-mail', () => {
    spec.given([donor]).when({ kind: 'recover-password', email: ' LUIS@ejemplo.mx' }).then([newEvent(userPasswordChanged, { userId, reason: 'recovery', changePassword: false })])
    spec.given([]).when({ kind: 'recover-password', email: 'luis@ejemplo.mx' }).thenThrows(invalidRecoveryLink())
    spec.given([donor]).when({ kind: 'recover-password', email: 'otro@ejemplo.mx' }).thenThrows(invalidRecoveryLink())
    spec.given([donor, newEvent(userActivationToggled, { userId, active: false })]).when({ kind: 'recover-password', email: 'luis@ejemplo.mx' }).thenThrows(invalidRecoveryLink())
  })
})

describe('the user decider: sign-up, profile and sessions', () => {
  const verified = newEvent(userEmailVerified, { userId })

  it('verifies a self sign-up once, for the e-mail of the link', () => {
    const names = { name: 'Luis', lastName: 'Pérez' }
    spec.given([signup]).when({ kind: 'verify-email', email: 'Luis@Ejemplo.mx', names }).then([verified])
    spec.given([signup]).when({ kind: 'verify-email', email: 'luis@ejemplo.mx', names: null }).then([verified])
    spec.given([signup, verified]).when({ kind: 'verify-email', email: 'luis@ejemplo.mx', names }).thenThrows(invalidVerificationLink())
    spec.given([signup]).when({ kind: 'verify-email', email: 'otro@ejemplo.mx', names }).thenThrows(invalidVerificationLink())
    spec.given([donor]).when({ kind: 'verify-email', email: 'luis@ejemplo.mx', names }).thenThrows(invalidVerificationLink())
    spec.given([]).when({ kind: 'verify-email', email: 'luis@ejemplo.mx', names }).thenThrows(invalidVerificationLink())
  })

  it('gives the verified account the name of the registration whose link was opened', () => {
    spec
      .given([signup])
      .when({ kind: 'verify-email', email: 'luis@ejemplo.mx', names: { name: 'Luisa', lastName: 'Gómez' } })
      .then([newEvent(userUpdated, { userId, name: 'Luisa', lastName: 'Gómez', email: 'luis@ejemplo.mx', thumbnail: null, picture: 'https://fotos.ejemplo.mx/luis.png' }), verified])
  })

  it('signs in a verified, active user only', () => {
    const signedIn = newEvent(userSignedIn, { userId, method: 'password' })
    spec.given([]).when({ kind: 'sign-in' }).thenThrows(userNotFound())
    spec.given([signup]).when({ kind: 'sign-in' }).thenThrows(refuse.notAllowed(EMAIL_NOT_VERIFIED_TITLE, EMAIL_NOT_VERIFIED_TEXT))
    spec.given([signup, verified]).when({ kind: 'sign-in' }).then([signedIn])
    spec.given([donor]).when({ kind: 'sign-in' }).then([signedIn])
    spec
      .given([donor, newEvent(userActivationToggled, { userId, active: false })])
      .when({ kind: 'sign-in' })
      .thenThrows(refuse.notAllowed('Usuario inactivo', 'Su cuenta está desactivada; comuníquese con un administrador'))
  })

  it('signs out an existing user', () => {
    spec.given([]).when({ kind: 'sign-out' }).thenThrows(userNotFound())
    spec.given([donor]).when({ kind: 'sign-out' }).then([newEvent(userSignedOut, { userId })])
  })

  it('updates the own profile unless the e-mail belongs to another user', () => {
    const profile = { name: 'Luisa', lastName: 'Pérez', email: 'luisa@ejemplo.mx', thumbnail }
    spec.given([]).when({ kind: 'update-profile', input: profile, emailOfAnother: false }).thenThrows(userNotFound())
    spec.given([donor]).when({ kind: 'update-profile', input: profile, emailOfAnother: true }).thenThrows(emailTaken())
    spec.given([donor]).when({ kind: 'update-profile', input: profile, emailOfAnother: false }).then([newEvent(userProfileUpdated, { userId, ...profile })])
  })

  it('an updated profile e-mail is the one links are checked against', () => {
    const moved = newEvent(userProfileUpdated, { userId, name: 'Luis', lastName: 'Pérez', email: 'nuevo@ejemplo.mx', thumbnail })
    spec.given([donor, moved]).when({ kind: 'recover-password', email: 'luis@ejemplo.mx' }).thenThrows(invalidRecoveryLink())
    spec.given([donor, moved]).when({ kind: 'recover-password', email: 'nuevo@ejemplo.mx' }).then([newEvent(userPasswordChanged, { userId, reason: 'recovery', changePassword: false })])
  })

  it('links a social account to an existing user', () => {
    const command = { kind: 'link-social' as const, provider: 'google' as const, providerId: 'g-1' }
    spec.given([]).when(command).thenThrows(userNotFound())
    spec.given([donor]).when(command).then([newEvent(socialAccountLinked, { userId, provider: 'google', providerId: 'g-1' })])
  })

  it('reverts the administrator of a setup once; a missing one is nothing to do', () => {
    spec.given([fullAdmin]).when({ kind: 'revert-setup', setupId: 's-1' }).then([newEvent(userSetupReverted, { userId, setupId: 's-1' })])
    spec.given([]).when({ kind: 'revert-setup', setupId: 's-1' }).then([])
    spec.given([fullAdmin, newEvent(userSetupReverted, { userId, setupId: 's-1' })]).when({ kind: 'revert-setup', setupId: 's-1' }).then([])
  })
})
