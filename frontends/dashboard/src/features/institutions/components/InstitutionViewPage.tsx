import type { Institution } from '@donaciones/contracts'
import { apiRequest, ErrorPanel, formatDateTime, Loading, useQuery } from '@donaciones/web-kit'
import { useParams } from '@donaciones/web-kit/router'
import { RecordView } from '../../../components/RecordView.tsx'
import { usePermissions } from '../../../hooks/use-permissions.ts'
import { toggleWithJustification } from '../../../lib/record-actions.ts'
import { INSTITUTIONS_PATH, toggleInstitution } from '../api/institutions-api.ts'
import { INSTITUTION_ROUTES } from '../lib/routes.ts'

/** /dashboard/institution/view/:id. */
export function InstitutionViewPage() {
  const { id = '' } = useParams()
  const permissions = usePermissions('institution')
  const { state, data, retry: reload } = useQuery(`${INSTITUTIONS_PATH}/${id}`, (signal, path) => apiRequest<Institution>('LOAD_INSTITUTION', path, { signal }))

  if (state.status === 'loading') return <Loading label="Cargando datos..." />
  if (state.status === 'error' || !data) return <ErrorPanel onRetry={reload} />

  const toggle = async () => {
    try {
      if (await toggleWithJustification(INSTITUTIONS_PATH, !data.active, (description) => toggleInstitution(data._id, !data.active, description))) reload()
    } catch {
      // The kit's global toast shows the server's message.
    }
  }

  return (
    <RecordView
      title="Institución - Información del registro"
      fields={[
        { label: 'Nombre', value: data.name },
        { label: 'Descripción', value: data.description },
        { label: 'Fecha de creación', value: formatDateTime(data.createdAt) },
        { label: 'Última actualización', value: formatDateTime(data.updatedAt) },
      ]}
      active={data.active}
      canUpdate={permissions.update}
      editTo={INSTITUTION_ROUTES.edit(data._id)}
      onToggle={() => void toggle()}
      backTo={INSTITUTION_ROUTES.list}
    />
  )
}
