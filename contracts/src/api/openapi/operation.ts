import type { z } from 'zod'
import type { ModuleName, PermissionAction } from '../../entities/permission.ts'
import type { ApiTag } from './tags.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** A role of spec §6: 0 Administrador total, 1 Administrador restringido, 2 Usuario. */
export type AccountRole = 0 | 1 | 2

/**
 * Who may call a route, as the gateway and the service check it:
 * - `public`: no session; a token sent along is not looked at.
 * - `optional`: no session needed; with a valid one the call is made as that account.
 * - `session`: any signed-in account; `passwordChange` also lets in one that must change its password.
 * - `role`: a signed-in account of one of `roles`.
 * - `permission`: role 0, or role 1 holding `action` on one of `modules`.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'optional' }
  | { kind: 'session'; passwordChange?: true }
  | { kind: 'role'; roles: readonly AccountRole[] }
  | { kind: 'permission'; modules: readonly ModuleName[]; action: PermissionAction }

/** An answer of 400 or more the route gives for a reason of its own, in Spanish. */
export interface ErrorAnswer {
  status: number
  description: string
}

/** How the route reads its body. */
export interface RequestBody {
  schema: z.ZodType
  /** Default `json`. */
  media?: 'json' | 'multipart'
  /**
   * false: the route reads the body without answering 422 for it (it refuses in another way,
   * listed in `errors`), so no validation answer is added.
   */
  validated?: false
}

/** What a successful call answers. */
export interface SuccessAnswer {
  /** Default 200. */
  status?: number
  description: string
  /** Default `json`. `xlsx`: a spreadsheet; `image`: the file's bytes; `redirect`: a `Location` header. */
  media?: 'json' | 'xlsx' | 'image' | 'redirect'
  /** The body's contract, where one exists. */
  schema?: z.ZodType
}

/** One route of the API as the document describes it. */
export interface ApiOperation {
  method: HttpMethod
  /** OpenAPI style (`/api/campaigns/{id}`); the services mount it as `/api/campaigns/:id`. */
  path: string
  tag: ApiTag
  summary: string
  description?: string
  access: RouteAccess
  /** What the access rule alone does not say (checks on the record, the setup before the first administrator). */
  accessNote?: string
  /** The path parameters' contract; a parameter it does not name is described as text. */
  params?: z.ZodObject
  /** What a path parameter `params` refuses gets instead of 422 (the route checks it itself). */
  invalidParams?: ErrorAnswer
  query?: z.ZodObject
  /** Request headers the route reads, with what each is for. */
  headers?: readonly { name: string; description: string }[]
  body?: RequestBody
  response: SuccessAnswer
  errors?: readonly ErrorAnswer[]
}
