import { useId, useState } from 'react'
import { ROLE_FULL_ADMIN } from '@donaciones/contracts'
import { ErrorPanel, Loading, useSession } from '@donaciones/web-kit'
import { Link, Navigate } from '@donaciones/web-kit/router'
import { saveBlob } from '../../../lib/save-blob.ts'
import { useApiReference } from '../hooks/use-api-reference.ts'
import { DocText } from './DocText.tsx'
import { OperationEntry } from './OperationEntry.tsx'
import './api-docs.css'

/** /dashboard/configuration/api: 'Descripción de la API', role 0 only, reached from Configuración. */
export function ApiDocsPage() {
  const user = useSession((state) => state.user)
  if (user && user.role !== ROLE_FULL_ADMIN) return <Navigate to="/dashboard" replace />
  return <ApiDocsScreen />
}

function ApiDocsScreen() {
  const [search, setSearch] = useState('')
  const searchId = useId()
  const { state, data, retry, groups, total } = useApiReference(search)
  const shownCount = groups.reduce((count, group) => count + group.operations.length, 0)
  return (
    <div className="api-docs">
      <p className="api-docs__crumbs"><Link to="/dashboard/configuration/edit">Configuración</Link> / Descripción de la API</p>
      <div className="api-docs__header">
        <h1 className="api-docs__title">Descripción de la API</h1>
        {data && (
          <button type="button" className="kit-button kit-button--secondary" onClick={() => saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), 'openapi.json')}>
            Descargar OpenAPI
          </button>
        )}
      </div>
      <p className="api-docs__muted">
        Cada ruta que atiende el gateway, generada de los contratos: quién puede usarla, qué recibe y qué responde. Es el documento OpenAPI 3.1 de{' '}
        <code>/api/openapi.json</code>, que solo el administrador total puede leer.
      </p>
      {state.status === 'loading' && !data && <Loading label="Cargando la descripción..." />}
      {state.status === 'error' && <ErrorPanel title="No se pudo cargar la descripción de la API" onRetry={retry} />}
      {data && state.status !== 'error' && (
        <>
          <div className="api-docs__search" role="search">
            <label htmlFor={searchId} className="kit-field__label">Buscar ruta</label>
            <input id={searchId} type="search" className="kit-input" placeholder="Ruta, método o descripción" value={search} onChange={(event) => setSearch(event.target.value)} />
          </div>
          <p className="api-docs__count" aria-live="polite">
            {shownCount === total ? `${total} rutas` : `${shownCount} de ${total} rutas`}
          </p>
          {groups.length === 0 && <p className="api-docs__empty">Ninguna ruta coincide con la búsqueda</p>}
          {groups.map((group) => (
            <section key={group.tag} className="api-group" aria-labelledby={`api-group-${group.operations[0]?.id ?? group.tag}`}>
              <h2 id={`api-group-${group.operations[0]?.id ?? group.tag}`} className="api-group__title">{group.tag}</h2>
              {group.description && <p className="api-docs__muted"><DocText text={group.description} /></p>}
              {group.operations.map((operation) => <OperationEntry key={operation.id} operation={operation} />)}
            </section>
          ))}
        </>
      )}
    </div>
  )
}
