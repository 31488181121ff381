// wouter (and Radix) import `use-sync-external-store/shim`, a copy of the hook for React < 18
// that, on a newer framework, hands back the framework's own. vite.config.ts points that import
// here, so the home page skips the copy (the budget for the home's JavaScript).
export { useSyncExternalStore } from 'react'
