import { z } from 'zod'
import { idParamsSchema } from '../../common.ts'
import { profileUpdateRequestSchema } from '../../auth.ts'
import {
  moduleListResponseSchema,
  profileUpdatedResponseSchema,
  provisionalPasswordRequestSchema,
  provisionalPasswordResponseSchema,
  userChangedResponseSchema,
  userCreatedResponseSchema,
  userCreateRequestSchema,
  userExportQuerySchema,
  userExportRequestSchema,
  userListResponseSchema,
  userResponseSchema,
  userToggleRequestSchema,
  userUpdateRequestSchema,
} from '../../users.ts'
import type { ApiOperation } from '../operation.ts'
import { alreadyExists, notFound } from './shared-answers.ts'

const emailTaken = alreadyExists('un usuario con ese correo electrónico')
const userNotFound = notFound('El usuario')
/** Users and administrators are two modules: the target's role decides which one the caller needs. */
const byTargetRole = 'El permiso que cuenta es el del módulo del rol de la cuenta afectada: Usuarios para el rol 2, Administradores para los roles 0 y 1.'
const takeover =
  'La cuenta no puede actuar sobre esa cuenta: solo el administrador total gestiona administradores totales, nadie otorga permisos que no tiene ni cambia a un administrador con permisos que le faltan.'

/** Identity's accounts (`/api/users`) and the permission modules (`/api/modules`). */
export const userOperations: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: '/api/modules',
    tag: 'Usuarios',
    summary: 'Módulos de permisos',
    description: 'Los módulos que la matriz de permisos ofrece para un administrador restringido.',
    access: { kind: 'role', roles: [0, 1] },
    response: { description: 'Los módulos en el orden del menú.', schema: moduleListResponseSchema },
  },
  {
    method: 'PUT',
    path: '/api/users/profile',
    tag: 'Usuarios',
    summary: 'Editar el perfil propio',
    description: 'Nombre, apellido, correo y foto de la propia cuenta. Responde un token nuevo, porque el anterior lleva el nombre y la foto de antes.',
    access: { kind: 'session' },
    body: { schema: profileUpdateRequestSchema },
    response: { description: 'La cuenta actualizada y su token nuevo.', schema: profileUpdatedResponseSchema },
    errors: [emailTaken],
  },
  {
    method: 'POST',
    path: '/api/users/export',
    tag: 'Usuarios',
    summary: 'Exportar usuarios',
    description:
      'Hoja de cálculo con las cuentas seleccionadas. Sin selección exporta todas las que la cuenta puede leer, o solo la lista que indica `list` (`user`: usuarios, `admin`: administradores).',
    access: { kind: 'permission', modules: ['admin', 'user'], action: 'read' },
    accessNote: `Con selección, cada cuenta requiere el permiso Leer de su módulo. ${byTargetRole}`,
    query: userExportQuerySchema,
    body: { schema: userExportRequestSchema },
    response: { media: 'xlsx', description: 'El archivo usuarios.xlsx.' },
  },
  {
    method: 'GET',
    path: '/api/users',
    tag: 'Usuarios',
    summary: 'Lista de usuarios',
    description: 'Las cuentas de rol 2 (usuarios del sitio).',
    access: { kind: 'permission', modules: ['user'], action: 'read' },
    response: { description: 'Los usuarios.', schema: userListResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/users/admin',
    tag: 'Usuarios',
    summary: 'Lista de administradores',
    description: 'Las cuentas de rol 0 y 1.',
    access: { kind: 'permission', modules: ['admin'], action: 'read' },
    response: { description: 'Los administradores.', schema: userListResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/users',
    tag: 'Usuarios',
    summary: 'Crear una cuenta',
    description: 'Alta de un usuario o administrador; su contraseña provisional se envía por correo y se pide cambiarla al entrar.',
    access: { kind: 'permission', modules: ['admin', 'user'], action: 'create' },
    accessNote: byTargetRole,
    body: { schema: userCreateRequestSchema },
    response: { status: 201, description: 'La cuenta creada.', schema: userCreatedResponseSchema },
    errors: [{ status: 403, description: takeover }, emailTaken],
  },
  {
    method: 'POST',
    path: '/api/users/{id}/provisional-password',
    tag: 'Usuarios',
    summary: 'Enviar una contraseña provisional',
    description: 'Genera una contraseña provisional nueva para la cuenta y la envía por correo; la respuesta nunca la incluye.',
    access: { kind: 'permission', modules: ['admin', 'user'], action: 'update' },
    accessNote: byTargetRole,
    params: idParamsSchema,
    body: { schema: provisionalPasswordRequestSchema },
    response: { description: 'Mensaje de contraseña enviada.', schema: provisionalPasswordResponseSchema },
    errors: [{ status: 403, description: takeover }, userNotFound],
  },
  {
    method: 'PUT',
    path: '/api/users/{id}',
    tag: 'Usuarios',
    summary: 'Editar, activar o desactivar una cuenta',
    description: 'Con `payload: {active}` activa o desactiva la cuenta; con cualquier otro `payload` la edita. Ambos llevan la justificación (`historical`).',
    access: { kind: 'permission', modules: ['admin', 'user'], action: 'update' },
    accessNote: byTargetRole,
    params: idParamsSchema,
    body: { schema: z.union([userToggleRequestSchema, userUpdateRequestSchema]) },
    response: { description: 'Qué cambió y la cuenta como quedó.', schema: userChangedResponseSchema },
    errors: [
      { status: 403, description: `${takeover} Tampoco puede aumentar sus propios privilegios ni desactivar su propia cuenta.` },
      userNotFound,
      emailTaken,
      { status: 422, description: 'Debe quedar al menos un administrador total activo.' },
    ],
  },
  {
    method: 'GET',
    path: '/api/users/edit/{id}',
    tag: 'Usuarios',
    summary: 'Cuenta para editar',
    description: 'La cuenta con su matriz de permisos completa, para el formulario de edición.',
    access: { kind: 'session' },
    accessNote: `La propia cuenta siempre; otra requiere el permiso Actualizar. ${byTargetRole}`,
    params: idParamsSchema,
    response: { description: 'La cuenta.', schema: userResponseSchema },
    errors: [userNotFound],
  },
  {
    method: 'GET',
    path: '/api/users/{id}',
    tag: 'Usuarios',
    summary: 'Ver una cuenta',
    access: { kind: 'session' },
    accessNote: `La propia cuenta siempre; otra requiere el permiso Leer. ${byTargetRole}`,
    params: idParamsSchema,
    response: { description: 'La cuenta.', schema: userResponseSchema },
    errors: [userNotFound],
  },
]
