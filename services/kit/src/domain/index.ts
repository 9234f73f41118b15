export { Refusal, refuse, type RefusalReason } from './refusal.ts'
