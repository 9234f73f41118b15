import type { Category } from '@donaciones/contracts'
import { exportRecords, toggleRecord } from '../../../hooks/record-mutations.ts'

/** API collection of categories (spec §7). */
export const CATEGORIES_PATH = '/categories'
export const CATEGORY_ROUTES = {
  list: '/dashboard/category/list',
  create: '/dashboard/category/create',
  view: (id: string) => `/dashboard/category/view/${id}`,
  edit: (id: string) => `/dashboard/category/edit/${id}`,
}

export const toggleCategory = (id: string, active: boolean) => toggleRecord<Category>(CATEGORIES_PATH, id, active)
export const exportCategories = (ids: string[]) => exportRecords(CATEGORIES_PATH, ids, 'categories')
