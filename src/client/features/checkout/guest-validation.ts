import { GuestCustomerData, type GuestCustomerDataInput } from '../../../contracts/checkout'

/** The guest form as typed; `acceptTerms` is the terms checkbox. */
export interface GuestFormValues {
  firstName: string
  lastName: string
  email: string
  whatsapp: string
  address: string
  password: string
  createAccount: boolean
  acceptTerms: boolean
}

export type GuestField = keyof GuestFormValues

/** The whole checkout form: a guest's data as the API's `customerData`, and the payer's CPF. */
export interface CheckoutFormValues {
  customerData: GuestFormValues
  taxId: string
  /** 'Quero receber novidades e promoções por e-mail': unticked until she ticks it. */
  newsletter: boolean
  /** 'Quero nota fiscal' and the document it goes to (sent as `invoice` only when ticked). */
  wantsInvoice: boolean
  invoice: { taxId: string; companyName: string }
}

/** What the API takes as `customerData`: no address when blank, no password without an account. */
export function guestInput(values: GuestFormValues): GuestCustomerDataInput {
  return {
    ...values,
    address: values.address || undefined,
    password: values.createAccount ? values.password : undefined,
  }
}

/**
 * A guest starts without an account: she ticks 'Criar minha conta' herself (the API's own
 * default, for callers that do not say, stays SPEC.md's).
 */
export const EMPTY_GUEST_FORM: GuestFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  whatsapp: '',
  address: '',
  password: '',
  createAccount: false,
  acceptTerms: false,
}

const LABELS: Partial<Record<GuestField, string>> = {
  firstName: 'Nome',
  lastName: 'Sobrenome',
  email: 'Email',
  whatsapp: 'WhatsApp',
  address: 'Endereço',
  password: 'Senha',
  acceptTerms: 'Termos e condições',
}

/** Field order of the form: the first invalid one gets the focus. */
export const GUEST_FIELD_ORDER: GuestField[] = [
  'firstName',
  'lastName',
  'email',
  'whatsapp',
  'address',
  'password',
  'acceptTerms',
]

export type GuestValidation =
  | { ok: true; data: GuestCustomerDataInput }
  | { ok: false; errors: Partial<Record<GuestField, string>>; title: string; summary: string }

/** The contract's schema (SPEC.md section 5 messages), one message per field. */
export function validateGuest(values: GuestFormValues): GuestValidation {
  const input = guestInput(values)
  const result = GuestCustomerData.safeParse(input)
  if (result.success) return { ok: true, data: input }
  const errors: Partial<Record<GuestField, string>> = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as GuestField
    errors[field] ??= issue.message
  }
  // A field left blank is "to fill"; one filled but wrong is named with what is wrong with it.
  const wrong = GUEST_FIELD_ORDER.filter((f) => errors[f])
  const isBlank = (f: GuestField) => {
    const value = values[f]
    return typeof value === 'string' ? value.trim() === '' : !value
  }
  const missing = wrong.filter(isBlank).map((f) => LABELS[f] ?? f)
  const invalid = wrong.filter((f) => !isBlank(f)).map((f) => errors[f]!)
  const parts = [
    ...(missing.length
      ? [`Por favor, preencha todos os campos obrigatórios: ${missing.join(', ')}`]
      : []),
    ...invalid,
  ]
  return {
    ok: false,
    errors,
    title: missing.length ? 'Dados incompletos' : 'Confira os dados',
    summary: parts.join('. '),
  }
}
