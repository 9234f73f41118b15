import type { Module, Permission, User, UserCreatedResponse, UserInput } from '@donaciones/contracts'
import { apiRequest, askJustification, notify, showAlert } from '@donaciones/web-kit'
import { CAUSE_UPDATE, RECORD_SAVED, RECORD_UPDATED, ADMIN_CREATED_TITLE, adminCreatedMessage } from '@donaciones/contracts'
import { saveBlob, toggleRecord } from '../../../hooks/record-mutations.ts'

/** API collection of users (spec §7) and the dashboard routes of this feature. */
export const USERS_PATH = '/users'
export const USER_ROUTES = {
  list: '/dashboard/user/list',
  adminList: '/dashboard/user-admin/list',
  create: '/dashboard/user/create',
  view: (id: string) => `/dashboard/user/view/${id}`,
  edit: (id: string) => `/dashboard/user/edit/${id}`,
  history: (id: string) => `/dashboard/user/view/${id}/historical`,
  profileEdit: '/dashboard/user-admin/profile/edit',
  profile: (id: string) => `/dashboard/user-admin/profile/${id}`,
}

/** Permission module of a user's role (spec §6): role 2 → 'user', administrators → 'admin'. */
export const moduleOfRole = (role: number): 'user' | 'admin' => (role === 2 ? 'user' : 'admin')

/** One row of the permission matrix as the form edits it. */
export interface MatrixRow {
  module: Module
  read: boolean
  create: boolean
  update: boolean
}

export const emptyMatrix = (modules: readonly Module[]): MatrixRow[] =>
  modules.map((module) => ({ module, read: false, create: false, update: false }))

export const matrixFrom = (permissions: readonly Permission[]): MatrixRow[] =>
  permissions.map(({ module, read, create, update }) => ({ module, read: read || create || update, create, update }))

/** The entries POST/PUT send: granted modules only, read forced by create/update (spec §4). */
export const grantsOf = (matrix: readonly MatrixRow[]) =>
  matrix
    .filter((row) => row.read || row.create || row.update)
    .map((row) => ({ module: row.module.name, read: row.read || row.create || row.update, create: row.create, update: row.update, delete: false as const }))

/**
 * POST /users. Role 0/1: 'Administrador creado / Se enviará una contraseña provisional a {email}'
 * (the mail is queued with the account); role 2: 'Registro guardado'.
 */
export async function createUser(input: UserInput): Promise<User> {
  const answer = await apiRequest<UserCreatedResponse>('SAVE_USER', USERS_PATH, { method: 'POST', json: input })
  if (answer.user.role === 2) {
    notify.success(RECORD_SAVED)
  } else {
    await showAlert(ADMIN_CREATED_TITLE, adminCreatedMessage(answer.user.email), 'success')
  }
  return answer.user
}

/** Justification, then PUT /users/{id} {payload, historical} → 'Registro actualizado'. null = cancelled. */
export async function updateUser(id: string, input: UserInput): Promise<User | null> {
  const description = await askJustification()
  if (description === null) return null
  const answer = await apiRequest<{ user: User }>('EDIT_USER', `${USERS_PATH}/${id}`, {
    method: 'PUT',
    json: { payload: input, historical: { cause: CAUSE_UPDATE, description } },
  })
  notify.success(RECORD_UPDATED)
  return answer.user
}

export const toggleUser = (id: string, active: boolean) => toggleRecord<{ user: User }>(USERS_PATH, id, active)

/** POST /users/export?list= {selection}: the users (role 2) or administrators sheet. */
export async function exportUsers(list: 'user' | 'admin', ids: string[]): Promise<void> {
  const blob = await apiRequest<Blob>('LOAD_EXPORT', `${USERS_PATH}/export?list=${list}`, {
    method: 'POST',
    json: { selection: ids },
    responseType: 'blob',
  })
  saveBlob(blob, list === 'user' ? 'usuarios.xlsx' : 'administradores.xlsx')
}

/** The picture of a user: the uploaded thumbnail, else the social picture, else null. */
export const pictureOf = (user: Pick<User, 'thumbnail' | 'picture'>): string | null => user.thumbnail?.path ?? user.picture ?? null

export const initialsOf = (name: string, lastName: string): string =>
  `${name.trim().charAt(0)}${lastName.trim().charAt(0)}`.toLocaleUpperCase('es-MX')
