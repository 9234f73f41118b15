import { useEffect, useId } from 'react'
import { pageInputSchema, REQUIRED, type Page } from '@donaciones/contracts'
import { apiRequest, ErrorPanel, Loading, useQuery } from '@donaciones/web-kit'
import { useZodForm } from '@donaciones/web-kit/forms'
import { isBlankHtml, RichTextEditor } from '@donaciones/web-kit/rich-text'
import { useNavigate, useParams } from '@donaciones/web-kit/router'
import { FormActions } from '../../../components/FormActions.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { updateWithJustification } from '../../../lib/record-actions.ts'
import { PAGES_PATH, updatePage } from '../api/pages-api.ts'
import { PAGE_ROUTES } from '../lib/routes.ts'
import '../../../components/record-form.css'
import './pages.css'

/** /dashboard/pages/edit/:id: the title is shown but not editable; the description uses the rich-text editor. */
export function PageEditPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const labelId = useId()
  const errorId = useId()
  const record = useQuery(`${PAGES_PATH}/${id}`, (signal, path) => apiRequest<Page>('LOAD_PAGE', path, { signal }))
  const { handleSubmit, formState, watch, reset, setValue, setError, clearErrors } = useZodForm(pageInputSchema, { defaultValues: { description: '' } })

  useEffect(() => {
    if (record.data) reset({ description: record.data.description })
  }, [record.data, reset])

  if (record.state.status === 'loading') return <Loading label="Cargando datos..." />
  if (record.state.status === 'error' || !record.data) return <ErrorPanel onRetry={record.retry} />

  const description = watch('description')
  const blank = isBlankHtml(description)
  const error = formState.errors.description?.message ?? (blank && formState.isDirty ? REQUIRED : undefined)

  const submit = handleSubmit(async (input) => {
    if (isBlankHtml(input.description)) {
      setError('description', { message: REQUIRED })
      return
    }
    try {
      const saved = await updateWithJustification(PAGES_PATH, (justification) => updatePage(id, input.description, justification))
      if (saved) navigate(PAGE_ROUTES.view(id))
    } catch {
      // The kit's global toast shows the server's message.
    }
  })

  return (
    <section className="record-form">
      <PageHeader title="Editar página" />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="kit-field">
          <span className="kit-field__label">Título</span>
          <p className="page-edit__title">{record.data.title}</p>
        </div>
        <div className="kit-field">
          <span className="kit-field__label" id={labelId}>Contenido</span>
          <RichTextEditor
            aria-labelledby={labelId}
            {...(error && { 'aria-describedby': errorId })}
            aria-invalid={Boolean(error)}
            value={description}
            onChange={(html) => {
              clearErrors('description')
              setValue('description', html, { shouldDirty: true, shouldValidate: true })
            }}
            height={650}
            images
          />
          {error && <div id={errorId} className="kit-field__error" role="alert">{error}</div>}
        </div>
        <FormActions
          mode="edit"
          isDirty={formState.isDirty}
          isValid={formState.isValid && !blank}
          isSubmitting={formState.isSubmitting}
          onCancel={() => navigate(PAGE_ROUTES.view(id))}
        />
      </form>
    </section>
  )
}
