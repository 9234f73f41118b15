import { useMemo } from 'react'
import { useQuery } from '@donaciones/web-kit'
import { API_DOCUMENT_PATH, fetchApiDocument } from '../api/api-document.ts'
import { referenceGroups, searchGroups, type ReferenceGroup } from '../lib/api-reference.ts'

/** The API document, its operations grouped by tag and narrowed to `search`. */
export function useApiReference(search: string) {
  const query = useQuery(API_DOCUMENT_PATH, fetchApiDocument)
  const groups = useMemo<ReferenceGroup[]>(() => (query.data ? referenceGroups(query.data) : []), [query.data])
  const shown = useMemo(() => searchGroups(groups, search), [groups, search])
  const total = useMemo(() => groups.reduce((count, group) => count + group.operations.length, 0), [groups])
  return { ...query, groups: shown, total }
}
