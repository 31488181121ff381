import { useState } from 'react'
import { copyText } from '../../lib/copy-text'
import { Button } from '../../ui/button'
import { toast } from '../../ui/toast-store'

/** The PIX copy-paste code and its copy button: on a phone this is how the bank app gets it. */
export function PixCodeBox({ code }: { code: string }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    if (await copyText(code)) {
      setCopied(true)
      setTimeout(() => setCopied(false), 2500)
      toast({
        title: 'Código PIX copiado!',
        description: 'Abra o app do seu banco e cole na opção PIX Copia e Cola.',
        variant: 'success',
        duration: 3000,
      })
    } else {
      toast({
        title: 'Não foi possível copiar',
        description: 'Toque e segure o código para copiá-lo manualmente.',
        variant: 'destructive',
      })
    }
  }

  return (
    <div>
      <p id="pix-code-label" className="text-sm font-semibold text-gray-800">
        PIX Copia e Cola
      </p>
      <p
        data-testid="pix-code"
        aria-labelledby="pix-code-label"
        className="mt-1 max-h-24 overflow-y-auto rounded-xl border border-purple-100 bg-purple-50/60 p-3 font-mono text-xs leading-relaxed break-all text-gray-800 select-all"
      >
        {code}
      </p>
      <Button
        data-testid="pix-copy"
        variant="success"
        size="lg"
        className="mt-3 w-full"
        onClick={() => void copy()}
      >
        {copied ? '✓ Código copiado' : 'Copiar código'}
      </Button>
    </div>
  )
}
