import { describe, expect, it } from 'vitest'
import { moduleActions, moduleHasAction, moduleNames, type ModuleName, type PermissionAction } from '../entities/permission.ts'
import { apiOperations } from '../api/openapi/catalogue.ts'
import { permissionInputSchema } from '../api/users.ts'
import { dashboardModule, dashboardModules, holdsPermission, moduleActionRefusal, withExistingActions } from './permissions.ts'

describe('holdsPermission: the one permission check of server and dashboard', () => {
  const grants = [{ module: 'campaign', read: true, create: false, update: true }, { module: { name: 'pages' }, read: true }]

  it('lets role 0 do everything and nobody without a session anything', () => {
    expect(holdsPermission({ role: 0, permissions: [] }, 'donation', 'update')).toBe(true)
    expect(holdsPermission(null, 'campaign')).toBe(false)
    expect(holdsPermission(undefined, 'campaign')).toBe(false)
  })

  it('gives role 1 exactly the actions granted, whether the module comes by name or as an object', () => {
    const restricted = { role: 1, permissions: grants }
    expect(holdsPermission(restricted, 'campaign', 'read')).toBe(true)
    expect(holdsPermission(restricted, 'campaign', 'update')).toBe(true)
    expect(holdsPermission(restricted, 'campaign', 'create')).toBe(false)
    expect(holdsPermission(restricted, 'pages')).toBe(true)
    expect(holdsPermission(restricted, 'pages', 'update')).toBe(false)
    expect(holdsPermission(restricted, 'donation')).toBe(false)
    expect(holdsPermission(restricted, undefined)).toBe(false)
  })

  it('gives role 2 nothing, whatever it carries', () => {
    expect(holdsPermission({ role: 2, permissions: grants }, 'campaign')).toBe(false)
  })

  it('lists every grantable module once, each with its list screen under its own path segment', () => {
    expect(dashboardModules.map((module) => module.name).sort()).toEqual([...moduleNames].sort())
    expect(dashboardModule('admin')).toEqual({ name: 'admin', label: 'Administradores', path: '/dashboard/user-admin/list' })
    expect(() => dashboardModule('otro' as never)).toThrow('Módulo desconocido')
  })
})

describe('moduleActions: the actions each module really has', () => {
  /** What the routes check, as the API description states it (tests/api-description holds it to the routers). */
  const checked = new Map<ModuleName, Set<PermissionAction>>()
  for (const operation of apiOperations) {
    if (operation.access.kind !== 'permission') continue
    for (const module of operation.access.modules) checked.set(module, (checked.get(module) ?? new Set()).add(operation.access.action))
  }

  it('offers on each module only actions some route checks on it', () => {
    const idle = moduleNames.flatMap((module) => moduleActions[module].filter((action) => !checked.get(module)?.has(action)).map((action) => `${module} ${action}`))
    expect(idle, 'acciones que ninguna ruta comprueba').toEqual([])
  })

  it('offers every action a route checks, except the upload of a stamped receipt, which is for role 0 alone', () => {
    const notOffered = [...checked].flatMap(([module, actions]) => [...actions].filter((action) => !moduleHasAction(module, action)).map((action) => `${module} ${action}`))
    expect(notOffered).toEqual(['donation update'])
  })

  it('has no Crear on Páginas, no Crear nor Actualizar on Histórico and Donaciones', () => {
    expect(moduleActions.pages).toEqual(['read', 'update'])
    expect(moduleActions.historical).toEqual(['read'])
    expect(moduleActions.donation).toEqual(['read'])
    expect(moduleActions.campaign).toEqual(['read', 'create', 'update'])
  })

  it('refuses granting an action the module does not have, with a Spanish message on that action', () => {
    const refusals = (module: ModuleName, rights: { create: boolean; update: boolean }) => {
      const result = permissionInputSchema.safeParse({ module, read: true, ...rights })
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    }
    expect(refusals('pages', { create: true, update: false })).toEqual(['create: El módulo Páginas solo admite los permisos Leer y Actualizar'])
    expect(refusals('pages', { create: false, update: true })).toEqual([])
    expect(refusals('historical', { create: true, update: true })).toEqual([
      'create: El módulo Histórico solo admite el permiso Leer',
      'update: El módulo Histórico solo admite el permiso Leer',
    ])
    expect(refusals('donation', { create: false, update: true })).toEqual(['update: El módulo Donaciones solo admite el permiso Leer'])
    expect(refusals('campaign', { create: true, update: true })).toEqual([])
    expect(moduleActionRefusal('donation')).toBe('El módulo Donaciones solo admite el permiso Leer')
  })

  it('drops from a stored grant the actions its module does not have', () => {
    expect(withExistingActions({ module: 'pages', read: true, create: true, update: true })).toEqual({ module: 'pages', read: true, create: false, update: true })
    expect(withExistingActions({ module: 'campaign', read: true, create: true, update: false })).toEqual({ module: 'campaign', read: true, create: true, update: false })
  })
})
