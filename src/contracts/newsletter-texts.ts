// The opt-in's words without zod: the footer (on every page, the home page's included) imports
// them, and the home page's script carries no schema.

/** The opt-in's words, the same at checkout, at sign-up and in the footer (LGPD: unticked). */
export const NEWSLETTER_CONSENT_LABEL = 'Quero receber novidades e promoções por e-mail'
