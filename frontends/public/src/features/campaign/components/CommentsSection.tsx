import { lazy, Suspense } from 'react'
import { Link } from '@donaciones/web-kit/router'
import { COMMENT_DELETED, ROLE_FULL_ADMIN, ROLE_RESTRICTED_ADMIN, ROLE_USER, type Comment } from '@donaciones/contracts'
import { confirmAction, fromNow, hasPermission, Loading, notify, useSession } from '@donaciones/web-kit'
import { deleteComment } from '../api/campaign-api.ts'

// Only role 2 users comment: visitors do not download the form and its validation code.
const CommentForm = lazy(() => import('./CommentForm.tsx').then((module) => ({ default: module.CommentForm })))

interface CommentsSectionProps {
  campaignId: string
  comments: Comment[]
  /** Reloads the campaign (its comments come with it). */
  onChanged: () => void
}

export function CommentsSection({ campaignId, comments, onChanged }: CommentsSectionProps) {
  const status = useSession((state) => state.status)
  const user = useSession((state) => state.user)
  const canDelete = hasPermission(user, 'campaign', 'update')

  const remove = async (comment: Comment) => {
    if (!(await confirmAction('Eliminar comentario', '¿Desea eliminar este comentario?', 'Eliminar'))) return
    try {
      await deleteComment(comment._id)
      notify.success(COMMENT_DELETED)
      onChanged()
    } catch {
      // The global toast shows the server's message.
    }
  }

  return (
    <section className="campaign-comments" aria-labelledby="comentarios-titulo">
      <h2 id="comentarios-titulo">Comentarios</h2>
      {comments.length === 0 ? (
        <p className="campaign-comments__empty">Aún no hay comentarios. ¡Sé el primero en comentar!</p>
      ) : (
        <ul className="campaign-comments__list" aria-label="Lista de comentarios" tabIndex={0}>
          {comments.map((comment) => (
            <li key={comment._id} className="campaign-comment">
              {comment.createdBy.picture ? (
                <img className="campaign-comment__avatar" src={comment.createdBy.picture} alt="" width={40} height={40} />
              ) : (
                <span className="campaign-comment__avatar campaign-comment__avatar--initial" aria-hidden="true">{comment.createdBy.name.charAt(0)}</span>
              )}
              <div className="campaign-comment__body">
                <p className="campaign-comment__meta">
                  <strong>{comment.createdBy.name} {comment.createdBy.lastName}</strong>{' '}
                  <time dateTime={comment.createdAt}>{fromNow(comment.createdAt)}</time>
                </p>
                <p className="campaign-comment__text">{comment.comment}</p>
              </div>
              {canDelete && (
                <button type="button" className="kit-button kit-button--secondary campaign-comment__delete" onClick={() => void remove(comment)} aria-label={`Eliminar comentario de ${comment.createdBy.name}`}>
                  Eliminar
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {user?.role === ROLE_USER && (
        <Suspense fallback={<Loading />}>
          <CommentForm campaignId={campaignId} onPosted={onChanged} />
        </Suspense>
      )}
      {status === 'anonymous' && (
        <p className="campaign-comments__login">
          <Link to="/login">Inicia sesión</Link> o <Link to="/register">crea una cuenta</Link> para dejar un comentario.
        </p>
      )}
      {(user?.role === ROLE_FULL_ADMIN || user?.role === ROLE_RESTRICTED_ADMIN) && (
        <p className="campaign-comments__login">Los comentarios se publican con una cuenta de usuario; los administradores no comentan.</p>
      )}
    </section>
  )
}
