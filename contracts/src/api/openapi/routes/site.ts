import { z } from 'zod'
import { idParamsSchema } from '../../common.ts'
import { configurationResponseSchema, configurationUpdateRequestSchema, undeliveredMailResponseSchema } from '../../configuration.ts'
import { fileResponseSchema, fileUploadRequestSchema, fileUploadResponseSchema } from '../../files.ts'
import { initResponseSchema, setupRequestSchema, setupResponseSchema } from '../../init.ts'
import { connectionTestResponseSchema, storedConnectionTestRequestSchema, typedConnectionTestRequestSchema } from '../../provider-health.ts'
import {
  pageListResponseSchema,
  pageResponseSchema,
  pageToggleRequestSchema,
  pageUpdateRequestSchema,
  publicPageParamsSchema,
  publicPageResponseSchema,
} from '../../pages.ts'
import type { ApiOperation } from '../operation.ts'
import { notFound, tooManyAttempts } from './shared-answers.ts'

const configurationNotFound = { status: 404, description: 'El sitio aún no está configurado, o la configuración no es esa.' }
const pageNotFound = notFound('La página')
const fileNotFound = notFound('El archivo')
/** Public documents are kept in memory for at most a second (decision 78). */
const keptInMemory = 'Se sirve de memoria (a lo más un segundo de antigüedad) con `ETag`; `If-None-Match` recibe 304.'

/** The content service: setup, configuration, pages and files. */
export const siteOperations: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: '/api/init',
    tag: 'Configuración',
    summary: 'Configuración pública del sitio',
    description: `Nombre, logotipo, contacto, páginas activas, proveedores de pago habilitados y sus llaves públicas; \`{configured: false}\` antes de la configuración inicial. ${keptInMemory}`,
    access: { kind: 'public' },
    response: { description: 'La configuración pública.', schema: initResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/init',
    tag: 'Configuración',
    summary: 'Configuración inicial',
    description:
      'El asistente de configuración guarda de una vez el sitio, las páginas, el correo, los proveedores, la primera institución y categoría y el primer administrador total, y responde su sesión.',
    access: { kind: 'public' },
    accessNote: 'Solo mientras el sitio no está configurado; después responde 409 sin leer los datos.',
    body: { schema: setupRequestSchema },
    response: { description: 'El token y la cuenta del primer administrador.', schema: setupResponseSchema },
    errors: [{ status: 409, description: 'El sitio ya está configurado, u otra configuración está en curso.' }],
  },
  {
    method: 'POST',
    path: '/api/init/connection-test',
    tag: 'Configuración',
    summary: 'Probar conexión desde el asistente',
    description:
      'Con lo escrito en el paso del asistente (servidor, puerto, usuario y contraseña del correo; llave privada de Conekta; Client ID y secreto de PayPal), el servidor hace una llamada real que no cambia nada: se conecta e inicia sesión en el servidor de correo sin enviar mensajes, lista a lo más una orden de Conekta o pide un token a PayPal. Responde el resultado en español; nunca devuelve el secreto.',
    access: { kind: 'public' },
    accessNote: 'Solo mientras el sitio no está configurado; después responde 409 sin leer los datos. A lo más 20 pruebas por dirección y 100 en total cada 10 minutos.',
    body: { schema: typedConnectionTestRequestSchema },
    response: { description: 'El resultado de la prueba: `ok`, o por qué falló (`authentication`, `unreachable`, `provider-error`) con el motivo.', schema: connectionTestResponseSchema },
    errors: [{ status: 409, description: 'El sitio ya está configurado: las conexiones se prueban desde Configuración.' }, tooManyAttempts],
  },
  {
    method: 'POST',
    path: '/api/configuration/connection-test',
    tag: 'Configuración',
    summary: 'Probar conexión',
    description:
      'Con los datos guardados (`service`: `conekta`, `paypal` o `mail`), el servidor hace una llamada real que no cambia nada: lista a lo más una orden de Conekta, pide un token a PayPal, o se conecta e inicia sesión en el servidor de correo sin enviar mensajes. Responde el resultado en español; nunca devuelve el secreto. Si funciona con las llaves de un proveedor, su falla al donar deja de mostrarse.',
    access: { kind: 'role', roles: [0] },
    body: { schema: storedConnectionTestRequestSchema },
    response: { description: 'El resultado de la prueba: `ok`, o por qué falló (`authentication`, `unreachable`, `provider-error`) con el motivo.', schema: connectionTestResponseSchema },
    errors: [configurationNotFound, { status: 409, description: 'No hay llave, secreto o servidor de correo guardado que probar.' }],
  },
  {
    method: 'GET',
    path: '/api/configuration/edit',
    tag: 'Configuración',
    summary: 'Configuración para editar',
    description: 'Toda la configuración del sitio; de las llaves secretas y la contraseña del correo solo dice si existen.',
    access: { kind: 'role', roles: [0] },
    response: { description: 'La configuración.', schema: configurationResponseSchema },
    errors: [configurationNotFound],
  },
  {
    method: 'GET',
    path: '/api/configuration/mail/undelivered',
    tag: 'Configuración',
    summary: 'Correo sin entregar',
    description: 'Los correos que llevan más de 15 minutos esperando al servidor SMTP, con el motivo de su último intento.',
    access: { kind: 'role', roles: [0] },
    response: { description: 'Los correos en espera.', schema: undeliveredMailResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/configuration/{id}',
    tag: 'Configuración',
    summary: 'Ver la configuración',
    description: 'La misma vista que `GET /api/configuration/edit`, pedida por su identificador.',
    access: { kind: 'role', roles: [0] },
    params: idParamsSchema,
    response: { description: 'La configuración.', schema: configurationResponseSchema },
    errors: [configurationNotFound],
  },
  {
    method: 'PUT',
    path: '/api/configuration',
    tag: 'Configuración',
    summary: 'Guardar la configuración',
    description: 'Reemplaza la configuración con la justificación del cambio. Una llave secreta o contraseña en blanco conserva la guardada.',
    access: { kind: 'role', roles: [0] },
    body: { schema: configurationUpdateRequestSchema },
    response: { description: 'La configuración guardada.', schema: configurationResponseSchema },
    errors: [configurationNotFound],
  },
  {
    method: 'GET',
    path: '/api/pages',
    tag: 'Páginas',
    summary: 'Lista de páginas',
    access: { kind: 'permission', modules: ['pages'], action: 'read' },
    response: { description: 'Las páginas informativas.', schema: pageListResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/pages/{id}',
    tag: 'Páginas',
    summary: 'Ver una página',
    access: { kind: 'permission', modules: ['pages'], action: 'read' },
    params: idParamsSchema,
    response: { description: 'La página.', schema: pageResponseSchema },
    errors: [pageNotFound],
  },
  {
    method: 'PUT',
    path: '/api/pages/{id}',
    tag: 'Páginas',
    summary: 'Editar, activar o desactivar una página',
    description: 'Con `payload: {active}` la activa o desactiva; con `payload: {description}` cambia su texto. Ambos llevan la justificación (`historical`).',
    access: { kind: 'permission', modules: ['pages'], action: 'update' },
    params: idParamsSchema,
    body: { schema: z.union([pageToggleRequestSchema, pageUpdateRequestSchema]) },
    response: { description: 'La página como quedó.', schema: pageResponseSchema },
    errors: [pageNotFound],
  },
  {
    method: 'GET',
    path: '/api/public/pages/{name}',
    tag: 'Páginas',
    summary: 'Página pública',
    description: `Título y texto de una página activa. ${keptInMemory}`,
    access: { kind: 'public' },
    params: publicPageParamsSchema,
    invalidParams: { status: 404, description: 'La página no existe o no está activa.' },
    response: { description: 'La página.', schema: publicPageResponseSchema },
    errors: [{ status: 404, description: 'La página no existe o no está activa.' }],
  },
  {
    method: 'POST',
    path: '/api/files',
    tag: 'Archivos',
    summary: 'Subir una imagen',
    description: 'Formulario multipart con el campo `file`: una imagen JPG, PNG, GIF o WEBP de hasta 5 MB. Un usuario (rol 2) puede subir 20 imágenes al día.',
    access: { kind: 'session' },
    accessNote: 'Antes de la configuración inicial no requiere sesión: el asistente sube así el logotipo y las imágenes.',
    body: { schema: fileUploadRequestSchema, media: 'multipart' },
    response: { status: 201, description: 'El identificador del archivo y su ruta.', schema: fileUploadResponseSchema },
    errors: [
      { status: 413, description: 'El archivo pasa de 5 MB.' },
      { status: 422, description: 'Falta el campo `file`, o el archivo no es una imagen permitida.' },
      { status: 429, description: 'El usuario ya subió las 20 imágenes del día; `Retry-After` dice cuándo puede seguir.' },
    ],
  },
  {
    method: 'GET',
    path: '/api/files/{id}',
    tag: 'Archivos',
    summary: 'Datos de un archivo',
    access: { kind: 'public' },
    params: idParamsSchema,
    response: { description: 'El identificador y la ruta pública del archivo.', schema: fileResponseSchema },
    errors: [fileNotFound],
  },
  {
    method: 'GET',
    path: '/api/files/{id}/raw',
    tag: 'Archivos',
    summary: 'Imagen de un archivo',
    description: 'Los bytes de la imagen, que no cambian nunca: se pueden guardar un año. `If-None-Match` recibe 304.',
    access: { kind: 'public' },
    params: idParamsSchema,
    response: { media: 'image', description: 'La imagen.' },
    errors: [fileNotFound],
  },
]
