import {
  EMAIL_NOT_VERIFIED_TEXT,
  EMAIL_NOT_VERIFIED_TITLE,
  identityEvents,
  INVALID_VERIFICATION_LINK_TEXT,
  INVALID_VERIFICATION_LINK_TITLE,
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
  type ProfileUpdateRequest,
  type RefusedChange,
  type Role,
  type SocialProvider,
  type UserInput,
} from '@donaciones/contracts'
import { hasPermission, newEvent, refuse, type AuthClaims, type Decider, type NewEvent as AnyNewEvent, type StreamEvent } from '@donaciones/kit'
import { normalizeGrants, type PermissionGrant } from '../modules.ts'
import { emailKey } from '../projections/users.ts'
import { addsPermissions, assertCanManage, moduleOfRole, permissionChangeRefusal, takeoverRefusal } from './authorization.ts'
import { emailTaken } from './deps.ts'

/** A user as his stream tells it; null before creation and after a reverted setup. */
export interface UserState {
  id: string
  name: string
  lastName: string
  email: string
  thumbnail: string | null
  picture: string | null
  role: Role
  permissions: PermissionGrant[]
  active: boolean
  /** False for a self sign-up until its mailed link is opened. */
  emailVerified: boolean
}

/**
 * What the user's commands ask. Facts the stream cannot know are read before deciding and passed
 * in: the caller's claims, whether another active full administrator exists, whether the e-mail
 * belongs to someone else (the read model's unique index stays the backstop of that one).
 */
export type UserCommand =
  | { kind: 'update'; actor: AuthClaims; input: UserInput; emailOfAnother: boolean; anotherActiveFullAdmin: boolean }
  | { kind: 'toggle'; actor: AuthClaims; active: boolean; anotherActiveFullAdmin: boolean }
  | { kind: 'provisional-password'; actor: AuthClaims }
  | { kind: 'reset-password' }
  | { kind: 'request-recovery'; expiresAt: string }
  | { kind: 'recover-password'; email: string }
  /** `names`: those of the registration whose link is opened (null for a link that carries none). */
  | { kind: 'verify-email'; email: string; names: { name: string; lastName: string } | null }
  | { kind: 'update-profile'; input: ProfileUpdateRequest; emailOfAnother: boolean }
  | { kind: 'link-social'; provider: SocialProvider; providerId: string }
  | { kind: 'sign-in' }
  | { kind: 'sign-out' }
  | { kind: 'revert-setup'; setupId: string }

export const userNotFound = () => refuse.notFound('Usuario no encontrado', 'El usuario solicitado no existe')

export const lastFullAdmin = () => refuse.ruleBroken('Operación no permitida', 'Debe existir al menos un administrador total activo')

export const invalidRecoveryLink = () =>
  refuse.ruleBroken('Enlace inválido', 'El enlace de recuperación no es válido, ya se usó o expiró. Solicite uno nuevo.')

export const invalidVerificationLink = () => refuse.ruleBroken(INVALID_VERIFICATION_LINK_TITLE, INVALID_VERIFICATION_LINK_TEXT)

/** The events of a user's stream: every identity event. */
type UserEvent = (typeof identityEvents)[number]
type NewEvent = AnyNewEvent<UserEvent>

function evolve(state: UserState | null, event: StreamEvent<UserEvent>): UserState | null {
  if (event.type === userCreated.type) {
    const { userId, name, lastName, email, thumbnail, picture, role, permissions, active, origin } = event.data
    return { id: userId, name, lastName, email, thumbnail, picture, role, permissions, active, emailVerified: origin !== 'signup' }
  }
  if (!state) return state
  switch (event.type) {
    case userUpdated.type: {
      const { name, lastName, email, thumbnail, picture } = event.data
      return { ...state, name, lastName, email, thumbnail, picture }
    }
    case userProfileUpdated.type: {
      const { name, lastName, email, thumbnail } = event.data
      return { ...state, name, lastName, email, thumbnail }
    }
    case userRoleChanged.type:
      return { ...state, role: event.data.role }
    case userPermissionsChanged.type:
      return { ...state, permissions: event.data.permissions }
    case userActivationToggled.type:
      return { ...state, active: event.data.active }
    case userEmailVerified.type:
      return { ...state, emailVerified: true, active: true }
    case userSetupReverted.type:
      return null
    case userPasswordChanged.type:
    case passwordRecoveryRequested.type:
    case socialAccountLinked.type:
    case userSignedIn.type:
    case userSignedOut.type:
    case userChangeRefused.type:
      return state
  }
}

/**
 * A guarded change of another user (authorization.ts: takeoverRefusal by default, or the given
 * reason, e.g. permissionChangeRefusal): a caller without `update` on the target's module is
 * refused plainly; a guarded change refused is the UserChangeRefused event, recorded so the history
 * shows who tried (the command then answers 403).
 */
function refusalOf(actor: AuthClaims, user: UserState, change: RefusedChange, reason = takeoverRefusal(actor, user)): NewEvent | null {
  if (!hasPermission(actor, moduleOfRole(user.role), 'update')) throw refuse.notAllowed()
  return reason ? newEvent(userChangeRefused, { userId: user.id, change, reason }) : null
}

function decideUpdate(command: Extract<UserCommand, { kind: 'update' }>, user: UserState): NewEvent[] {
  const { actor, input } = command
  if (emailKey(input.email) !== emailKey(user.email)) {
    const refused = refusalOf(actor, user, 'email')
    if (refused) return [refused]
  }
  assertCanManage(actor, user.role, 'update')
  if (input.role !== user.role) assertCanManage(actor, input.role, 'update')
  const permissions = input.role === 1 ? normalizeGrants(input.permissions) : []
  if (actor._id === user.id && (input.role < user.role || addsPermissions(user.permissions, permissions))) {
    throw refuse.notAllowed('Acceso denegado', 'No puede aumentar sus propios privilegios')
  }
  // Granting or removing what the caller does not hold, judged on the permissions the user holds now.
  const permissionsRefused = refusalOf(actor, user, 'permissions', permissionChangeRefusal(actor, normalizeGrants(user.permissions), permissions))
  if (permissionsRefused) return [permissionsRefused]
  if (user.role === 0 && input.role !== 0 && user.active && !command.anotherActiveFullAdmin) throw lastFullAdmin()
  if (command.emailOfAnother) throw emailTaken()
  const events: NewEvent[] = [
    newEvent(userUpdated, {
      userId: user.id,
      name: input.name,
      lastName: input.lastName,
      email: input.email,
      thumbnail: input.thumbnail ?? user.thumbnail,
      picture: user.picture,
    }),
  ]
  if (input.role !== user.role) events.push(newEvent(userRoleChanged, { userId: user.id, previousRole: user.role, role: input.role }))
  if (JSON.stringify(permissions) !== JSON.stringify(normalizeGrants(user.permissions))) {
    events.push(newEvent(userPermissionsChanged, { userId: user.id, permissions }))
  }
  return events
}

function decideToggle(command: Extract<UserCommand, { kind: 'toggle' }>, user: UserState): NewEvent[] {
  const { actor, active } = command
  if (!active && user.active) {
    const refused = refusalOf(actor, user, 'deactivation')
    if (refused) return [refused]
  }
  assertCanManage(actor, user.role, 'update')
  if (!active && actor._id === user.id) throw refuse.notAllowed('Acceso denegado', 'No puede desactivar su propia cuenta')
  if (!active && user.role === 0 && user.active && !command.anotherActiveFullAdmin) throw lastFullAdmin()
  if (user.active === active) return []
  return [newEvent(userActivationToggled, { userId: user.id, active })]
}

function decideSignIn(user: UserState): NewEvent[] {
  if (!user.emailVerified) throw refuse.notAllowed(EMAIL_NOT_VERIFIED_TITLE, EMAIL_NOT_VERIFIED_TEXT)
  if (!user.active) throw refuse.notAllowed('Usuario inactivo', 'Su cuenta está desactivada; comuníquese con un administrador')
  return [newEvent(userSignedIn, { userId: user.id, method: 'password' })]
}

function decide(command: UserCommand, state: UserState | null): readonly NewEvent[] {
  // Links answer the same whatever is wrong with them, an unknown user included.
  if (command.kind === 'recover-password') {
    if (!state || emailKey(state.email) !== emailKey(command.email) || !state.active) throw invalidRecoveryLink()
    return [newEvent(userPasswordChanged, { userId: state.id, reason: 'recovery', changePassword: false })]
  }
  if (command.kind === 'verify-email') {
    if (!state || emailKey(state.email) !== emailKey(command.email) || state.emailVerified) throw invalidVerificationLink()
    const verified = newEvent(userEmailVerified, { userId: state.id })
    const { names } = command
    // The account takes the name of the registration whose link its owner opened.
    if (!names || (names.name === state.name && names.lastName === state.lastName)) return [verified]
    return [newEvent(userUpdated, { userId: state.id, ...names, email: state.email, thumbnail: state.thumbnail, picture: state.picture }), verified]
  }
  if (command.kind === 'revert-setup') return state ? [newEvent(userSetupReverted, { userId: state.id, setupId: command.setupId })] : []
  if (!state) throw userNotFound()
  switch (command.kind) {
    case 'update':
      return decideUpdate(command, state)
    case 'toggle':
      return decideToggle(command, state)
    case 'provisional-password': {
      const refused = refusalOf(command.actor, state, 'provisional-password')
      if (refused) return [refused]
      assertCanManage(command.actor, state.role, 'update')
      return [newEvent(userPasswordChanged, { userId: state.id, reason: 'provisional', changePassword: true })]
    }
    case 'reset-password':
      return [newEvent(userPasswordChanged, { userId: state.id, reason: 'reset', changePassword: false })]
    case 'request-recovery':
      return [newEvent(passwordRecoveryRequested, { userId: state.id, expiresAt: command.expiresAt })]
    case 'update-profile': {
      if (command.emailOfAnother) throw emailTaken()
      const { name, lastName, email, thumbnail } = command.input
      return [newEvent(userProfileUpdated, { userId: state.id, name, lastName, email, thumbnail })]
    }
    case 'link-social':
      return [newEvent(socialAccountLinked, { userId: state.id, provider: command.provider, providerId: command.providerId })]
    case 'sign-in':
      return decideSignIn(state)
    case 'sign-out':
      return [newEvent(userSignedOut, { userId: state.id })]
  }
}

/** The rules of one user's stream (`user-{id}`); creation appends at version 0 and needs none. */
export const userDecider: Decider<UserCommand, UserState | null, UserEvent> = {
  events: identityEvents,
  initialState: null,
  evolve,
  decide,
}
