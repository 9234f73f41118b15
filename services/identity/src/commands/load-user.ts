import { notFound, type SqlExecutor } from '@donaciones/kit'
import { findUserById, type UserRow } from '../projections/users.ts'

export const userNotFound = () => notFound('Usuario no encontrado', 'El usuario solicitado no existe')

/** The user, locked for the rest of the transaction (commands on one user run one after another). */
export async function loadUserForUpdate(tx: SqlExecutor, schema: string, id: string): Promise<UserRow> {
  const user = await findUserById(tx, schema, id, { lock: true })
  if (!user) throw userNotFound()
  return user
}
