import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react'
import { ErrorPanel, Loading } from '@donaciones/web-kit'

type RemoteLoader = () => Promise<{ default: ComponentType }>

class LoadFailureBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <main>
        <ErrorPanel
          title="No se pudo cargar esta sección del sitio"
          text="Ocurrió un problema al descargar la aplicación. Revise su conexión e intente de nuevo."
          // The federation runtime remembers a failed remote entry: only a fresh page load retries it.
          onRetry={() => window.location.reload()}
        />
      </main>
    )
  }
}

/**
 * Loads a remote on demand; when its files cannot be fetched (or fail to run) a Spanish panel
 * with a retry replaces it, and the rest of the shell keeps working.
 */
export function RemoteBoundary({ load }: { load: RemoteLoader }) {
  const [Remote] = useState(() => lazy(load))
  return (
    <LoadFailureBoundary>
      <Suspense fallback={<Loading />}>
        <Remote />
      </Suspense>
    </LoadFailureBoundary>
  )
}
