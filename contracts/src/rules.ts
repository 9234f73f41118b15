/** Reusable field schemas carrying the exact Spanish messages of spec §5. */
export * from './rules/text.ts'
export * from './rules/password.ts'
export * from './rules/numbers.ts'
export * from './rules/payment.ts'
export * from './rules/choices.ts'
export * from './rules/search.ts'
export * from './rules/goal.ts'
export * from './rules/schedule.ts'
