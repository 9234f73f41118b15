import { z } from 'zod'
import { campaignSummarySchema } from '../../../entities/campaign.ts'
import { commentSchema } from '../../../entities/comment.ts'
import {
  campaignCreateRequestSchema,
  campaignEditResponseSchema,
  campaignExportRequestSchema,
  campaignListResponseSchema,
  campaignResponseSchema,
  campaignToggleRequestSchema,
  campaignUpdateRequestSchema,
  donorMessageModerationRequestSchema,
  donorMessageParamsSchema,
  donorWallMessagesResponseSchema,
} from '../../campaigns.ts'
import { campaignCommentRequestSchema, commentDeleteResponseSchema } from '../../comments.ts'
import { idParamsSchema } from '../../common.ts'
import type { ApiOperation } from '../operation.ts'
import { alreadyExists, notFound } from './shared-answers.ts'

const campaignNotFound = notFound('La campaña')
const titleTaken = alreadyExists('una campaña con ese título')
const changedCampaign = campaignSummarySchema.extend({ message: z.string() })
/** The goal rule depends on the configuration, which JSON Schema cannot say: the stricter form is described. */
const goalRule = 'La meta es obligatoria mientras el pago con tarjeta o con PayPal está habilitado; sin ellos puede faltar.'
const withGoal = { goalRequired: true }

/** The campaign service's administration of campaigns, their comments and their donor wall. */
export const campaignOperations: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: '/api/campaigns',
    tag: 'Campañas',
    summary: 'Lista de campañas',
    description: 'Todas las campañas, activas e inactivas, con sus me gusta y visitas.',
    access: { kind: 'permission', modules: ['campaign'], action: 'read' },
    response: { description: 'Las campañas.', schema: campaignListResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/campaigns/export',
    tag: 'Campañas',
    summary: 'Exportar campañas',
    description: 'Hoja de cálculo con las seleccionadas; sin selección, con todas.',
    access: { kind: 'permission', modules: ['campaign'], action: 'read' },
    body: { schema: campaignExportRequestSchema },
    response: { media: 'xlsx', description: 'El archivo campanas.xlsx.' },
  },
  {
    method: 'GET',
    path: '/api/campaigns/edit/{id}',
    tag: 'Campañas',
    summary: 'Campaña para editar',
    description: 'La campaña como la carga el formulario: categorías e institución como `{value, label}`.',
    access: { kind: 'permission', modules: ['campaign'], action: 'update' },
    params: idParamsSchema,
    response: { description: 'La campaña.', schema: campaignEditResponseSchema },
    errors: [campaignNotFound],
  },
  {
    method: 'GET',
    path: '/api/campaigns/{id}',
    tag: 'Campañas',
    summary: 'Ver una campaña',
    description: 'La campaña completa, con sus comentarios y donaciones aprobadas.',
    access: { kind: 'permission', modules: ['campaign'], action: 'read' },
    params: idParamsSchema,
    response: { description: 'La campaña.', schema: campaignResponseSchema },
    errors: [campaignNotFound],
  },
  {
    method: 'POST',
    path: '/api/campaigns',
    tag: 'Campañas',
    summary: 'Crear una campaña',
    description: goalRule,
    access: { kind: 'permission', modules: ['campaign'], action: 'create' },
    body: { schema: campaignCreateRequestSchema(withGoal) },
    response: { status: 201, description: 'Mensaje de registro guardado y la campaña creada.', schema: changedCampaign },
    errors: [titleTaken],
  },
  {
    method: 'PUT',
    path: '/api/campaigns/{id}',
    tag: 'Campañas',
    summary: 'Editar, activar o desactivar una campaña',
    description: `Con \`payload: {active}\` la activa o desactiva; con cualquier otro \`payload\` la edita. Ambos llevan la justificación (\`historical\`). ${goalRule}`,
    access: { kind: 'permission', modules: ['campaign'], action: 'update' },
    params: idParamsSchema,
    body: { schema: z.union([campaignToggleRequestSchema, campaignUpdateRequestSchema(withGoal)]) },
    response: { description: 'Qué cambió y la campaña como quedó.', schema: changedCampaign },
    errors: [campaignNotFound, titleTaken],
  },
  {
    method: 'POST',
    path: '/api/campaigns/{id}/comments',
    tag: 'Campañas',
    summary: 'Comentar una campaña',
    description: 'Un usuario comenta una campaña activa y publicada que admite comentarios; el texto se guarda sin marcas HTML.',
    access: { kind: 'role', roles: [2] },
    params: idParamsSchema,
    body: { schema: campaignCommentRequestSchema },
    response: { status: 201, description: 'Mensaje de comentario publicado y el comentario.', schema: commentSchema.extend({ message: z.string() }) },
    errors: [
      { status: 403, description: 'La campaña no admite comentarios.' },
      { status: 404, description: 'La campaña no existe o ya no está disponible.' },
      { status: 422, description: 'El cuerpo nombra otra campaña que la de la ruta.' },
      { status: 429, description: 'Demasiados comentarios seguidos; `Retry-After` dice cuándo puede volver a comentar.' },
    ],
  },
  {
    method: 'PUT',
    path: '/api/comments/{id}',
    tag: 'Campañas',
    summary: 'Eliminar un comentario',
    description: 'Elimina el comentario (no lleva cuerpo).',
    access: { kind: 'permission', modules: ['campaign'], action: 'update' },
    params: idParamsSchema,
    response: { description: 'Mensaje de comentario eliminado.', schema: commentDeleteResponseSchema.extend({ message: z.string() }) },
    errors: [{ status: 404, description: 'El comentario no existe o ya fue eliminado.' }],
  },
  {
    method: 'GET',
    path: '/api/campaigns/{id}/donor-wall',
    tag: 'Campañas',
    summary: 'Mensajes del muro de donadores',
    description: 'Todos los mensajes de los donadores de la campaña, del más reciente al más antiguo, ocultos incluidos.',
    access: { kind: 'permission', modules: ['campaign'], action: 'read' },
    params: idParamsSchema,
    response: { description: 'Los mensajes.', schema: donorWallMessagesResponseSchema },
    errors: [campaignNotFound],
  },
  {
    method: 'PUT',
    path: '/api/campaigns/{id}/donor-wall/{donationId}',
    tag: 'Campañas',
    summary: 'Ocultar o mostrar el mensaje de un donador',
    description: 'Con la justificación del cambio (`historical`).',
    access: { kind: 'permission', modules: ['campaign'], action: 'update' },
    params: donorMessageParamsSchema,
    body: { schema: donorMessageModerationRequestSchema },
    response: { description: '`{message, _id, messageHidden}`: la donación y si su mensaje quedó oculto.' },
    errors: [campaignNotFound, { status: 404, description: 'La donación no es de esta campaña o no tiene mensaje.' }],
  },
]
