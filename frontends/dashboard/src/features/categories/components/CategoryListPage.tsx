import type { Category } from '@donaciones/contracts'
import { apiRequest, ErrorPanel, formatDate, useQuery } from '@donaciones/web-kit'
import { Link, useNavigate } from '@donaciones/web-kit/router'
import { ActiveMark } from '../../../components/ActiveMark.tsx'
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx'
import { HistoryRows } from '../../../components/HistoryRows.tsx'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { useEmptyListDialog } from '../../../hooks/use-empty-list-dialog.ts'
import { usePermissions } from '../../../hooks/use-permissions.ts'
import { exportCategories, CATEGORIES_PATH } from '../api/categories-api.ts'
import { CATEGORY_ROUTES } from '../lib/routes.ts'

const columns: DataColumn<Category>[] = [
  { id: 'title', header: 'Título', value: (row) => row.title },
  { id: 'description', header: 'Descripción', value: (row) => row.description },
  { id: 'active', header: 'Estado', value: (row) => (row.active ? 'Activo' : 'Inactivo'), cell: (row) => <ActiveMark active={row.active} /> },
  { id: 'createdAt', header: 'Fecha de creación', value: (row) => new Date(row.createdAt), cell: (row) => formatDate(row.createdAt) },
]

/** /dashboard/category/list. */
export function CategoryListPage() {
  const navigate = useNavigate()
  const permissions = usePermissions('category')
  const { state, data, retry: reload } = useQuery(CATEGORIES_PATH, (signal, path) => apiRequest<Category[]>('LOAD_CATEGORIES', path, { signal }))
  useEmptyListDialog(data, permissions.create)

  return (
    <section>
      <PageHeader title="Categorías">
        {permissions.create && <Link className="kit-button" to={CATEGORY_ROUTES.create}>Agregar categoría</Link>}
      </PageHeader>
      {state.status === 'error' ? (
        <ErrorPanel onRetry={reload} />
      ) : (
        <DataTable
          label="Lista de categorías"
          columns={columns}
          rows={data}
          getRowId={(row) => row._id}
          rowLabel={(row) => row.title}
          onOpen={(row) => navigate(CATEGORY_ROUTES.view(row._id))}
          onExport={exportCategories}
          renderExpanded={(row) => <HistoryRows module="category" document={row._id} />}
        />
      )}
    </section>
  )
}
