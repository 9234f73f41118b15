interface TablePagerProps {
  page: number
  totalPages: number
  /** Records in the whole list, once known. */
  total: number | undefined
  loading: boolean
  onPage: (page: number) => void
}

/** 'Anterior' / 'Página n de m (k registros)' / 'Siguiente' under a server-paginated table. */
export function TablePager({ page, totalPages, total, loading, onPage }: TablePagerProps) {
  return (
    <nav className="donation-table__pager" aria-label="Paginación">
      <button type="button" className="kit-button kit-button--secondary" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
        Anterior
      </button>
      <span aria-live="polite">
        Página {page} de {totalPages}
        {total !== undefined && ` (${total} ${total === 1 ? 'registro' : 'registros'})`}
      </span>
      <button type="button" className="kit-button kit-button--secondary" disabled={page >= totalPages || loading || total === undefined} onClick={() => onPage(page + 1)}>
        Siguiente
      </button>
    </nav>
  )
}
