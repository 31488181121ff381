import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'wouter'
import { Button } from '../../ui/button'
import { LoadError } from '../../ui/query-state'
import { toast } from '../../ui/toast-store'
import { ShareButton } from '../../ui/share-button'
import { favoriteShareQuery, setSharing } from './favorites.api'

/**
 * 'Compartilhar lista': a read-only link to the account's list for a colleague (a random token;
 * no name, no e-mail), and 'Parar de compartilhar', which ends it at once.
 */
export function ShareList() {
  const queryClient = useQueryClient()
  const { data: url, error, isPending, refetch } = useQuery(favoriteShareQuery())
  const change = useMutation({
    mutationFn: setSharing,
    onSuccess: (answer) => queryClient.setQueryData(favoriteShareQuery().queryKey, answer),
    onError: (err) =>
      toast({
        title: 'Não foi possível mudar o link',
        description: err.message,
        variant: 'destructive',
      }),
  })
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  return (
    <section
      aria-labelledby="share-list-title"
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-purple-100"
    >
      <h2 id="share-list-title" className="text-lg font-bold text-purple-900">
        Compartilhar lista
      </h2>
      {url ? (
        <>
          <p className="text-gray-700">
            Quem tiver o link vê os materiais desta lista, sem seu nome e sem seu e-mail.
          </p>
          <input
            readOnly
            value={url}
            aria-label="Link da lista"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="shared-list-url"
            className="w-full rounded-xl border border-purple-200 bg-purple-50 px-3 py-2 text-sm text-gray-800"
          />
          <div className="flex flex-wrap gap-2">
            <ShareButton
              title="Meus favoritos"
              url={url}
              text="Olha os materiais que separei:"
              label="Enviar link"
            />
            <Button
              variant="ghost"
              disabled={change.isPending}
              onClick={() => change.mutate(false)}
            >
              Parar de compartilhar
            </Button>
          </div>
          <p className="text-sm text-gray-600">Ao parar, o link deixa de abrir na mesma hora.</p>
        </>
      ) : (
        <>
          <p className="text-gray-700">
            Crie um link só de leitura para enviar a colegas. Ele mostra os materiais, não seu nome
            nem seu e-mail.
          </p>
          <Button disabled={isPending || change.isPending} onClick={() => change.mutate(true)}>
            {change.isPending ? 'Criando link...' : 'Criar link da lista'}
          </Button>
        </>
      )}
    </section>
  )
}

/** A guest's list lives in her browser: a link needs it on an account. */
export function ShareListNeedsAccount() {
  return (
    <p className="rounded-2xl bg-purple-50 p-4 text-gray-700">
      Para compartilhar esta lista com um link,{' '}
      <Link href="/login" className="font-semibold text-purple-700 underline">
        entre na sua conta
      </Link>
      : seus favoritos deste aparelho vão junto.
    </p>
  )
}
