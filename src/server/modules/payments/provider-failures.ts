/**
 * Which payment provider calls fail (the health panel): every remote provider handed out
 * by the registry reports each API call (charge, status, void, refund) and each webhook it
 * parses, as a failure or a success, to a log the health module keeps. A buyer's own mistake
 * (AppError other than 'unavailable') is not the provider failing; a webhook refused as forged
 * is counted, since a wrong secret refuses every real one too.
 */
import { AppError } from '../../errors.js'
import type { PixProvider } from './providers/pix-provider.js'
import type { PixProviders } from './providers/registry.js'

export type ProviderCallKind = 'api' | 'webhook'

export interface ProviderFailureLog {
  failed(provider: string, kind: ProviderCallKind, message: string): Promise<void>
  succeeded(provider: string, kind: ProviderCallKind): Promise<void>
}

const isProviderFault = (kind: ProviderCallKind, err: unknown) =>
  !(err instanceof AppError) ||
  err.code === 'unavailable' ||
  (kind === 'webhook' && err.code === 'unauthorized')

export function observeProviders(
  providers: PixProviders,
  failures: ProviderFailureLog | undefined,
  onLogError: (err: unknown) => void,
): PixProviders {
  if (!failures) return providers
  const watch = async <T>(name: string, kind: ProviderCallKind, call: () => Promise<T>) => {
    try {
      const result = await call()
      // Written beside the call, never in its way: a log that fails does not fail a payment.
      void failures.succeeded(name, kind).catch(onLogError)
      return result
    } catch (err) {
      if (isProviderFault(kind, err)) {
        void failures.failed(name, kind, (err as Error).message).catch(onLogError)
      }
      throw err
    }
  }
  const observed = (p: PixProvider | null): PixProvider | null => {
    if (!p?.remote) return p
    const wrapped = Object.create(p) as PixProvider
    return Object.assign(wrapped, {
      createCharge: (request: Parameters<PixProvider['createCharge']>[0]) =>
        watch(p.name, 'api', () => p.createCharge(request)),
      getStatus: (ref: Parameters<PixProvider['getStatus']>[0]) =>
        watch(p.name, 'api', () => p.getStatus(ref)),
      ...(p.refund && {
        refund: (ref: Parameters<PixProvider['getStatus']>[0]) =>
          watch(p.name, 'api', () => p.refund!(ref)),
      }),
      ...(p.cancelCharge && {
        cancelCharge: (ref: Parameters<PixProvider['getStatus']>[0]) =>
          watch(p.name, 'api', () => p.cancelCharge!(ref)),
      }),
      ...(p.parseWebhook && {
        parseWebhook: (
          input: Parameters<NonNullable<PixProvider['parseWebhook']>>[0],
          nowMs: number,
        ) => watch(p.name, 'webhook', () => p.parseWebhook!(input, nowMs)),
      }),
    })
  }
  const wrapped: PixProviders = {
    ...providers,
    current: async () => observed(await providers.current())!,
    named: async (name: string) => observed(await providers.named(name)),
  }
  return wrapped
}
