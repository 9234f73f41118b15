import { commentDeleted, commentPosted } from '@donaciones/contracts'
import { newEvent, refuse, type Decider } from '@donaciones/kit'

export interface DeleteComment {
  commentId: string
}

/** The campaign of a comment that is still there; null before posting and after deleting. */
export type CommentState = { campaignId: string } | null

export const commentDecider: Decider<DeleteComment, CommentState, typeof commentPosted | typeof commentDeleted> = {
  events: [commentPosted, commentDeleted],
  initialState: null,
  evolve(_state, event) {
    switch (event.type) {
      case commentPosted.type:
        return { campaignId: event.data.campaignId }
      case commentDeleted.type:
        return null
    }
  },
  decide(command, state) {
    if (!state) throw refuse.notFound('Comentario no encontrado', 'El comentario no existe o ya fue eliminado')
    return [newEvent(commentDeleted, { commentId: command.commentId, campaignId: state.campaignId })]
  },
}
