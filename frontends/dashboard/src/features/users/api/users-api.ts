import { CAUSE_UPDATE, type User, type UserCreatedResponse, type UserInput } from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'
import { putRecordStatus } from '../../../api/records.ts'
import { saveBlob } from '../../../lib/save-blob.ts'

/** API collection of users (spec §7). */
export const USERS_PATH = '/users'

/** POST /users; the server queues the provisional password mail of an administrator with the account. */
export async function createUser(input: UserInput): Promise<User> {
  const answer = await apiRequest<UserCreatedResponse>('SAVE_USER', USERS_PATH, { method: 'POST', json: input })
  return answer.user
}

/** PUT /users/{id} {payload, historical}. */
export async function updateUser(id: string, input: UserInput, description: string): Promise<User> {
  const answer = await apiRequest<{ user: User }>('EDIT_USER', `${USERS_PATH}/${id}`, { method: 'PUT', json: { payload: input, historical: { cause: CAUSE_UPDATE, description } } })
  return answer.user
}

export const toggleUser = (id: string, active: boolean, description: string) => putRecordStatus<{ user: User }>(USERS_PATH, id, active, description)

/** POST /users/export?list= {selection}: the users (role 2) or administrators sheet. */
export async function exportUsers(list: 'user' | 'admin', ids: string[]): Promise<void> {
  const blob = await apiRequest<Blob>('LOAD_EXPORT', `${USERS_PATH}/export?list=${list}`, {
    method: 'POST',
    json: { selection: ids },
    responseType: 'blob',
  })
  saveBlob(blob, list === 'user' ? 'usuarios.xlsx' : 'administradores.xlsx')
}
