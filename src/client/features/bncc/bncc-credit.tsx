/**
 * The credit the BNCC data's licence asks for (CC BY 4.0), shown wherever its texts are
 * (modules/bncc/bncc-dados/README.md).
 */
export function BnccCredit() {
  return (
    <p className="text-xs text-gray-500" data-testid="bncc-credit">
      Textos da BNCC (Base Nacional Comum Curricular, MEC). Dados:{' '}
      <a
        href="https://github.com/bncc-dev/bncc-dados"
        className="underline"
        rel="noopener noreferrer"
        target="_blank"
      >
        bncc.dev (mantido pela Profy)
      </a>
      , licença CC BY 4.0.
    </p>
  )
}
