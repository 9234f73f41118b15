import { CATEGORY_DESCRIPTION_MAX, CATEGORY_TITLE_MAX, categoryInputSchema } from '@donaciones/contracts'
import { CatalogFormPage, type CatalogFormConfig } from '../../../components/CatalogFormPage.tsx'
import { CATEGORIES_PATH } from '../api/categories-api.ts'
import { CATEGORY_ROUTES } from '../lib/routes.ts'

const config: CatalogFormConfig = {
  apiPath: CATEGORIES_PATH,
  loadAction: 'LOAD_CATEGORY',
  schema: categoryInputSchema,
  labelField: 'title',
  labelText: 'Título',
  labelMax: CATEGORY_TITLE_MAX,
  descriptionMax: CATEGORY_DESCRIPTION_MAX,
  titles: { create: 'Nueva categoría', edit: 'Editar categoría' },
  routes: CATEGORY_ROUTES,
}

/** /dashboard/category/create and /dashboard/category/edit/:id. */
export function CategoryFormPage({ mode }: { mode: 'create' | 'edit' }) {
  return <CatalogFormPage mode={mode} config={config} />
}
