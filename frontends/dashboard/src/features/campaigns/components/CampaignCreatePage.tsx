import { useState, type FormEvent } from 'react'
import { FormProvider, useWatch } from 'react-hook-form'
import { RECORD_SAVED, type Option } from '@donaciones/contracts'
import { ErrorPanel, Loading, notify } from '@donaciones/web-kit'
import { useNavigate } from '@donaciones/web-kit/router'
import { applyServerErrors, stepIndexOfPath, useFormSteps, useZodForm } from '@donaciones/web-kit/forms'
import { changed } from '../../../lib/record-actions.ts'
import { createCampaign } from '../api/campaign-api.ts'
import { CAMPAIGNS_PATH } from '../api/campaign-records-api.ts'
import { CAMPAIGN_STEPS, emptyCampaign, type CampaignFormValues } from '../lib/campaign-form.ts'
import { useCampaignSchema, useGoalShown } from '../hooks/use-campaign-schema.ts'
import { useCampaignOptions } from '../hooks/use-campaign-options.ts'
import { CampaignPreview, ContentFields, GeneralFields, OptionsFields } from './CampaignFields.tsx'
import { StepIndicator } from './StepIndicator.tsx'
import './campaign-form.css'

const belongsToStep = (path: string) => stepIndexOfPath(CAMPAIGN_STEPS, path) >= 0

/** Spec §2.5: /dashboard/campaign/create, a 4-step wizard; the values live until the page is left. */
export function CampaignCreatePage() {
  const options = useCampaignOptions()
  return (
    <div className="campaign-page">
      <h1 className="campaign-page__title">Crear campaña</h1>
      {options.status === 'loading' && <Loading label="Cargando datos..." />}
      {options.status === 'error' && <ErrorPanel title="No se pudieron cargar las categorías e instituciones" onRetry={options.retry} />}
      {options.status === 'ready' && <CampaignWizard categories={options.categories} institutions={options.institutions} />}
    </div>
  )
}

function CampaignWizard({ categories, institutions }: { categories: Option[]; institutions: Option[] }) {
  const goalShown = useGoalShown()
  const schema = useCampaignSchema(goalShown)
  const form = useZodForm(schema, { defaultValues: emptyCampaign() })
  const navigate = useNavigate()
  const steps = useFormSteps(form, CAMPAIGN_STEPS)
  const { index: stepIndex, step } = steps
  const [thumbnailPath, setThumbnailPath] = useState<string | null>(null)
  const values = useWatch({ control: form.control }) as CampaignFormValues
  const saving = form.formState.isSubmitting

  const save = form.handleSubmit(
    async (input) => {
      try {
        const saved = await createCampaign(input)
        changed(CAMPAIGNS_PATH)
        notify.success(RECORD_SAVED)
        navigate(`/dashboard/campaign/view/${saved._id}`)
      } catch (error) {
        steps.showStepOf(applyServerErrors(error, form.setError, belongsToStep))
      }
    },
    (errors) => {
      // Every step was checked on the way; a problem left takes the user to its step.
      steps.showStepOf(Object.keys(errors))
    },
  )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    if (steps.isLast) void save(event)
    else void steps.next()
  }

  return (
    <FormProvider {...form}>
      <form className="campaign-card campaign-form" noValidate onSubmit={onSubmit} aria-labelledby="campaign-step-title">
        <StepIndicator current={stepIndex} />
        <h2 id="campaign-step-title" ref={steps.headingRef} tabIndex={-1} className="campaign-card__heading">
          {step.title}
        </h2>
        {stepIndex === 0 && (
          <GeneralFields categories={categories} institutions={institutions} thumbnailPath={thumbnailPath} onThumbnailPath={setThumbnailPath} />
        )}
        {stepIndex === 1 && <ContentFields />}
        {stepIndex === 2 && <OptionsFields goalShown={goalShown} />}
        {stepIndex === 3 && (
          <CampaignPreview values={values} categories={categories} institutions={institutions} thumbnailPath={thumbnailPath} goalShown={goalShown} />
        )}
        <div className="kit-actions">
          {stepIndex > 0 && (
            <button type="button" className="kit-button kit-button--secondary" onClick={steps.back} disabled={saving}>
              Anterior
            </button>
          )}
          {!steps.isLast ? (
            <button type="submit" className="kit-button">Siguiente</button>
          ) : (
            <button type="submit" className="kit-button" disabled={saving}>
              {saving ? 'Guardando...' : 'Guardar'}
            </button>
          )}
        </div>
      </form>
    </FormProvider>
  )
}
