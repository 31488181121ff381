import type { InputHTMLAttributes, Ref } from 'react'
import { NEWSLETTER_CONSENT_LABEL } from '../../contracts/newsletter-texts'

/**
 * The newsletter opt-in (LGPD): never ticked for her, with what it means beside it. Checkout
 * and sign-up send `newsletter: true` only when it is.
 */
export function ConsentCheckbox({
  id,
  ref,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; ref?: Ref<HTMLInputElement> }) {
  return (
    <label htmlFor={id} className="flex items-start gap-3 text-sm text-gray-700">
      <input
        id={id}
        ref={ref}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-purple-600"
        data-testid="newsletter-consent"
        {...input}
      />
      <span>
        {NEWSLETTER_CONSENT_LABEL}
        <span className="block text-xs text-gray-500">
          Confirmamos por e-mail antes de enviar. Cancele quando quiser, com um toque.
        </span>
      </span>
    </label>
  )
}
