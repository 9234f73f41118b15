import type { Page } from '@donaciones/contracts'
import { apiRequest, ErrorPanel, formatDateTime, Loading, useQuery } from '@donaciones/web-kit'
import { Link, useParams } from '@donaciones/web-kit/router'
import { RecordView } from '../../../components/RecordView.tsx'
import { usePermissions } from '../../../hooks/use-permissions.ts'
import { toggleWithJustification } from '../../../lib/record-actions.ts'
import { PAGES_PATH, togglePage } from '../api/pages-api.ts'
import { PAGE_ROUTES, PUBLIC_PATH_OF_PAGE } from '../lib/routes.ts'
import './pages.css'

/** /dashboard/pages/view/:id: the page's sanitised HTML as the public site shows it. */
export function PageViewPage() {
  const { id = '' } = useParams()
  const permissions = usePermissions('pages')
  const { state, data, retry: reload } = useQuery(`${PAGES_PATH}/${id}`, (signal, path) => apiRequest<Page>('LOAD_PAGE', path, { signal }))

  if (state.status === 'loading') return <Loading label="Cargando datos..." />
  if (state.status === 'error' || !data) return <ErrorPanel onRetry={reload} />

  const toggle = async () => {
    try {
      if (await toggleWithJustification(PAGES_PATH, !data.active, (description) => togglePage(data._id, !data.active, description))) reload()
    } catch {
      // The kit's global toast shows the server's message.
    }
  }

  return (
    <RecordView
      title="Página - Información del registro"
      fields={[
        { label: 'Título', value: data.title },
        { label: 'Dirección pública', value: <Link to={PUBLIC_PATH_OF_PAGE[data.name]}>{PUBLIC_PATH_OF_PAGE[data.name]}</Link> },
        { label: 'Última actualización', value: formatDateTime(data.updatedAt) },
      ]}
      active={data.active}
      canUpdate={permissions.update}
      editTo={PAGE_ROUTES.edit(data._id)}
      onToggle={() => void toggle()}
      backTo={PAGE_ROUTES.list}
    >
      <h2 className="page-preview__title">Contenido</h2>
      {/* The server stores the description sanitised (spec §3 Page). */}
      <div className="page-preview" dangerouslySetInnerHTML={{ __html: data.description }} />
    </RecordView>
  )
}
