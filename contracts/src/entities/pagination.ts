import { z } from 'zod'

/** Pagination info of the public campaign scroll and search (spec §3). */
export const paginationInfoSchema = z.object({
  totalDocs: z.number().int().min(0),
  limit: z.number().int().min(1),
  totalPages: z.number().int().min(0),
  page: z.number().int().min(1),
  nextPage: z.number().int().min(1).nullable(),
  searchValue: z.string().optional(),
})
export type PaginationInfo = z.infer<typeof paginationInfoSchema>

/** A page of documents with its pagination info. */
export function paginatedSchema<T extends z.ZodType>(doc: T) {
  return paginationInfoSchema.extend({ docs: z.array(doc) })
}
