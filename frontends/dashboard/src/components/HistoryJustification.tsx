import './history-rows.css'

/** What a change-history entry says the change's justification was: the same wording in every history list. */
export const NO_JUSTIFICATION = 'Sin justificación'

/** Who made a change-history entry when no author was recorded: the same wording in every history list. */
export const UNKNOWN_AUTHOR = 'Autor desconocido'

/**
 * A history entry's justification, labelled for screen readers; a change without one (a creation,
 * a change the system made) says so instead of an empty label.
 */
export function HistoryJustification({ description }: { description: string }) {
  if (!description.trim()) return <span className="history-justification--none">{NO_JUSTIFICATION}</span>
  return (
    <>
      <span className="kit-visually-hidden">Justificación: </span>
      {description}
    </>
  )
}
