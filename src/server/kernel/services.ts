/**
 * Every module's service, as `app.services` holds them. Empty here: each module's definition
 * (`modules/<m>/<m>.module.ts`) adds what it provides by declaration merging, beside the code
 * that builds it, so the type comes from the definitions and no list is kept by hand.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}

export type ServiceName = keyof Services
