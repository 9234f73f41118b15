import { useId, type ReactNode } from 'react'

interface CollapsibleSectionProps {
  title: string
  open: boolean
  onToggle: () => void
  /** Marks the header when a field inside has an error. */
  invalid?: boolean
  children: ReactNode
}

/** A section of the configuration form: a heading button (aria-expanded) that shows or hides its region. */
export function CollapsibleSection({ title, open, onToggle, invalid = false, children }: CollapsibleSectionProps) {
  const id = useId()
  const buttonId = `${id}-boton`
  const regionId = `${id}-region`
  return (
    <section className={`config-section${open ? ' config-section--open' : ''}`}>
      <h2 className="config-section__heading">
        <button
          type="button"
          id={buttonId}
          className="config-section__toggle"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={onToggle}
        >
          <span>{title}</span>
          {invalid && <span className="config-section__flag">Revise los campos</span>}
          <span className="config-section__icon" aria-hidden="true">{open ? '−' : '+'}</span>
        </button>
      </h2>
      {/* Hidden, not removed: the fields keep their values while the section is closed. */}
      <div id={regionId} role="region" aria-labelledby={buttonId} className="config-section__body" hidden={!open}>
        {children}
      </div>
    </section>
  )
}
