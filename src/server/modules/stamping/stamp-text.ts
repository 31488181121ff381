/**
 * What a stamp says and how much a file may inflate to: shared by the worker that stamps
 * (stamp-pdf.ts) and the server that starts it (stamp-runner.ts), which so never loads pdf-lib
 * and fontkit itself (about 0.45 CPU seconds of every start's module loading).
 */

/** What a file's object streams may inflate to in all (the thread's memory cap lowers it). */
export const DEFAULT_MAX_DECODED_BYTES = 64 * 1024 * 1024

export interface StampText {
  name: string
  email: string
  orderId: string
}
