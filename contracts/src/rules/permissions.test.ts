import { describe, expect, it } from 'vitest'
import { moduleNames } from '../entities/permission.ts'
import { dashboardModule, dashboardModules, holdsPermission } from './permissions.ts'

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
