import type { Category } from '@donaciones/contracts'
import { apiRequest, ErrorPanel, formatDateTime, Loading, useQuery } from '@donaciones/web-kit'
import { useParams } from '@donaciones/web-kit/router'
import { RecordView } from '../../../components/RecordView.tsx'
import { usePermissions } from '../../../hooks/use-permissions.ts'
import { toggleWithJustification } from '../../../lib/record-actions.ts'
import { CATEGORIES_PATH, toggleCategory } from '../api/categories-api.ts'
import { CATEGORY_ROUTES } from '../lib/routes.ts'

/** /dashboard/category/view/:id. */
export function CategoryViewPage() {
  const { id = '' } = useParams()
  const permissions = usePermissions('category')
  const { state, data, retry: reload } = useQuery(`${CATEGORIES_PATH}/${id}`, (signal, path) => apiRequest<Category>('LOAD_CATEGORY', path, { signal }))

  if (state.status === 'loading') return <Loading label="Cargando datos..." />
  if (state.status === 'error' || !data) return <ErrorPanel onRetry={reload} />

  const toggle = async () => {
    try {
      if (await toggleWithJustification(CATEGORIES_PATH, !data.active, (description) => toggleCategory(data._id, !data.active, description))) reload()
    } catch {
      // The kit's global toast shows the server's message.
    }
  }

  return (
    <RecordView
      title="Categoría - Información del registro"
      fields={[
        { label: 'Título', value: data.title },
        { label: 'Descripción', value: data.description },
        { label: 'Fecha de creación', value: formatDateTime(data.createdAt) },
        { label: 'Última actualización', value: formatDateTime(data.updatedAt) },
      ]}
      active={data.active}
      canUpdate={permissions.update}
      editTo={CATEGORY_ROUTES.edit(data._id)}
      onToggle={() => void toggle()}
      backTo={CATEGORY_ROUTES.list}
    />
  )
}
