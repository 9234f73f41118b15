import type { Institution } from '@donaciones/contracts'
import { apiRequest, ErrorPanel, formatDate, useQuery } from '@donaciones/web-kit'
import { Link, useNavigate } from '@donaciones/web-kit/router'
import { ActiveMark } from '../../../components/ActiveMark.tsx'
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx'
import { HistoryRows } from '../../../components/HistoryRows.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { useEmptyListDialog } from '../../../hooks/use-empty-list-dialog.ts'
import { usePermissions } from '../../../hooks/use-permissions.ts'
import { exportInstitutions, INSTITUTIONS_PATH } from '../api/institutions-api.ts'
import { INSTITUTION_ROUTES } from '../lib/routes.ts'

const columns: DataColumn<Institution>[] = [
  { id: 'name', header: 'Nombre', value: (row) => row.name },
  { id: 'description', header: 'Descripción', value: (row) => row.description },
  { id: 'active', header: 'Estado', value: (row) => (row.active ? 'Activo' : 'Inactivo'), cell: (row) => <ActiveMark active={row.active} /> },
  { id: 'createdAt', header: 'Fecha de creación', value: (row) => new Date(row.createdAt), cell: (row) => formatDate(row.createdAt) },
]

/** /dashboard/institution/list. */
export function InstitutionListPage() {
  const navigate = useNavigate()
  const permissions = usePermissions('institution')
  const { state, data, retry: reload } = useQuery(INSTITUTIONS_PATH, (signal, path) => apiRequest<Institution[]>('LOAD_INSTITUTIONS', path, { signal }))
  useEmptyListDialog(data, permissions.create)

  return (
    <section>
      <PageHeader title="Instituciones">
        {permissions.create && <Link className="kit-button" to={INSTITUTION_ROUTES.create}>Agregar institución</Link>}
      </PageHeader>
      {state.status === 'error' ? (
        <ErrorPanel onRetry={reload} />
      ) : (
        <DataTable
          label="Lista de instituciones"
          columns={columns}
          rows={data}
          getRowId={(row) => row._id}
          rowLabel={(row) => row.name}
          onOpen={(row) => navigate(INSTITUTION_ROUTES.view(row._id))}
          onExport={exportInstitutions}
          renderExpanded={(row) => <HistoryRows module="institution" document={row._id} />}
        />
      )}
    </section>
  )
}
