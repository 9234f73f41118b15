import type { Institution } from '@donaciones/contracts'
import { exportRecords, toggleRecord } from '../../../hooks/record-mutations.ts'

/** API collection of institutions (spec §7). */
export const INSTITUTIONS_PATH = '/institutions'
export const INSTITUTION_ROUTES = {
  list: '/dashboard/institution/list',
  create: '/dashboard/institution/create',
  view: (id: string) => `/dashboard/institution/view/${id}`,
  edit: (id: string) => `/dashboard/institution/edit/${id}`,
}

export const toggleInstitution = (id: string, active: boolean) => toggleRecord<Institution>(INSTITUTIONS_PATH, id, active)
export const exportInstitutions = (ids: string[]) => exportRecords(INSTITUTIONS_PATH, ids, 'institutions')
