/** Inline loading state for a section. */
export function Loading({ label = 'Cargando...' }: { label?: string }) {
  return (
    <div className="kit-loading" role="status">
      <span className="kit-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}

export interface ErrorPanelProps {
  title?: string
  text?: string
  onRetry?: () => void
}

/** A section that could not load: what happened in Spanish and a retry. */
export function ErrorPanel({ title = 'No se pudo cargar esta sección', text = 'Revise su conexión e intente de nuevo.', onRetry }: ErrorPanelProps) {
  return (
    <section className="kit-error-panel" role="alert">
      <h2>{title}</h2>
      <p>{text}</p>
      {onRetry && <button type="button" className="kit-button" onClick={onRetry}>Reintentar</button>}
    </section>
  )
}
