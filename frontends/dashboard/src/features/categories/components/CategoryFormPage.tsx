import { useEffect } from 'react'
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_TITLE_MAX,
  categoryInputSchema,
  type Category,
  type CategoryInput,
} from '@donaciones/contracts'
import { ErrorPanel, Loading } from '@donaciones/web-kit'
import { CharacterCount, Field, useZodForm } from '@donaciones/web-kit/forms'
import { useNavigate, useParams } from '@donaciones/web-kit/router'
import { FormActions } from '../../../components/FormActions.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { useApiData } from '../../../hooks/useApiData.ts'
import { createCategory, CATEGORY_ROUTES, CATEGORIES_PATH, updateCategory } from '../api/categories-api.ts'
import '../../../components/record-form.css'

const EMPTY: CategoryInput = { title: '', description: '' }

/** /dashboard/category/create and /dashboard/category/edit/:id. */
export function CategoryFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const record = useApiData<Category>('LOAD_CATEGORY', mode === 'edit' ? `${CATEGORIES_PATH}/${id}` : null)
  const { register, handleSubmit, formState, watch, reset } = useZodForm(categoryInputSchema, { defaultValues: EMPTY })

  useEffect(() => {
    if (record.data) reset({ title: record.data.title, description: record.data.description })
  }, [record.data, reset])

  if (mode === 'edit' && record.loading) return <Loading label="Cargando datos..." />
  if (mode === 'edit' && (record.failed || !record.data)) return <ErrorPanel onRetry={record.reload} />

  const submit = handleSubmit(async (input) => {
    try {
      if (mode === 'create') {
        await createCategory(input)
        navigate(CATEGORY_ROUTES.list)
      } else {
        const saved = await updateCategory(id, input)
        if (saved) navigate(CATEGORY_ROUTES.view(id))
      }
    } catch {
      // The kit's global toast shows the server's message ('Registro ya existente'...).
    }
  })

  return (
    <section className="record-form">
      <PageHeader title={mode === 'create' ? 'Nueva categoría' : 'Editar categoría'} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Título" error={formState.errors.title?.message} hint={<CharacterCount value={watch('title')} max={CATEGORY_TITLE_MAX} />}>
          {(control) => <input {...control} {...register('title')} className="kit-input" autoComplete="off" />}
        </Field>
        <Field
          label="Descripción"
          error={formState.errors.description?.message}
          hint={<CharacterCount value={watch('description')} max={CATEGORY_DESCRIPTION_MAX} />}
        >
          {(control) => <textarea {...control} {...register('description')} className="kit-input" rows={4} />}
        </Field>
        <FormActions
          mode={mode}
          isDirty={formState.isDirty}
          isValid={formState.isValid}
          isSubmitting={formState.isSubmitting}
          onCancel={() => navigate(CATEGORY_ROUTES.view(id))}
        />
      </form>
    </section>
  )
}
