import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react'
import { ErrorPanel, Loading } from '@donaciones/web-kit'

type RemoteLoader = () => Promise<{ default: ComponentType }>

interface BoundaryProps {
  onRetry: () => void
  children: ReactNode
}

class LoadFailureBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <ErrorPanel
        title="No se pudo cargar esta sección del sitio"
        text="Ocurrió un problema al descargar la aplicación. Revise su conexión e intente de nuevo."
        onRetry={this.props.onRetry}
      />
    )
  }
}

/**
 * Loads a remote on demand; when its files cannot be fetched (or fail to run) a Spanish panel
 * with a retry replaces it, and the rest of the shell keeps working.
 */
export function RemoteBoundary({ load }: { load: RemoteLoader }) {
  const [attempt, setAttempt] = useState(0)
  const [Remote, setRemote] = useState(() => lazy(load))
  const retry = () => {
    setRemote(() => lazy(load))
    setAttempt((value) => value + 1)
  }
  return (
    <LoadFailureBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<Loading />}>
        <Remote />
      </Suspense>
    </LoadFailureBoundary>
  )
}
