import type { Category } from '@donaciones/contracts'
import { exportRecords, putRecordStatus } from '../../../api/records.ts'

/** API collection of categories (spec §7). */
export const CATEGORIES_PATH = '/categories'

export const toggleCategory = (id: string, active: boolean, description: string) => putRecordStatus<Category>(CATEGORIES_PATH, id, active, description)
export const exportCategories = (ids: string[]) => exportRecords(CATEGORIES_PATH, ids, 'categories')
