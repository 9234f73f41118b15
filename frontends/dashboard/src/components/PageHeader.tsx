import type { ReactNode } from 'react'
import './page-header.css'

/** A screen's title row with optional actions on the right (e.g. the 'Agregar' link). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1 className="page-header__title">{title}</h1>
      {children && <div className="page-header__actions">{children}</div>}
    </header>
  )
}
