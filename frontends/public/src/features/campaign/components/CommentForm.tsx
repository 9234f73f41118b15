import { notify } from '@donaciones/web-kit'
import { CharacterCount, Field, useZodForm } from '@donaciones/web-kit/forms'
import { COMMENT_MAX, COMMENT_POSTED, commentCreateRequestSchema } from '@donaciones/contracts'
import { postComment } from '../api/campaign-api.ts'

const commentFormSchema = commentCreateRequestSchema.pick({ comment: true })

/** Role 2 users only. The text is cut at the limit while typing or pasting. */
export function CommentForm({ campaignId, onPosted }: { campaignId: string; onPosted: () => void }) {
  const form = useZodForm(commentFormSchema, { defaultValues: { comment: '' } })
  const { register, handleSubmit, formState, watch, reset } = form
  const field = register('comment')
  const text = watch('comment')

  const submit = handleSubmit(async ({ comment }) => {
    try {
      await postComment(campaignId, comment)
      notify.success(COMMENT_POSTED)
      reset({ comment: '' })
      onPosted()
    } catch {
      // The global toast shows the server's message.
    }
  })

  return (
    <form className="campaign-comment-form" onSubmit={(event) => void submit(event)} noValidate>
      <Field label="Escribe un comentario" error={formState.errors.comment?.message} hint={<CharacterCount value={text} max={COMMENT_MAX} />}>
        {(control) => (
          <textarea
            {...control}
            {...field}
            className="kit-input"
            rows={3}
            maxLength={COMMENT_MAX}
            onChange={(event) => {
              if (event.target.value.length > COMMENT_MAX) event.target.value = event.target.value.slice(0, COMMENT_MAX)
              void field.onChange(event)
            }}
          />
        )}
      </Field>
      <div className="kit-actions">
        <button type="submit" className="kit-button" disabled={formState.isSubmitting}>Publicar comentario</button>
      </div>
    </form>
  )
}
