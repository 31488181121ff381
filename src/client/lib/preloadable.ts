import { createElement, lazy, useState, type ComponentType } from 'react'

/**
 * A lazy component that can be loaded ahead: once loaded it renders at once, without suspending
 * (React.lazy would show the fallback for a frame even when the code is already here).
 * `preload` answers the whole module, so a caller can reach its other exports.
 */
export function preloadable<P extends object, E extends object = object>(
  load: () => Promise<{ default: ComponentType<P> } & E>,
) {
  let loaded: ComponentType<P> | undefined
  const remember = () =>
    load().then((module) => {
      loaded = module.default
      return module
    })
  const Lazy = lazy<ComponentType<P>>(remember)
  // Chosen once per mount: switching from Lazy to the loaded page later would remount it.
  const Page = (props: P) => {
    const [component] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return createElement(component, props)
  }
  return Object.assign(Page, { preload: remember })
}
