import { useEffect } from 'react'
import {
  INSTITUTION_DESCRIPTION_MAX,
  INSTITUTION_NAME_MAX,
  institutionInputSchema,
  type Institution,
  type InstitutionInput,
} from '@donaciones/contracts'
import { ErrorPanel, Loading } from '@donaciones/web-kit'
import { CharacterCount, Field, useZodForm } from '@donaciones/web-kit/forms'
import { useNavigate, useParams } from '@donaciones/web-kit/router'
import { FormActions } from '../../../components/FormActions.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { useApiData } from '../../../hooks/useApiData.ts'
import { createInstitution, INSTITUTION_ROUTES, INSTITUTIONS_PATH, updateInstitution } from '../api/institutions-api.ts'
import '../../../components/record-form.css'

const EMPTY: InstitutionInput = { name: '', description: '' }

/** /dashboard/institution/create and /dashboard/institution/edit/:id. */
export function InstitutionFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const record = useApiData<Institution>('LOAD_INSTITUTION', mode === 'edit' ? `${INSTITUTIONS_PATH}/${id}` : null)
  const { register, handleSubmit, formState, watch, reset } = useZodForm(institutionInputSchema, { defaultValues: EMPTY })

  useEffect(() => {
    if (record.data) reset({ name: record.data.name, description: record.data.description })
  }, [record.data, reset])

  if (mode === 'edit' && record.loading) return <Loading label="Cargando datos..." />
  if (mode === 'edit' && (record.failed || !record.data)) return <ErrorPanel onRetry={record.reload} />

  const submit = handleSubmit(async (input) => {
    try {
      if (mode === 'create') {
        await createInstitution(input)
        navigate(INSTITUTION_ROUTES.list)
      } else {
        const saved = await updateInstitution(id, input)
        if (saved) navigate(INSTITUTION_ROUTES.view(id))
      }
    } catch {
      // The kit's global toast shows the server's message ('Registro ya existente'...).
    }
  })

  return (
    <section className="record-form">
      <PageHeader title={mode === 'create' ? 'Nueva institución' : 'Editar institución'} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Nombre" error={formState.errors.name?.message} hint={<CharacterCount value={watch('name')} max={INSTITUTION_NAME_MAX} />}>
          {(control) => <input {...control} {...register('name')} className="kit-input" autoComplete="off" />}
        </Field>
        <Field
          label="Descripción"
          error={formState.errors.description?.message}
          hint={<CharacterCount value={watch('description')} max={INSTITUTION_DESCRIPTION_MAX} />}
        >
          {(control) => <textarea {...control} {...register('description')} className="kit-input" rows={4} />}
        </Field>
        <FormActions
          mode={mode}
          isDirty={formState.isDirty}
          isValid={formState.isValid}
          isSubmitting={formState.isSubmitting}
          onCancel={() => navigate(INSTITUTION_ROUTES.view(id))}
        />
      </form>
    </section>
  )
}
