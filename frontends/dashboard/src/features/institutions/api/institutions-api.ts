import type { Institution } from '@donaciones/contracts'
import { exportRecords, putRecordStatus } from '../../../api/records.ts'

/** API collection of institutions (spec §7). */
export const INSTITUTIONS_PATH = '/institutions'

export const toggleInstitution = (id: string, active: boolean, description: string) =>
  putRecordStatus<Institution>(INSTITUTIONS_PATH, id, active, description)
export const exportInstitutions = (ids: string[]) => exportRecords(INSTITUTIONS_PATH, ids, 'institutions')
