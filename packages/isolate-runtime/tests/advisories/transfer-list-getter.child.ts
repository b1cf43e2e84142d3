// Child of transfer-list-getter.spec.ts (GHSA-864f-rcv7-6rh4): builds an `ExternalCopy` whose
// `transferList` holds an ArrayBuffer behind a getter that answers a typed array on its next
// read, then prints one JSON line saying whether the call threw. An unpatched isolated-vm 5.0.4
// reads the list twice and treats the typed array as an ArrayBuffer: SIGSEGV, nothing printed.
import { isolatedVm } from '../../src/isolate/ivm.ts'

// why: the loader the runtime uses, so the build under test is the one of the running Node line.
const ivm = isolatedVm()
const buffer = new ArrayBuffer(8)
let getterCalls = 0
const transferList: ArrayBuffer[] = []
Object.defineProperty(transferList, 0, {
  enumerable: true,
  get: () => (++getterCalls === 1 ? buffer : new Uint8Array(64)),
})

let outcome: { threw: boolean; error?: string; getterCalls: number }
try {
  const copy = new ivm.ExternalCopy({ payload: 1 }, { transferList })
  copy.release()
  outcome = { threw: false, getterCalls }
} catch (error) {
  outcome = { threw: true, error: String(error), getterCalls }
}
console.log(JSON.stringify(outcome))
