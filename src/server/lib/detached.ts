import type { FastifyBaseLogger } from 'fastify'

/**
 * Work done after the answer is sent, for requests whose answer must not take longer when
 * something is found ('Esqueci minha senha', the guest access code): the time of the answer
 * would otherwise tell an e-mail the store knows from one it does not; or must not wait on a
 * provider (voiding a closed order's charge). Failures are logged;
 * `drain` waits for what is under way (closing the app, and tests that read its result).
 */
export function createDetached(log: FastifyBaseLogger, name: string) {
  const running = new Set<Promise<void>>()
  return {
    run(work: () => Promise<void>): void {
      const task: Promise<void> = work()
        .catch((err: unknown) => log.error({ err }, `${name} failed`))
        .finally(() => running.delete(task))
      running.add(task)
    },
    async drain(): Promise<void> {
      while (running.size > 0) await Promise.all([...running])
    },
  }
}

export type Detached = ReturnType<typeof createDetached>
