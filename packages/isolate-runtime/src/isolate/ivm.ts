import { createRequire } from 'node:module'
// why: types only, and only inside the package: 5.0.4's declarations stand for every line (the API
// used here is the same in 5.0.4, 6.2.0 and 7.0.1). No exported declaration may name them, since
// on a given Node only one of the optional aliases is installed.
import type IsolatedVM from 'isolated-vm-5'
import { resolveIsolatedVm } from './lines.ts'

/** The isolated-vm module as this package uses it. */
export type IsolatedVmModule = typeof IsolatedVM

let loaded: IsolatedVmModule | undefined

/** The isolated-vm build for the running Node, loaded on first use (see `resolveIsolatedVm`). */
export function isolatedVm(): IsolatedVmModule {
  loaded ??= resolveIsolatedVm(process.versions.modules, createRequire(import.meta.url)) as IsolatedVmModule
  return loaded
}
