import { campaignStateLabel, NO_GOAL_NOTICE, receivesDonations, SCHEDULED_LABEL, type CampaignSummary } from '@donaciones/contracts'
import { apiRequest, ErrorPanel, formatDate, formatMoney, useQuery } from '@donaciones/web-kit'
import { Link, useNavigate } from '@donaciones/web-kit/router'
import { ActiveMark } from '../../../components/ActiveMark.tsx'
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx'
import { HistoryRows } from '../../../components/HistoryRows.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { useEmptyListDialog } from '../../../hooks/use-empty-list-dialog.ts'
import { usePermissions } from '../../../hooks/use-permissions.ts'
import { CAMPAIGNS_PATH, exportCampaigns } from '../api/campaign-records-api.ts'
import { CAMPAIGN_ROUTES } from '../lib/routes.ts'
import './campaign-view.css'

const categoryNames = (row: CampaignSummary): string => row.categories.map((category) => category.title).join(', ')

const columns: DataColumn<CampaignSummary>[] = [
  { id: 'title', header: 'Título', value: (row) => row.title },
  { id: 'categories', header: 'Categorías', value: categoryNames },
  {
    id: 'goal',
    header: 'Meta',
    value: (row) => row.goal,
    cell: (row) => (row.goal !== null && receivesDonations(row.goal) ? formatMoney(row.goal) : <span className="campaign-no-goal">{NO_GOAL_NOTICE}</span>),
  },
  {
    id: 'date',
    header: 'Fecha de publicación',
    value: (row) => row.date,
    cell: (row) => formatDate(row.date),
  },
  {
    id: 'active',
    header: 'Estado',
    value: (row) => campaignStateLabel(row),
    cell: (row) =>
      campaignStateLabel(row) === SCHEDULED_LABEL ? (
        <span className="campaign-scheduled" title={`Se publica el ${formatDate(row.date)}`}>
          {SCHEDULED_LABEL}
        </span>
      ) : (
        <ActiveMark active={row.active} />
      ),
  },
]

/** /dashboard/campaign/list. */
export function CampaignListPage() {
  const navigate = useNavigate()
  const permissions = usePermissions('campaign')
  const { state, data, retry: reload } = useQuery(CAMPAIGNS_PATH, (signal, path) => apiRequest<CampaignSummary[]>('LOAD_CAMPAIGNS', path, { signal }))
  useEmptyListDialog(data, permissions.create)

  return (
    <section>
      <PageHeader title="Campañas">
        {permissions.create && <Link className="kit-button" to={CAMPAIGN_ROUTES.create}>Agregar</Link>}
      </PageHeader>
      {state.status === 'error' ? (
        <ErrorPanel onRetry={reload} />
      ) : (
        <DataTable
          label="Lista de campañas"
          columns={columns}
          rows={data}
          getRowId={(row) => row._id}
          rowLabel={(row) => row.title}
          onOpen={(row) => navigate(CAMPAIGN_ROUTES.view(row._id))}
          onExport={exportCampaigns}
          renderExpanded={(row) => <HistoryRows module="campaign" document={row._id} />}
        />
      )}
    </section>
  )
}
