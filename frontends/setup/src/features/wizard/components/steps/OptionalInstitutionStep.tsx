import { INSTITUTION_DESCRIPTION_MAX, INSTITUTION_NAME_MAX } from '@donaciones/contracts'
import { DonationHistoryChart } from '@donaciones/web-kit/chart'
import { TextField } from '../fields/TextField.tsx'

/** Step 15: an optional allied institution; this step saves the whole configuration. */
export function OptionalInstitutionStep() {
  return (
    <>
      <p>
        Si sus campañas apoyan a una institución aliada, regístrela aquí. Este paso es opcional: puede omitirlo y guardar la
        configuración.
      </p>
      <TextField name="institution.name" label="Nombre de la institución aliada" max={INSTITUTION_NAME_MAX} />
      <TextField name="institution.description" label="Descripción de la institución aliada" max={INSTITUTION_DESCRIPTION_MAX} multiline />
      <aside className="setup-preview" aria-label="Vista previa del panel">
        <p>Así se verá en el panel el histórico de donaciones; se llenará cuando su sitio reciba las primeras donaciones.</p>
        <DonationHistoryChart points={[]} />
      </aside>
    </>
  )
}
