import type { z } from 'zod'

// The API as the browser sees it: each route's method, path (`:name` for a parameter), body and
// answer. Bodies and answers are named by their zod schemas from src/contracts (a plain type
// where the server sends no JSON or has no schema), at the type level only: the table itself is
// a handful of strings, so the home page's bundle carries no schema (and no zod) for it.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A schema's output (or a plain type as it is). */
type Answer<A> = A extends z.ZodType ? z.output<A> : A
/** A schema's input (or a plain type as it is): what the client sends. */
type Body<B> = B extends z.ZodType ? z.input<B> : B

export interface ApiRoute<P extends string = string, B = unknown, A = unknown> {
  readonly method: Method
  readonly path: P
  /** Types only (never set): what the route takes and answers. */
  readonly types?: { body: B; answer: A }
}

/** `'/api/orders/:id/status'` → `'id'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** The values a route's path needs, one per `:name`. */
export type PathParams<P extends string> = Record<ParamNames<P>, string | number>

export type BodyOf<R> = R extends ApiRoute<string, infer B> ? B : never
export type AnswerOf<R> = R extends ApiRoute<string, unknown, infer A> ? A : never

/**
 * A route answering `A` and taking the body `B` (schemas or types): `route<typeof Product>()('GET',
 * '/api/products/:id')`. Curried so the path keeps its literal type (for its parameters) while
 * the schemas are named by hand.
 */
export const route =
  <A = null, B = undefined>() =>
  <const P extends string>(method: Method, path: P) =>
    ({ method, path }) as ApiRoute<P, Body<B>, Answer<A>>
