import { FormFrame } from '../features/admin/product-form/form-frame'
import { RequireAdmin } from '../features/auth/require-admin'
import { Button } from '../ui/button'
import { Field } from '../ui/field'
import { toast } from '../ui/toast-store'

/** /teste-simples: proves the page, styles and scripts load; the form sends nothing. */
export default function SimpleTestPage() {
  return (
    <RequireAdmin>
      <FormFrame
        title="Teste simples"
        intro="Se você está vendo esta página com cores e botões, o site carregou corretamente."
        back="/acesso-cadastro"
      >
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault()
            toast({ title: 'Formulário de teste', description: 'Nada foi enviado.' })
          }}
        >
          <Field name="teste-nome" label="Nome (teste)" />
          <Field name="teste-preco" label="Preço (teste)" type="number" step="0.01" />
          <Button type="submit">Testar (não envia)</Button>
        </form>
      </FormFrame>
    </RequireAdmin>
  )
}
