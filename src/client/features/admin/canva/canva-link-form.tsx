import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Button } from '../../../ui/button'
import { Field } from '../../../ui/field'
import { toast } from '../../../ui/toast-store'
import { adminKeys, lightProductsQuery } from '../admin.queries'
import { addCanvaLink, refreshProducts } from '../admin.mutations'

/**
 * Adds a product's Canva link for real (SPEC.md's screen only showed a toast): the product
 * carries it from now on, and its earlier buyers get it at once (decision 007).
 */
export function CanvaLinkForm() {
  const products = useQuery(lightProductsQuery())
  const queryClient = useQueryClient()
  const [values, setValues] = useState({ productId: '', templateId: '', linkUrl: '' })
  const add = useMutation({
    mutationFn: addCanvaLink,
    onSuccess: (link) => {
      toast({
        title: 'Link adicionado!',
        description: `Quem comprou ${link.product?.name ?? 'o produto'} já recebe este link.`,
        variant: 'success',
      })
      setValues({ productId: '', templateId: '', linkUrl: '' })
      void queryClient.invalidateQueries({ queryKey: adminKeys.canvaLinks() })
      refreshProducts(queryClient)
    },
    onError: (error) =>
      toast({
        title: 'Erro ao adicionar link',
        description: error.message,
        variant: 'destructive',
      }),
  })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    add.mutate({
      productId: Number(values.productId),
      templateId: values.templateId.trim(),
      linkUrl: values.linkUrl.trim(),
    })
  }

  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }))

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="Adicionar link Canva">
      <div>
        <label htmlFor="canva-product" className="block text-sm font-semibold text-gray-800">
          Produto
        </label>
        <select
          id="canva-product"
          name="productId"
          required
          value={values.productId}
          onChange={set('productId')}
          className="mt-1 block h-11 w-full rounded-xl border-2 border-purple-100 bg-white px-3 text-base focus:border-purple-500 focus:outline-none"
        >
          <option value="">{products.isPending ? 'Carregando...' : 'Escolha o produto'}</option>
          {products.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {products.error && <p className="mt-1 text-sm text-red-700">{products.error.message}</p>}
      </div>
      <Field
        name="templateId"
        id="canva-template-id"
        label="ID do modelo (opcional)"
        placeholder="DAGxxxxxxx"
        value={values.templateId}
        onChange={set('templateId')}
      />
      <Field
        name="linkUrl"
        id="canva-link-url"
        label="Link do modelo"
        type="url"
        inputMode="url"
        required
        placeholder="https://www.canva.com/design/.../view"
        value={values.linkUrl}
        onChange={set('linkUrl')}
      />
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adicionando...' : 'Adicionar link'}
      </Button>
    </form>
  )
}
