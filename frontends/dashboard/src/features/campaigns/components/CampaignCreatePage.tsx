import { useEffect, useRef, useState, type FormEvent } from 'react'
import { FormProvider, useWatch } from 'react-hook-form'
import { RECORD_SAVED, type Option } from '@donaciones/contracts'
import { ErrorPanel, Loading, notify } from '@donaciones/web-kit'
import { useNavigate } from '@donaciones/web-kit/router'
import { useZodForm } from '@donaciones/web-kit/forms'
import { createCampaign } from '../api/campaign-api.ts'
import { CAMPAIGN_STEPS, emptyCampaign, useCampaignSchema, useGoalShown, type CampaignFormValues } from '../hooks/campaign-form.ts'
import { useCampaignOptions } from '../hooks/use-campaign-options.ts'
import { applyServerErrors } from '../hooks/server-errors.ts'
import { CampaignPreview, ContentFields, GeneralFields, OptionsFields } from './CampaignFields.tsx'
import { StepIndicator } from './StepIndicator.tsx'
import './campaign-form.css'

const LAST_STEP = CAMPAIGN_STEPS.length - 1

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
  const [stepIndex, setStepIndex] = useState(0)
  const [thumbnailPath, setThumbnailPath] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)
  const values = useWatch({ control: form.control }) as CampaignFormValues
  const step = CAMPAIGN_STEPS[stepIndex] ?? CAMPAIGN_STEPS[0]!
  const saving = form.formState.isSubmitting

  // Each step change takes the focus to the step's heading, so screen readers announce it.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    headingRef.current?.focus()
  }, [stepIndex])

  /** A failed step marks its fields touched, so each message clears as soon as it is fixed. */
  const touchStep = () => {
    for (const name of step.fields) form.setValue(name, form.getValues(name) as never, { shouldTouch: true })
  }

  const goNext = async () => {
    const valid = await form.trigger(step.fields)
    if (valid) setStepIndex(Math.min(stepIndex + 1, LAST_STEP))
    else touchStep()
  }

  const save = form.handleSubmit(
    async (input) => {
      try {
        const saved = await createCampaign(input)
        notify.success(RECORD_SAVED)
        navigate(`/dashboard/campaign/view/${saved._id}`)
      } catch (error) {
        const stepWithError = applyServerErrors(error, form.setError)
        if (stepWithError !== null) setStepIndex(stepWithError)
      }
    },
    (errors) => {
      // Every step was checked on the way; a problem left takes the user to its step.
      const fields = Object.keys(errors)
      const index = CAMPAIGN_STEPS.findIndex((item) => item.fields.some((field) => fields.includes(field)))
      if (index >= 0) setStepIndex(index)
    },
  )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    if (stepIndex === LAST_STEP) void save(event)
    else void goNext()
  }

  return (
    <FormProvider {...form}>
      <form className="campaign-card campaign-form" noValidate onSubmit={onSubmit} aria-labelledby="campaign-step-title">
        <StepIndicator current={stepIndex} />
        <h2 id="campaign-step-title" ref={headingRef} tabIndex={-1} className="campaign-card__heading">
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
            <button type="button" className="kit-button kit-button--secondary" onClick={() => setStepIndex(stepIndex - 1)} disabled={saving}>
              Anterior
            </button>
          )}
          {stepIndex < LAST_STEP ? (
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
