// The isolated-vm build the runtime loads for this Node, for suites that time raw isolate work.
// why: the bench package depends on the same optional aliases as @isocode/isolate-runtime, so
// a suite measures exactly the build the runtime under test uses.
import { createRequire } from 'node:module'
import { isolatedVmLineFor, supportedNodeLines } from '@isocode/isolate-runtime'
import type IsolatedVM from 'isolated-vm-types'

const line = isolatedVmLineFor()
if (line === undefined)
  throw new Error(
    `isolated-vm has no build for Node ${process.versions.node}; the bench runs on ${supportedNodeLines()}`,
  )

/** The isolated-vm module for the running Node (the declarations are the same on every line). */
export const ivm = createRequire(import.meta.url)(line.alias) as typeof IsolatedVM
