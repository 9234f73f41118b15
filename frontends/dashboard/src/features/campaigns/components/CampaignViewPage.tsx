import { campaignStateLabel, NO_GOAL_NOTICE, receivesDonations, SCHEDULED_LABEL, type Campaign } from '@donaciones/contracts'
import { ErrorPanel, formatDate, formatInteger, formatMoney, isMissing, Loading } from '@donaciones/web-kit'
import { Link, useParams } from '@donaciones/web-kit/router'
import { HistoryRows } from '../../../components/HistoryRows.tsx'
import { RecordView, type RecordField } from '../../../components/RecordView.tsx'
import { usePermissions } from '../../../hooks/use-permissions.ts'
import { toggleWithJustification } from '../../../lib/record-actions.ts'
import { CAMPAIGNS_PATH, toggleCampaign } from '../api/campaign-records-api.ts'
import { CAMPAIGN_ROUTES } from '../lib/routes.ts'
import { useCampaignRecord } from '../hooks/use-campaign-record.ts'
import { DonorMessages } from './DonorMessages.tsx'
import './campaign-view.css'

const shown = (visible: boolean): string => (visible ? 'Visible' : 'Oculto')

function campaignFields(campaign: Campaign): RecordField[] {
  return [
    { label: 'Título', value: campaign.title },
    { label: 'Subtítulo', value: campaign.subtitle || '—' },
    { label: 'Descripción', value: campaign.description },
    { label: 'Categorías', value: campaign.categories.map((category) => category.title).join(', ') || '—' },
    { label: 'Institución', value: campaign.institution?.name ?? 'N/A' },
    {
      label: 'Meta',
      value: campaign.goal !== null && receivesDonations(campaign.goal) ? formatMoney(campaign.goal) : <span className="campaign-no-goal">{NO_GOAL_NOTICE}</span>,
    },
    { label: 'Duración', value: `${formatInteger(campaign.duration)} ${campaign.duration === 1 ? 'día' : 'días'}` },
    {
      label: 'Fecha de publicación',
      value: campaignStateLabel(campaign) === SCHEDULED_LABEL ? `${formatDate(campaign.date)} (${SCHEDULED_LABEL}: no es pública ni recibe donaciones hasta ese día)` : formatDate(campaign.date),
    },
    { label: 'Mensaje de agradecimiento', value: campaign.gratitude || '—' },
    { label: 'Contador de visitas', value: shown(campaign.visibility.counter) },
    { label: 'Cuenta regresiva', value: shown(campaign.visibility.countdown) },
    { label: 'Comentarios', value: shown(campaign.visibility.comments) },
    { label: 'Muro de donadores', value: shown(campaign.visibility.donorWall !== false) },
    { label: 'Me gusta', value: formatInteger(campaign.likes) },
    { label: 'Visitas', value: formatInteger(campaign.visits) },
    {
      label: 'Página pública',
      value: <Link to={`/campaigns/${encodeURIComponent(campaign.slug)}`}>Ver en el sitio</Link>,
    },
  ]
}

/** /dashboard/campaign/view/:id: the campaign's data, 'Editar', 'Activar'/'Desactivar' and its change history. */
export function CampaignViewPage() {
  const { id = '' } = useParams()
  const permissions = usePermissions('campaign')
  const { state, retry: reload, attempt: version } = useCampaignRecord(id)

  if (state.status === 'error' && isMissing(state.error)) {
    return (
      <section className="campaign-view">
        <ErrorPanel title="Campaña no encontrada" text="La campaña no existe o fue eliminada." />
        <Link className="kit-button kit-button--secondary" to={CAMPAIGN_ROUTES.list}>Regresar</Link>
      </section>
    )
  }
  if (state.status === 'error') return <ErrorPanel onRetry={reload} />
  // While loading again (after a toggle) the campaign stays on screen.
  const campaign = state.status === 'success' ? state.data : state.previous?._id === id ? state.previous : undefined
  if (!campaign) return <Loading label="Cargando datos..." />

  const toggle = async () => {
    try {
      if (await toggleWithJustification(CAMPAIGNS_PATH, !campaign.active, (description) => toggleCampaign(campaign._id, !campaign.active, description))) reload()
    } catch {
      // The kit's global toast shows the server's message.
    }
  }

  return (
    <div className="campaign-view">
      <RecordView
        title="Campaña - Información del registro"
        fields={campaignFields(campaign)}
        active={campaign.active}
        canUpdate={permissions.update}
        editTo={CAMPAIGN_ROUTES.edit(campaign._id)}
        onToggle={() => void toggle()}
        backTo={CAMPAIGN_ROUTES.list}
      >
        <figure className="campaign-view__thumbnail">
          <img src={campaign.thumbnail.path} alt={`Imagen de la campaña ${campaign.title}`} />
          <figcaption>Imagen de la campaña</figcaption>
        </figure>
      </RecordView>
      {campaign.visibility.donorWall !== false && <DonorMessages campaignId={campaign._id} canUpdate={permissions.update} />}
      <section className="campaign-view__history" aria-labelledby="campaign-history-title">
        <h2 id="campaign-history-title">Historial de cambios</h2>
        <HistoryRows key={version} module="campaign" document={campaign._id} />
      </section>
    </div>
  )
}
