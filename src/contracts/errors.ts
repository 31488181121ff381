import { z } from 'zod'

/**
 * Every error the API answers, whatever its status (4xx, 5xx): one message fit to show the user,
 * in Portuguese. The server's error handler is the only place that writes it.
 */
export const ErrorAnswer = z.object({ message: z.string() })
export type ErrorAnswer = z.infer<typeof ErrorAnswer>
