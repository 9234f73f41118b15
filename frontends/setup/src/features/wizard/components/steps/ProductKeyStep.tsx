import { TextField } from '../fields/TextField.tsx'

/** Step 1: the product key received with the platform. */
export function ProductKeyStep() {
  return (
    <>
      <p>Escriba la clave del producto que recibió junto con la plataforma.</p>
      <TextField name="productKey" label="Clave del producto" autoComplete="off" />
    </>
  )
}
