export {
  clearAttempts,
  createAttemptTable,
  forgiveAttempt,
  recordAttempt,
  takeAttempt,
  type AttemptLimit,
  type AttemptRow,
  type AttemptVerdict,
  type TakeAttemptOptions,
} from './attempt-limits.ts'
