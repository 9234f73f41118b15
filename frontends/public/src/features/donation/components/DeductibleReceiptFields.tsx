import { lazy, Suspense, useId, useLayoutEffect, useState, type RefObject } from 'react'
import { Loading } from '@donaciones/web-kit'
import type { ReadReceipt } from '../lib/channel-props.ts'

// The fields (and the validation code they need) are fetched when the donor asks for a receipt.
const ReceiptRequestForm = lazy(() => import('./ReceiptRequestForm.tsx').then((module) => ({ default: module.ReceiptRequestForm })))

const notRequested: ReadReceipt = async () => undefined

/**
 * "Quiero recibo deducible" (shown while 'Donataria autorizada' is on): ticked, it reveals the tax
 * data of the CFDI; `reader` is how the payment channels read them (checked) as the donor pays.
 */
export function DeductibleReceiptFields({ reader }: { reader: RefObject<ReadReceipt> }) {
  const [wanted, setWanted] = useState(false)
  const checkboxId = useId()
  // A layout effect, so it runs before the fields' own (passive) effect that installs their reader:
  // ticked again once their code is loaded, both mount together and the fields' reader must win.
  useLayoutEffect(() => {
    // Until the fields have loaded a ticked box reads as not yet valid; unticked, as no receipt.
    reader.current = wanted ? async () => null : notRequested
    return () => {
      reader.current = notRequested
    }
  }, [wanted, reader])
  return (
    <fieldset className="donation-receipt">
      <legend className="kit-field__label">Recibo deducible</legend>
      <div className="donation-card__privacy">
        <input id={checkboxId} type="checkbox" checked={wanted} onChange={(event) => setWanted(event.target.checked)} />
        <label htmlFor={checkboxId}>Quiero recibo deducible</label>
      </div>
      {wanted && (
        <Suspense fallback={<Loading label="Cargando datos fiscales..." />}>
          <ReceiptRequestForm reader={reader} />
        </Suspense>
      )}
    </fieldset>
  )
}
