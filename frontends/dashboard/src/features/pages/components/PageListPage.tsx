import type { Page } from '@donaciones/contracts'
import { apiRequest, ErrorPanel, formatDate, useQuery } from '@donaciones/web-kit'
import { useNavigate } from '@donaciones/web-kit/router'
import { ActiveMark } from '../../../components/ActiveMark.tsx'
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx'
import { HistoryRows } from '../../../components/HistoryRows.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { useEmptyListDialog } from '../../../hooks/use-empty-list-dialog.ts'
import { PAGES_PATH } from '../api/pages-api.ts'
import { PAGE_ROUTES } from '../lib/routes.ts'

const columns: DataColumn<Page>[] = [
  { id: 'title', header: 'Título', value: (row) => row.title },
  { id: 'name', header: 'Nombre', value: (row) => row.name },
  { id: 'active', header: 'Estado', value: (row) => (row.active ? 'Activo' : 'Inactivo'), cell: (row) => <ActiveMark active={row.active} /> },
  { id: 'updatedAt', header: 'Última actualización', value: (row) => new Date(row.updatedAt), cell: (row) => formatDate(row.updatedAt) },
]

/** /dashboard/pages/list (no create). */
export function PageListPage() {
  const navigate = useNavigate()
  const { state, data, retry: reload } = useQuery(PAGES_PATH, (signal, path) => apiRequest<Page[]>('LOAD_PAGES', path, { signal }))
  useEmptyListDialog(data, false)
  return (
    <section>
      <PageHeader title="Páginas" />
      {state.status === 'error' ? (
        <ErrorPanel onRetry={reload} />
      ) : (
        <DataTable
          label="Lista de páginas"
          columns={columns}
          rows={data}
          getRowId={(row) => row._id}
          rowLabel={(row) => row.title}
          onOpen={(row) => navigate(PAGE_ROUTES.view(row._id))}
          renderExpanded={(row) => <HistoryRows module="page" document={row._id} />}
        />
      )}
    </section>
  )
}
