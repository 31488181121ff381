import type { App } from '../app-types.js'
import { createEventBus } from './events.js'
import type { AnyModule, ModuleContext } from './module.js'
import type { Services } from './services.js'

/**
 * The modules in the order they can be built: each after those providing what it needs.
 * The list's own order decides between modules that do not depend on each other, so the
 * order is the same on every start. A service nobody provides, one provided twice, or modules
 * needing each other are wiring errors, thrown at boot with their names.
 */
export function buildOrder(modules: readonly AnyModule[]): AnyModule[] {
  const provider = new Map<string, AnyModule>()
  for (const m of modules) {
    for (const name of m.provides as string[]) {
      const other = provider.get(name)
      if (other) throw new Error(`${name} is provided by both ${other.name} and ${m.name}`)
      provider.set(name, m)
    }
  }
  const order: AnyModule[] = []
  const visiting: string[] = []
  const visit = (m: AnyModule) => {
    if (order.includes(m)) return
    if (visiting.includes(m.name)) {
      throw new Error(`modules need each other: ${[...visiting, m.name].join(' → ')}`)
    }
    visiting.push(m.name)
    for (const need of m.needs as string[]) {
      const from = provider.get(need)
      if (!from) throw new Error(`${m.name} needs ${need}, which no module provides`)
      if (from !== m) visit(from)
    }
    visiting.pop()
    order.push(m)
  }
  modules.forEach(visit)
  return order
}

/**
 * Builds every module's services in dependency order, registers the events each handles and
 * seals the bus. `ctx` is shared: the bus it carries is the one sealed here.
 */
export function assembleServices(
  modules: readonly AnyModule[],
  ctx: Omit<ModuleContext, 'events'>,
): { services: Services; events: ReturnType<typeof createEventBus> } {
  const events = createEventBus(ctx.log)
  const full: ModuleContext = { ...ctx, events }
  const services = {} as Record<string, unknown>
  const ordered = buildOrder(modules)
  for (const m of ordered) {
    const built = m.build(full, services) as Record<string, unknown>
    for (const name of m.provides as string[]) {
      if (!(name in built)) throw new Error(`${m.name} does not build ${name}`)
      services[name] = built[name]
    }
  }
  for (const m of ordered) {
    for (const handler of m.handles?.(services, full) ?? []) events.on(m.name, handler)
  }
  events.seal()
  return { services: services as unknown as Services, events }
}

/** Routes in the list's order, then (unless tests drive them) jobs; closes before the database. */
export async function registerModules(
  app: App,
  modules: readonly AnyModule[],
  ctx: ModuleContext,
): Promise<void> {
  app.addHook('onClose', async () => {
    await Promise.all(modules.map((m) => m.close?.(app.services)))
  })
  for (const m of modules) await m.routes?.(app, ctx)
  if (app.deps.backgroundJobs !== false) for (const m of modules) m.jobs?.(app)
  for (const m of modules) m.started?.(app)
}
