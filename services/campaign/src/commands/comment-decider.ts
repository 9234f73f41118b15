import { commentDeleted, commentPosted } from '@donaciones/contracts'
import { isEvent, newEvent, notFound, type Decider } from '@donaciones/kit'

export interface DeleteComment {
  commentId: string
}

/** The campaign of a comment that is still there; null before posting and after deleting. */
export type CommentState = { campaignId: string } | null

export const commentDecider: Decider<DeleteComment, CommentState> = {
  initialState: null,
  evolve(state, event) {
    if (isEvent(commentPosted, event)) return { campaignId: event.data.campaignId }
    if (isEvent(commentDeleted, event)) return null
    return state
  },
  decide(command, state) {
    if (!state) throw notFound('Comentario no encontrado', 'El comentario no existe o ya fue eliminado')
    return [newEvent(commentDeleted, { commentId: command.commentId, campaignId: state.campaignId })]
  },
}
