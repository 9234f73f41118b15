import { INSTITUTION_DESCRIPTION_MAX, INSTITUTION_NAME_MAX, institutionInputSchema } from '@donaciones/contracts'
import { CatalogFormPage, type CatalogFormConfig } from '../../../components/CatalogFormPage.tsx'
import { INSTITUTIONS_PATH } from '../api/institutions-api.ts'
import { INSTITUTION_ROUTES } from '../lib/routes.ts'

const config: CatalogFormConfig = {
  apiPath: INSTITUTIONS_PATH,
  loadAction: 'LOAD_INSTITUTION',
  schema: institutionInputSchema,
  labelField: 'name',
  labelText: 'Nombre',
  labelMax: INSTITUTION_NAME_MAX,
  descriptionMax: INSTITUTION_DESCRIPTION_MAX,
  titles: { create: 'Nueva institución', edit: 'Editar institución' },
  routes: INSTITUTION_ROUTES,
}

/** /dashboard/institution/create and /dashboard/institution/edit/:id. */
export function InstitutionFormPage({ mode }: { mode: 'create' | 'edit' }) {
  return <CatalogFormPage mode={mode} config={config} />
}
