import { useState, type FormEvent } from 'react'
import { FormProvider } from 'react-hook-form'
import { RECORD_UPDATED, type CampaignEditView, type Option } from '@donaciones/contracts'
import { askJustification, ErrorPanel, isMissing, Loading, notify, useQuery } from '@donaciones/web-kit'
import { useNavigate, useParams } from '@donaciones/web-kit/router'
import { applyServerErrors, stepIndexOfPath, useZodForm } from '@donaciones/web-kit/forms'
import { changed } from '../../../lib/record-actions.ts'
import { loadCampaignForEdit, updateCampaign } from '../api/campaign-api.ts'
import { CAMPAIGNS_PATH } from '../api/campaign-records-api.ts'
import { CAMPAIGN_STEPS, campaignToForm } from '../lib/campaign-form.ts'
import { useCampaignSchema, useGoalShown } from '../hooks/use-campaign-schema.ts'
import { useCampaignOptions } from '../hooks/use-campaign-options.ts'
import { ContentFields, GeneralFields, OptionsFields } from './CampaignFields.tsx'
import './campaign-form.css'

/** Keeps the labels of the record's categories and institution even when they are now inactive. */
function withCurrent(options: Option[], current: Option[]): Option[] {
  const missing = current.filter((item) => !options.some((option) => option.value === item.value))
  return [...options, ...missing]
}

/** Spec §2.5: /dashboard/campaign/edit/{id}; Cancelar and Actualizar (with a justification). */
export function CampaignEditPage() {
  const { id = '' } = useParams()
  const options = useCampaignOptions()
  const { state, retry, attempt } = useQuery<CampaignEditView>(`/campaigns/edit/${id}`, (signal) => loadCampaignForEdit(id, signal))

  let body
  if (state.status === 'loading' || options.status === 'loading') body = <Loading label="Cargando datos..." />
  else if (state.status === 'error' && isMissing(state.error)) body = <ErrorPanel title="Campaña no encontrada" text="La campaña no existe o fue eliminada." />
  else if (state.status === 'error') body = <ErrorPanel title="No se pudo cargar la campaña" onRetry={retry} />
  else if (options.status === 'error') body = <ErrorPanel title="No se pudieron cargar las categorías e instituciones" onRetry={options.retry} />
  else {
    const campaign = state.data
    body = (
      <CampaignEditForm
        key={`${campaign._id}-${attempt}`}
        campaign={campaign}
        categories={withCurrent(options.categories, campaign.categories)}
        institutions={withCurrent(options.institutions, campaign.institution ? [campaign.institution] : [])}
      />
    )
  }

  return (
    <div className="campaign-page">
      <h1 className="campaign-page__title">Editar campaña</h1>
      {body}
    </div>
  )
}

interface EditFormProps {
  campaign: CampaignEditView
  categories: Option[]
  institutions: Option[]
}

function CampaignEditForm({ campaign, categories, institutions }: EditFormProps) {
  const goalShown = useGoalShown()
  const schema = useCampaignSchema(goalShown)
  const form = useZodForm(schema, { defaultValues: campaignToForm(campaign), mode: 'onChange' })
  const navigate = useNavigate()
  const [thumbnailPath, setThumbnailPath] = useState<string | null>(campaign.thumbnail.path)
  const { isDirty, isSubmitting, isValid } = form.formState
  const viewPath = `/dashboard/campaign/view/${campaign._id}`

  const update = form.handleSubmit(async (input) => {
    const description = await askJustification()
    if (description === null) return
    try {
      await updateCampaign(campaign._id, input, description)
      changed(CAMPAIGNS_PATH)
      notify.success(RECORD_UPDATED)
      navigate(viewPath)
    } catch (error) {
      applyServerErrors(error, form.setError, (path) => stepIndexOfPath(CAMPAIGN_STEPS, path) >= 0)
    }
  })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (isSubmitting) return
    void update(event)
  }

  return (
    <FormProvider {...form}>
      <form className="campaign-card campaign-form" noValidate onSubmit={onSubmit} aria-label={`Editar campaña: ${campaign.title}`}>
        <section className="campaign-section" aria-labelledby="campaign-edit-general">
          <h2 id="campaign-edit-general" className="campaign-card__heading">{CAMPAIGN_STEPS[0]?.title}</h2>
          <GeneralFields categories={categories} institutions={institutions} thumbnailPath={thumbnailPath} onThumbnailPath={setThumbnailPath} />
        </section>
        <section className="campaign-section" aria-labelledby="campaign-edit-content">
          <h2 id="campaign-edit-content" className="campaign-card__heading">{CAMPAIGN_STEPS[1]?.title}</h2>
          <ContentFields />
        </section>
        <section className="campaign-section" aria-labelledby="campaign-edit-options">
          <h2 id="campaign-edit-options" className="campaign-card__heading">{CAMPAIGN_STEPS[2]?.title}</h2>
          <OptionsFields goalShown={goalShown} />
        </section>
        <div className="kit-actions">
          <button type="button" className="kit-button kit-button--secondary" onClick={() => navigate(viewPath)}>
            Cancelar
          </button>
          <button type="submit" className="kit-button" disabled={!isDirty || isSubmitting || !isValid}>
            {isSubmitting ? 'Actualizando...' : 'Actualizar'}
          </button>
        </div>
      </form>
    </FormProvider>
  )
}
