import { forbidden, handleCommand, unauthorized } from '@donaciones/kit'
import { userStream, type CommandMeta, type IdentityDeps } from './deps.ts'
import { userDecider } from './user-decider.ts'

/** PUT /auth/logout/{id}: only one's own session; bumps the session version, so the token ends everywhere. */
export async function signOut(deps: IdentityDeps, id: string, meta: CommandMeta): Promise<void> {
  const { store } = deps.context
  if (!meta.actor) throw unauthorized()
  if (meta.actor._id !== id) throw forbidden('Acceso denegado', 'Solo puede cerrar su propia sesión')
  await handleCommand(store, userStream(id), userDecider, { kind: 'sign-out' }, { metadata: { actor: id, correlationId: meta.correlationId } })
}
