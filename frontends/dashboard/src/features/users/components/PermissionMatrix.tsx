import { isReadOnlyModule } from '@donaciones/contracts'
import type { MatrixRow } from '../lib/permission-matrix.ts'
import './users.css'

type Action = 'read' | 'create' | 'update'
const ACTIONS: { action: Action; label: string }[] = [
  { action: 'read', label: 'Leer' },
  { action: 'create', label: 'Crear' },
  { action: 'update', label: 'Actualizar' },
]

/**
 * The permissions of a restricted administrator (spec §4, §6): one row per module, Leer / Crear /
 * Actualizar. Ticking Crear or Actualizar forces Leer on and disables it. Read-only modules
 * (Donaciones) offer Leer alone: their Crear and Actualizar cells say 'No aplica'.
 */
export function PermissionMatrix({ rows, onChange, disabled }: { rows: MatrixRow[]; onChange: (rows: MatrixRow[]) => void; disabled?: boolean }) {
  const set = (index: number, action: Action, value: boolean) => {
    onChange(
      rows.map((row, position) => {
        if (position !== index) return row
        const next = { ...row, [action]: value }
        return { ...next, read: next.read || next.create || next.update }
      }),
    )
  }
  return (
    <div className="permission-matrix__frame">
      <table className="permission-matrix">
        <caption>Permisos</caption>
        <thead>
          <tr>
            <th scope="col">Módulo</th>
            {ACTIONS.map(({ label }) => (
              <th key={label} scope="col">{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.module.name}>
              <th scope="row">{row.module.label}</th>
              {ACTIONS.map(({ action, label }) => {
                if (action !== 'read' && isReadOnlyModule(row.module.name)) {
                  return (
                    <td key={action} className="permission-matrix__none">
                      No aplica
                    </td>
                  )
                }
                const forced = action === 'read' && (row.create || row.update)
                return (
                  <td key={action}>
                    <input
                      type="checkbox"
                      aria-label={`${label} ${row.module.label}`}
                      checked={action === 'read' ? row.read || forced : row[action]}
                      disabled={disabled || forced}
                      onChange={(event) => set(index, action, event.target.checked)}
                    />
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="permission-matrix__hint">Al marcar Crear o Actualizar, Leer se activa automáticamente. Donaciones solo admite Leer.</p>
    </div>
  )
}
