import type { ChangeEvent } from 'react'
import { Field } from './field'

/** Whether what the buyer typed is a whole 6-digit code (spaces allowed, as e-mails group them). */
export const isWholeCode = (code: string) => code.replace(/\s/g, '').length === 6

/**
 * The 6-digit code an e-mail carries (guest access, account verification): a phone's numeric
 * keypad, and the code offered by the phone from the e-mail it just read.
 */
export function CodeField(props: {
  name: string
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  return (
    <Field
      name={props.name}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      label="Código de 6 números"
      value={props.value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => props.onChange(e.target.value)}
      error={props.error}
    />
  )
}
