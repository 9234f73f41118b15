import { useState } from 'react'
import { ROLE_FULL_ADMIN } from '@donaciones/contracts'
import { ErrorPanel, Loading, useQuery, useSession } from '@donaciones/web-kit'
import { Link, Navigate } from '@donaciones/web-kit/router'
import { ProviderFailureNotice } from '../../../components/ProviderFailureNotice.tsx'
import { fetchConfiguration } from '../api/configuration-api.ts'
import { CampaignsWithoutGoalNotice } from './CampaignsWithoutGoalNotice.tsx'
import { ConfigurationForm } from './ConfigurationForm.tsx'
import { UndeliveredMailNotice } from './UndeliveredMailNotice.tsx'
import type { SectionId } from '../lib/configuration-form.ts'
import './configuration.css'

/** /dashboard/configuration/edit: 'Configuración', role 0 only (spec §2.5, §6). */
export function ConfigurationPage() {
  const user = useSession((state) => state.user)
  if (user && user.role !== ROLE_FULL_ADMIN) return <Navigate to="/dashboard" replace />
  return <ConfigurationScreen />
}

function ConfigurationScreen() {
  const { state, retry, replace, attempt } = useQuery('/configuration/edit', fetchConfiguration)
  // A saved answer replaces the form with a fresh one, as a reload does.
  const [saves, setSaves] = useState(0)
  const [open, setOpen] = useState<ReadonlySet<SectionId>>(() => new Set<SectionId>(['general']))
  return (
    <main className="config-page">
      <h1>Configuración</h1>
      <p className="config-page__intro">
        Datos del sitio, correo y llaves de los servicios. Las llaves secretas y la contraseña del correo nunca se muestran: escriba
        una nueva solo si desea reemplazarla.
      </p>
      <p className="config-page__intro">
        <Link to="/dashboard/configuration/api">Descripción de la API</Link>: cada ruta del sistema, quién puede usarla y qué responde.
      </p>
      <ProviderFailureNotice where="configuration" />
      <CampaignsWithoutGoalNotice />
      <UndeliveredMailNotice />
      {state.status === 'loading' && <Loading label="Cargando datos..." />}
      {state.status === 'error' && <ErrorPanel title="No se pudo cargar la configuración" onRetry={retry} />}
      {state.status === 'success' && (
        <ConfigurationForm
          key={`${attempt}-${saves}`}
          view={state.data}
          onSaved={(view) => {
            replace(view)
            setSaves((count) => count + 1)
          }}
          open={open}
          onOpenChange={setOpen}
        />
      )}
    </main>
  )
}
