import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/**
 * The 6-digit codes e-mailed to prove an inbox (guest access, account e-mail verification).
 * Many rows may hold the same code, so its hash is salted per row and the salt kept beside it
 * (`salt.hash`), which also keeps each stored value unique. Nothing is kept in clear.
 */
export const newSixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

export function codeHash(code: string, salt = randomBytes(12).toString('base64url')): string {
  return `${salt}.${sha256(`${salt}:${code}`)}`
}

/** Compared in constant time: the answer's timing tells nothing about the stored code. */
export function codeMatches(code: string, stored: string): boolean {
  const salt = stored.split('.')[0]!
  const given = Buffer.from(codeHash(code, salt))
  const expected = Buffer.from(stored)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** What a wrong code answers: how many tries are left, or that a new code is needed. */
export function wrongCodeMessage(left: number): string {
  return left > 0
    ? `Código incorreto. ${left === 1 ? 'Resta 1 tentativa' : `Restam ${left} tentativas`}.`
    : 'Código incorreto. As tentativas acabaram: peça um novo código.'
}
