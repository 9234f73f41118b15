import { z } from 'zod'
import { idSchema } from '../rules.ts'
import { timestampsShape } from './common.ts'
import { historicalEventSchema } from './historical.ts'

/** Names of the static pages (routes /about, /notice-of-privacy, /terms-and-conditions). */
export const pageNames = ['about-us', 'notice-of-privacy', 'terms-and-conditions'] as const
export const pageNameSchema = z.enum(pageNames)
export type PageName = z.infer<typeof pageNameSchema>

/** A static page. `title` is not editable; `description` is sanitised rich HTML. */
export const pageSchema = z.object({
  _id: idSchema,
  name: pageNameSchema,
  title: z.string(),
  description: z.string(),
  active: z.boolean(),
  historical: z.array(historicalEventSchema).optional(),
  ...timestampsShape,
})
export type Page = z.infer<typeof pageSchema>
