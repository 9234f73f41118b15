import { describe, it } from 'vitest'
import { commentDeleted, commentPosted } from '@donaciones/contracts'
import { newEvent, refuse } from '@donaciones/kit'
import { deciderSpec } from '@donaciones/kit/testing'
import { commentDecider } from './comment-decider.ts'

const commentId = '4d9a3b6c-7e8f-4a1b-8c2d-3e4f5a6b7c8d'
const campaignId = '5e0b4c7d-8f9a-4b2c-9d3e-4f5a6b7c8d9e'
const posted = newEvent(commentPosted, { commentId, campaignId, comment: 'Gracias', authorId: '6f1c5d8e-9a0b-4c3d-8e4f-5a6b7c8d9e0f' })
const deleted = newEvent(commentDeleted, { commentId, campaignId })
const spec = deciderSpec(commentDecider)
const gone = refuse.notFound('Comentario no encontrado', 'El comentario no existe o ya fue eliminado')

describe('the comment decider', () => {
  it('deletes a posted comment, naming its campaign', () => {
    spec.given([posted]).when({ commentId }).then([deleted])
  })

  it('answers not found for a comment never posted or already deleted', () => {
    spec.given([]).when({ commentId }).thenThrows(gone)
    spec.given([posted, deleted]).when({ commentId }).thenThrows(gone)
  })
})
