import './menu.css'

/** /dashboard/donadora: 'Tips para hacer donaciones' with filler text and an external 'Ver más' link (spec §2.5). */
export function DonorTipsPage() {
  return (
    <article className="donor-tips" aria-labelledby="donor-tips-title">
      <h1 id="donor-tips-title">Tips para hacer donaciones</h1>
      <p>
        Antes de donar, conozca la causa: lea la descripción de la campaña, revise la institución que la respalda y
        verifique cuánto falta para alcanzar la meta.
      </p>
      <ul>
        <li>Elija el medio de pago que le resulte más cómodo: tarjeta, PayPal o efectivo en OXXO.</li>
        <li>Conserve su comprobante o la referencia de pago hasta que la donación se vea reflejada.</li>
        <li>Comparta la campaña con sus conocidos: cada aportación cuenta.</li>
        <li>Las donaciones pequeñas y constantes también hacen una gran diferencia.</li>
      </ul>
      <p>
        <a className="kit-button" href="https://www.gob.mx/sat/acciones-y-programas/donatarias-autorizadas" target="_blank" rel="noopener noreferrer">
          Ver más<span className="kit-visually-hidden"> (se abre en una pestaña nueva)</span>
        </a>
      </p>
    </article>
  )
}
