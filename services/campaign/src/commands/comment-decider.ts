import { commentDeleted, commentPosted, type EventDataOf } from '@donaciones/contracts'
import { newEvent, notFound, type Decider } from '@donaciones/kit'

export interface DeleteComment {
  commentId: string
}

/** The campaign of a comment that is still there; null before posting and after deleting. */
export type CommentState = { campaignId: string } | null

function is(definition: { service: string; type: string }, event: { service: string; type: string }): boolean {
  return event.service === definition.service && event.type === definition.type
}

export const commentDecider: Decider<DeleteComment, CommentState> = {
  initialState: null,
  evolve(state, event) {
    if (is(commentPosted, event)) return { campaignId: (event.data as EventDataOf<typeof commentPosted>).campaignId }
    if (is(commentDeleted, event)) return null
    return state
  },
  decide(command, state) {
    if (!state) throw notFound('Comentario no encontrado', 'El comentario no existe o ya fue eliminado')
    return [newEvent(commentDeleted, { commentId: command.commentId, campaignId: state.campaignId })]
  },
}
