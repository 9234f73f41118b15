interface CarouselControlsProps {
  /** What is being moved, for the Spanish labels: 'campaña destacada', 'campañas'. */
  subject: string
  previous: () => void
  next: () => void
  paused: boolean
  togglePause: () => void
}

/** Previous, pause/resume and next buttons of a carousel. */
export function CarouselControls({ subject, previous, next, paused, togglePause }: CarouselControlsProps) {
  return (
    <div className="public-carousel__controls">
      <button type="button" className="public-carousel__button" onClick={previous} aria-label={`Anterior: ${subject}`}>
        <span aria-hidden="true">‹</span>
      </button>
      <button type="button" className="public-carousel__button" onClick={togglePause} aria-label={paused ? `Reanudar ${subject}` : `Pausar ${subject}`}>
        <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
      </button>
      <button type="button" className="public-carousel__button" onClick={next} aria-label={`Siguiente: ${subject}`}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  )
}
