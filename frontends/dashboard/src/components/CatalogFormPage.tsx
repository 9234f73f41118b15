import { useEffect } from 'react'
import type { z } from 'zod'
import { apiRequest, ErrorPanel, Loading, useQuery } from '@donaciones/web-kit'
import { CharacterCount, Field, useZodForm } from '@donaciones/web-kit/forms'
import { useNavigate, useParams } from '@donaciones/web-kit/router'
import { postRecord, putRecord } from '../api/records.ts'
import { saveRecord, updateWithJustification } from '../lib/record-actions.ts'
import { FormActions } from './FormActions.tsx'
import { PageHeader } from './PageHeader.tsx'
import './record-form.css'

/** A catalog record as these forms edit it: one label field ('name' or 'title') and a description. */
type CatalogInput = Record<string, string>

export interface CatalogFormConfig {
  /** API collection, e.g. '/institutions'. */
  apiPath: string
  /** Action name of the record's load (spinner rules of spec §2.2). */
  loadAction: string
  schema: z.ZodType<CatalogInput, CatalogInput>
  labelField: 'name' | 'title'
  labelText: string
  labelMax: number
  descriptionMax: number
  titles: { create: string; edit: string }
  routes: { list: string; view: (id: string) => string }
}

/**
 * Create and edit form of a label-and-description catalog (institutions, categories): 'Guardar'
 * on create; 'Cancelar' and 'Actualizar' (with the justification) on edit.
 */
export function CatalogFormPage({ mode, config }: { mode: 'create' | 'edit'; config: CatalogFormConfig }) {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const record = useQuery(mode === 'edit' ? `${config.apiPath}/${id}` : null, (signal, path) => apiRequest<CatalogInput>(config.loadAction, path, { signal }))
  const empty: CatalogInput = { [config.labelField]: '', description: '' }
  const { register, handleSubmit, formState, watch, reset } = useZodForm(config.schema, { defaultValues: empty })

  useEffect(() => {
    if (record.data) reset({ [config.labelField]: record.data[config.labelField] ?? '', description: record.data.description ?? '' })
  }, [record.data, reset, config.labelField])

  if (mode === 'edit' && record.state.status === 'loading') return <Loading label="Cargando datos..." />
  if (mode === 'edit' && (record.state.status === 'error' || !record.data)) return <ErrorPanel onRetry={record.retry} />

  const submit = handleSubmit(async (input) => {
    try {
      if (mode === 'create') {
        await saveRecord(config.apiPath, () => postRecord(config.apiPath, input))
        navigate(config.routes.list)
      } else if (await updateWithJustification(config.apiPath, (description) => putRecord(config.apiPath, id, input, description))) {
        navigate(config.routes.view(id))
      }
    } catch {
      // The kit's global toast shows the server's message ('Registro ya existente'...).
    }
  })

  return (
    <section className="record-form">
      <PageHeader title={mode === 'create' ? config.titles.create : config.titles.edit} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={config.labelText}
          error={formState.errors[config.labelField]?.message}
          hint={<CharacterCount value={watch(config.labelField)} max={config.labelMax} />}
        >
          {(control) => <input {...control} {...register(config.labelField)} className="kit-input" autoComplete="off" />}
        </Field>
        <Field label="Descripción" error={formState.errors.description?.message} hint={<CharacterCount value={watch('description')} max={config.descriptionMax} />}>
          {(control) => <textarea {...control} {...register('description')} className="kit-input" rows={4} />}
        </Field>
        <FormActions
          mode={mode}
          isDirty={formState.isDirty}
          isValid={formState.isValid}
          isSubmitting={formState.isSubmitting}
          onCancel={() => navigate(config.routes.view(id))}
        />
      </form>
    </section>
  )
}
