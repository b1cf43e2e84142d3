import { createRequire } from 'node:module'
// why: types only, and only inside the package: the declarations come from a dev dependency that
// every Node line installs (they are identical in 5.0.4, 6.2.0 and 7.0.1). No exported declaration
// may name them: a consumer has none of the dev dependencies and only one optional alias.
import type IsolatedVM from 'isolated-vm-types'
import { resolveIsolatedVm } from './ivm-lines.ts'

/** The isolated-vm module as this package uses it. */
export type IsolatedVmModule = typeof IsolatedVM

let loaded: IsolatedVmModule | undefined

/** The isolated-vm build for the running Node, loaded on first use (see `resolveIsolatedVm`). */
export function isolatedVm(): IsolatedVmModule {
  loaded ??= resolveIsolatedVm(process.versions.modules, createRequire(import.meta.url)) as IsolatedVmModule
  return loaded
}
