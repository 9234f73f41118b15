import { optionListSchema } from './common.ts'

/** GET /options/categories (active categories as value/label). */
export const categoryOptionsResponseSchema = optionListSchema
/** GET /options/institutions (active institutions as value/label). */
export const institutionOptionsResponseSchema = optionListSchema
