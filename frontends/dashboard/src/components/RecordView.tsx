import type { ReactNode } from 'react'
import { Link } from '@donaciones/web-kit/router'
import { ActiveMark } from './ActiveMark.tsx'
import './record-view.css'

export interface RecordField {
  label: string
  value: ReactNode
}

export interface RecordViewProps {
  /** Heading, e.g. 'Institución - Información del registro'. */
  title: string
  fields: RecordField[]
  /** Shown as 'Estado' with a green check / red cross when given. */
  active?: boolean
  /** 'Editar' and 'Activar'/'Desactivar' are shown only when true (update permission). */
  canUpdate: boolean
  /** Route of the edit form; 'Editar' is hidden without it. */
  editTo?: string
  /** Called by 'Activar'/'Desactivar'; the button is hidden without it. */
  onToggle?: () => void
  /** 'Regresar' link (the list). */
  backTo: string
  /** Extra content below the fields (e.g. rich HTML preview). */
  children?: ReactNode
}

/** A record's view screen (spec §2.5). */
export function RecordView({ title, fields, active, canUpdate, editTo, onToggle, backTo, children }: RecordViewProps) {
  return (
    <section className="record-view" aria-labelledby="record-view-title">
      <h1 id="record-view-title" className="record-view__title">{title}</h1>
      <dl className="record-view__fields">
        {fields.map((field) => (
          <div key={field.label} className="record-view__field">
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
        {active !== undefined && (
          <div className="record-view__field">
            <dt>Estado</dt>
            <dd><ActiveMark active={active} /></dd>
          </div>
        )}
      </dl>
      {children}
      <div className="kit-actions">
        <Link className="kit-button kit-button--secondary" to={backTo}>Regresar</Link>
        {canUpdate && editTo && <Link className="kit-button" to={editTo}>Editar</Link>}
        {canUpdate && onToggle && active !== undefined && (
          <button type="button" className={`kit-button${active ? ' kit-button--danger' : ''}`} onClick={onToggle}>
            {active ? 'Desactivar' : 'Activar'}
          </button>
        )}
      </div>
    </section>
  )
}
