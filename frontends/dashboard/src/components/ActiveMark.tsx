import './record-view.css'

/** Spec §2.5: active as a green check, inactive as a red cross, with the text 'Activo'/'Inactivo' for assistive technology. */
export function ActiveMark({ active }: { active: boolean }) {
  return (
    <span className={`active-mark active-mark--${active ? 'on' : 'off'}`} title={active ? 'Activo' : 'Inactivo'}>
      <span aria-hidden="true">{active ? '✔' : '✖'}</span>
      <span className="kit-visually-hidden">{active ? 'Activo' : 'Inactivo'}</span>
    </span>
  )
}
