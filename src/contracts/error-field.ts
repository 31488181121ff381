/**
 * The header a 400 carries naming the body field it refuses (`customerData.email`), so a form
 * shows the message under that field. A header, not a body key: every error body stays exactly
 * `{ message }`. Alone in its file: the client's framework chunk takes it without zod.
 */
export const ERROR_FIELD_HEADER = 'x-error-field'
