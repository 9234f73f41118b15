import type { z } from 'zod'

export interface IssueDescription {
  path: string
  message: string
}

/** Flattens a zod error for the `errors` field of an error response: path joined with '.'. */
export function describeIssues(error: z.ZodError): IssueDescription[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((segment) => String(segment)).join('.'),
    message: issue.message,
  }))
}
