import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { NUMBER_RULE, type WhatsappConfig } from '../../../../contracts/messaging'
import { Button } from '../../../ui/button'
import { Field } from '../../../ui/field'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { whatsappConfigQuery } from '../admin.queries'
import { useSaveWhatsappConfig } from './whatsapp.api'

/**
 * The four fields, saved together. The key comes back masked: its field starts empty and is
 * sent only when the admin types a new one, so the mask never overwrites the real key.
 */
function ConfigForm({ saved }: { saved: WhatsappConfig }) {
  const [values, setValues] = useState({
    apiUrl: saved.apiUrl,
    apiKey: '',
    instanceName: saved.instanceName,
    adminWhatsapp: saved.adminWhatsapp,
  })
  const save = useSaveWhatsappConfig()
  const bind = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const { apiKey, ...rest } = values
    save.mutate(apiKey.trim() ? { ...rest, apiKey } : rest)
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Configuração da Evolution API">
      <Field
        {...bind('apiUrl')}
        id="whatsapp-api-url"
        label="URL da API"
        type="url"
        inputMode="url"
        placeholder="https://evolution.minhaloja.com.br"
      />
      <div>
        <Field
          {...bind('apiKey')}
          id="whatsapp-api-key"
          label="Chave da API"
          type="password"
          autoComplete="off"
          placeholder={saved.apiKey ? `${saved.apiKey} (salva)` : 'não definida'}
        />
        <p className="mt-1 text-xs text-gray-500">
          Valor oculto; digite uma nova chave só para trocar.
        </p>
      </div>
      <Field {...bind('instanceName')} id="whatsapp-instance" label="Nome da instância" />
      <div>
        <Field
          {...bind('adminWhatsapp')}
          id="whatsapp-admin-number"
          label="WhatsApp do administrador"
          type="tel"
          inputMode="tel"
          placeholder="5511999999999"
        />
        <p className="mt-1 text-xs text-gray-500">Recebe os avisos de pedidos: {NUMBER_RULE}.</p>
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Salvando...' : 'Salvar configuração'}
      </Button>
    </form>
  )
}

export function WhatsappConfigPanel() {
  const { data, error, isPending, refetch } = useQuery(whatsappConfigQuery())
  return (
    <Panel title="Evolution API">
      <p className="mb-3 text-sm text-gray-600" data-testid="evolution-api-explained">
        A Evolution API é o programa que liga a loja a um WhatsApp de celular: é por ela que a loja
        manda as mensagens aos compradores e a você. Ela roda num servidor seu ou de quem você
        contratou, que lhe passa o endereço, a chave e o nome da instância.
      </p>
      {isPending ? (
        <Loading />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        // A new saved value (this form's save, or the settings tab's) resets the form.
        <ConfigForm key={JSON.stringify(data)} saved={data} />
      )}
    </Panel>
  )
}
