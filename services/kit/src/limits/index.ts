export {
  clearAttempts,
  clearAttemptsStartingWith,
  countAttempts,
  createAttemptTable,
  forgiveAttempt,
  recordAttempt,
  takeAttempt,
  takeAttemptIn,
  type AttemptLimit,
  type AttemptRow,
  type AttemptVerdict,
  type TakeAttemptOptions,
} from './attempt-limits.ts'
