import type { Institution, InstitutionInput } from '@donaciones/contracts'
import { createRecord, exportRecords, toggleRecord, updateRecord } from '../../../hooks/record-mutations.ts'

/** API collection of institutions (spec §7). */
export const INSTITUTIONS_PATH = '/institutions'
export const INSTITUTION_ROUTES = {
  list: '/dashboard/institution/list',
  create: '/dashboard/institution/create',
  view: (id: string) => `/dashboard/institution/view/${id}`,
  edit: (id: string) => `/dashboard/institution/edit/${id}`,
}

export const createInstitution = (input: InstitutionInput) => createRecord<Institution>(INSTITUTIONS_PATH, input)
export const updateInstitution = (id: string, input: InstitutionInput) => updateRecord<Institution>(INSTITUTIONS_PATH, id, input)
export const toggleInstitution = (id: string, active: boolean) => toggleRecord<Institution>(INSTITUTIONS_PATH, id, active)
export const exportInstitutions = (ids: string[]) => exportRecords(INSTITUTIONS_PATH, ids, 'institutions')
