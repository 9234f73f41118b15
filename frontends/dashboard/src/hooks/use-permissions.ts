import { hasPermission, useSession } from '@donaciones/web-kit'

export interface ModulePermissions {
  read: boolean
  create: boolean
  update: boolean
}

/** What the signed-in user may do in a permission module (spec §6: role 0 everything, role 1 per module). */
export function usePermissions(module: string): ModulePermissions {
  const user = useSession((state) => state.user)
  return {
    read: hasPermission(user, module, 'read'),
    create: hasPermission(user, module, 'create'),
    update: hasPermission(user, module, 'update'),
  }
}
