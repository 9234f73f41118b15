import { Fragment, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react'
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ExpandedState,
  type FilterFn,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table'
import { cellText, matchesSearch } from '../lib/table-search.ts'
import './data-table.css'

/** One column: `value` feeds sorting and the search; `cell` (optional) renders it. */
export interface DataColumn<T> {
  id: string
  header: string
  value: (row: T) => string | number | boolean | Date | null | undefined
  cell?: (row: T) => ReactNode
  /** Default true. */
  sortable?: boolean
}

export interface DataTableProps<T> {
  /** Accessible name of the table (also its caption), e.g. 'Lista de instituciones'. */
  label: string
  columns: DataColumn<T>[]
  /** The records; undefined while loading ('Cargando datos...'). */
  rows: T[] | undefined
  getRowId: (row: T) => string
  /** Text naming a row in control labels ('Seleccionar Cruz Roja'). */
  rowLabel: (row: T) => string
  /** Row click / Enter: opens the record's view. */
  onOpen?: (row: T) => void
  /** Download button: receives the selected ids, or [] for 'Descargar todo'. Hidden when absent. */
  onExport?: (ids: string[]) => void | Promise<void>
  /** Row expansion (the record's history): a toggle per row when given. */
  renderExpanded?: (row: T) => ReactNode
  /** Label of the expansion toggle (default 'Ver cambios'). */
  expandLabel?: string
  /** Extra controls shown next to the search (e.g. the 'Agregar' link). */
  toolbar?: ReactNode
  pageSizes?: number[]
}

const searchAll: FilterFn<unknown> = (row, columnId, filter: string) => matchesSearch(row.getValue(columnId), filter)

/**
 * The generic list of spec §2.5: search ('Buscar'), sortable headers (aria-sort), pagination,
 * row click / Enter opens the view, selectable rows, 'Descargar selección'/'Descargar todo',
 * 'Sin datos disponibles' / 'Cargando datos...' and a per-row expansion.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  getRowId,
  rowLabel,
  onOpen,
  onExport,
  renderExpanded,
  expandLabel = 'Ver cambios',
  toolbar,
  pageSizes = [10, 25, 50],
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>([])
  const [globalFilter, setGlobalFilter] = useState('')
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({})
  const [expanded, setExpanded] = useState<ExpandedState>({})
  const [exporting, setExporting] = useState(false)

  const columnDefs = useMemo<ColumnDef<T, unknown>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: T) => {
          const value = column.value(row)
          return value instanceof Date ? value.getTime() : value
        },
        enableSorting: column.sortable ?? true,
        sortUndefined: 'last',
        cell: (context) => (column.cell ? column.cell(context.row.original) : cellText(context.getValue())),
      })),
    [columns],
  )

  const table = useReactTable<T>({
    data: rows ?? [],
    columns: columnDefs,
    state: { sorting, globalFilter, rowSelection, expanded },
    getRowId: (row) => getRowId(row),
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onRowSelectionChange: setRowSelection,
    onExpandedChange: setExpanded,
    globalFilterFn: searchAll as FilterFn<T>,
    getColumnCanGlobalFilter: () => true,
    enableRowSelection: true,
    getRowCanExpand: () => Boolean(renderExpanded),
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: true,
    initialState: { pagination: { pageIndex: 0, pageSize: pageSizes[0] ?? 10 } },
  })

  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id])
  const pageRows = table.getRowModel().rows
  const extraColumns = 1 + (renderExpanded ? 1 : 0)
  const columnCount = columns.length + extraColumns
  const pageCount = Math.max(table.getPageCount(), 1)
  const { pageIndex, pageSize } = table.getState().pagination

  const open = (row: T) => onOpen?.(row)
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault()
      open(row)
    }
  }
  const download = async () => {
    if (!onExport) return
    setExporting(true)
    try {
      await onExport(selectedIds)
    } catch {
      // The kit already showed the failure as a warning toast.
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="data-table">
      <div className="data-table__toolbar">
        <label className="data-table__search">
          <span className="kit-visually-hidden">Buscar</span>
          <input
            type="search"
            className="kit-input"
            placeholder="Buscar"
            value={globalFilter}
            onChange={(event) => setGlobalFilter(event.target.value)}
          />
        </label>
        <div className="data-table__tools">
          {onExport && (
            <button type="button" className="kit-button kit-button--secondary" onClick={() => void download()} disabled={exporting || rows === undefined}>
              {selectedIds.length > 0 ? 'Descargar selección' : 'Descargar todo'}
            </button>
          )}
          {toolbar}
        </div>
      </div>
      <div className="data-table__scroll">
        <table className="data-table__table">
          <caption className="kit-visually-hidden">{label}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                <th scope="col" className="data-table__narrow">
                  <input
                    type="checkbox"
                    aria-label="Seleccionar todas las filas"
                    checked={table.getIsAllRowsSelected()}
                    ref={(input) => {
                      if (input) input.indeterminate = table.getIsSomeRowsSelected()
                    }}
                    onChange={table.getToggleAllRowsSelectedHandler()}
                    disabled={!rows || rows.length === 0}
                  />
                </th>
                {renderExpanded && (
                  <th scope="col" className="data-table__narrow">
                    <span className="kit-visually-hidden">{expandLabel}</span>
                  </th>
                )}
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted()
                  const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'
                  const title = flexRender(header.column.columnDef.header, header.getContext())
                  return (
                    <th key={header.id} scope="col" {...(header.column.getCanSort() && { 'aria-sort': ariaSort })}>
                      {header.column.getCanSort() ? (
                        <button type="button" className="data-table__sort" onClick={header.column.getToggleSortingHandler()}>
                          {title}
                          <span aria-hidden="true" className="data-table__sort-icon">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows === undefined ? (
              <tr>
                <td colSpan={columnCount} className="data-table__state" role="status">Cargando datos...</td>
              </tr>
            ) : pageRows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="data-table__state">Sin datos disponibles</td>
              </tr>
            ) : (
              pageRows.map((row) => {
                const name = rowLabel(row.original)
                const isExpanded = row.getIsExpanded()
                const detailId = `detalle-${row.id}`
                return (
                  <Fragment key={row.id}>
                    <tr
                      className={`data-table__row${onOpen ? ' data-table__row--link' : ''}${row.getIsSelected() ? ' data-table__row--selected' : ''}`}
                      {...(onOpen && { tabIndex: 0, onClick: () => open(row.original), onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => onRowKey(event, row.original) })}
                    >
                      <td className="data-table__narrow" onClick={(event) => event.stopPropagation()}>
                        <input
                          type="checkbox"
                          aria-label={`Seleccionar ${name}`}
                          checked={row.getIsSelected()}
                          onChange={row.getToggleSelectedHandler()}
                        />
                      </td>
                      {renderExpanded && (
                        <td className="data-table__narrow" onClick={(event) => event.stopPropagation()}>
                          <button
                            type="button"
                            className="data-table__expand"
                            aria-expanded={isExpanded}
                            aria-controls={detailId}
                            aria-label={`${expandLabel}: ${name}`}
                            onClick={row.getToggleExpandedHandler()}
                          >
                            <span aria-hidden="true">{isExpanded ? '−' : '+'}</span>
                          </button>
                        </td>
                      )}
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                      ))}
                    </tr>
                    {renderExpanded && isExpanded && (
                      <tr className="data-table__detail" id={detailId}>
                        <td colSpan={columnCount}>{renderExpanded(row.original)}</td>
                      </tr>
                    )}
                  </Fragment>
                )
              })
            )}
          </tbody>
        </table>
      </div>
      <nav className="data-table__pagination" aria-label="Paginación">
        <label className="data-table__page-size">
          Filas por página
          <select className="kit-input" value={pageSize} onChange={(event) => table.setPageSize(Number(event.target.value))}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>{size}</option>
            ))}
          </select>
        </label>
        <span aria-live="polite">Página {pageIndex + 1} de {pageCount}</span>
        <button type="button" className="kit-button kit-button--secondary" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
          Anterior
        </button>
        <button type="button" className="kit-button kit-button--secondary" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
          Siguiente
        </button>
      </nav>
    </div>
  )
}
