import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react'
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
 * A remote as a component of its own: loaded on demand; when its files cannot be fetched (or fail
 * to run) a Spanish panel with a retry replaces it, and the rest of the shell keeps working.
 *
 * Each remote must be a distinct component type. The shell's routes render their elements at the
 * same place in the tree, so one generic component for every remote would be kept by React across
 * a route change (same type, same position) and go on showing the remote of the first route.
 */
export function remoteScreen(load: RemoteLoader): ComponentType {
  const Remote = lazy(load)
  function RemoteScreen() {
    return (
      <LoadFailureBoundary>
        <Suspense fallback={<Loading />}>
          <Remote />
        </Suspense>
      </LoadFailureBoundary>
    )
  }
  return RemoteScreen
}
