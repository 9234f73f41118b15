import { CATEGORY_DESCRIPTION_MAX, CATEGORY_TITLE_MAX } from '@donaciones/contracts'
import { TextField } from '../fields/TextField.tsx'

/** Step 14: the first campaign category. */
export function CategoryStep() {
  return (
    <>
      <p>Las campañas se agrupan en categorías. Cree la primera; podrá agregar más desde el panel.</p>
      <TextField name="category.title" label="Título de la categoría" max={CATEGORY_TITLE_MAX} />
      <TextField name="category.description" label="Descripción de la categoría" max={CATEGORY_DESCRIPTION_MAX} multiline />
    </>
  )
}
