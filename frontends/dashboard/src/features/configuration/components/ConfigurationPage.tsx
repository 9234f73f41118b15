import { useState } from 'react'
import { ROLE_FULL_ADMIN } from '@donaciones/contracts'
import { ErrorPanel, Loading, useSession } from '@donaciones/web-kit'
import { Navigate } from '@donaciones/web-kit/router'
import { useConfiguration } from '../hooks/use-configuration.ts'
import { ConfigurationForm } from './ConfigurationForm.tsx'
import type { SectionId } from './configuration-form.ts'
import './configuration.css'

/** /dashboard/configuration/edit: 'Configuración', role 0 only (spec §2.5, §6). */
export function ConfigurationPage() {
  const user = useSession((state) => state.user)
  if (user && user.role !== ROLE_FULL_ADMIN) return <Navigate to="/dashboard" replace />
  return <ConfigurationScreen />
}

function ConfigurationScreen() {
  const { state, reload, replace } = useConfiguration()
  const [open, setOpen] = useState<ReadonlySet<SectionId>>(() => new Set<SectionId>(['general']))
  return (
    <main className="config-page">
      <h1>Configuración</h1>
      <p className="config-page__intro">
        Datos del sitio, correo y llaves de los servicios. Las llaves secretas y la contraseña del correo nunca se muestran: escriba
        una nueva solo si desea reemplazarla.
      </p>
      {state.status === 'loading' && <Loading label="Cargando datos..." />}
      {state.status === 'error' && <ErrorPanel title="No se pudo cargar la configuración" onRetry={reload} />}
      {state.status === 'ready' && <ConfigurationForm key={state.revision} view={state.view} onSaved={replace} open={open} onOpenChange={setOpen} />}
    </main>
  )
}
