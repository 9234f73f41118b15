import { userChangeRefused, type RefusedChange } from '@donaciones/contracts'
import { forbidden, hasPermission, newEvent, type AuthClaims, type SqlExecutor } from '@donaciones/kit'
import { moduleOfRole, takeoverRefusal, type ManagedUser } from './authorization.ts'
import { metadataOf, userStream, type CommandMeta, type IdentityDeps } from './deps.ts'

/**
 * Inside the command's transaction: when `actor` may not make `change` to `target` (see
 * takeoverRefusal), records a UserChangeRefused event on the target's stream and returns the
 * reason; the command then ends its transaction (keeping the record) and answers 403 with it.
 * A caller without `update` on the target's module is refused plainly (403, nothing recorded).
 */
export async function recordTakeoverRefusal(
  deps: IdentityDeps,
  tx: SqlExecutor,
  actor: AuthClaims,
  target: ManagedUser,
  change: RefusedChange,
  meta: CommandMeta,
): Promise<string | null> {
  if (!hasPermission(actor, moduleOfRole(target.role), 'update')) throw forbidden()
  const reason = takeoverRefusal(actor, target)
  if (!reason) return null
  const { store } = deps.context
  await store.appendIn(tx, userStream(target.id), [newEvent(userChangeRefused, { userId: target.id, change, reason })], {
    expectedVersion: await store.currentVersion(tx, userStream(target.id)),
    metadata: metadataOf({ actor, correlationId: meta.correlationId }),
  })
  return reason
}
