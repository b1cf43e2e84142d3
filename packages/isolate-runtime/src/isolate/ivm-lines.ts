import { CodeRuntimeError } from '@isocode/code-runtime'

/** One supported Node line and the isolated-vm build that serves it. */
export interface IsolatedVmLine {
  /** Node major version. */
  readonly node: number
  /** `process.versions.modules` of that line (the native-addon ABI). */
  readonly abi: string
  /** The npm alias this package depends on (an optional dependency). */
  readonly alias: 'isolated-vm-5' | 'isolated-vm-6' | 'isolated-vm-7'
  /** The isolated-vm version behind the alias. */
  readonly version: string
  /** Whether npm installs a binary (true) or the install compiles C++ (false). */
  readonly prebuilt: boolean
  /**
   * Whether a program that grows a hash table without bound (a `Map` of objects) makes V8 abort
   * the process hosting the isolate (isolated-vm #457/#527), measured on this line: true on 20,
   * 22 and 24; on 26 the same program ends with `memory` like any heap bomb.
   */
  readonly abortsOnHashGrowth: boolean
  /**
   * Whether the V8 inspector can pause a running isolate of this line, so that a budget kill in
   * the supervised child names the program's line (rule RT-39), measured: true on 20, 22 and 24;
   * on 26 the pause is a fatal V8 error (SIGTRAP) in the process hosting the isolate.
   */
  readonly pausesToLocate: boolean
}

/**
 * The Node lines Isocode runs on, each with its isolated-vm: 5.0.4 (compiled from source) on 20,
 * 6.2.0 on 22, 7.0.1 on 24 and 26 (both shipped as prebuilt binaries).
 */
export const ISOLATED_VM_LINES: readonly IsolatedVmLine[] = Object.freeze([
  {
    node: 20,
    abi: '115',
    alias: 'isolated-vm-5',
    version: '5.0.4',
    prebuilt: false,
    abortsOnHashGrowth: true,
    pausesToLocate: true,
  },
  {
    node: 22,
    abi: '127',
    alias: 'isolated-vm-6',
    version: '6.2.0',
    prebuilt: true,
    abortsOnHashGrowth: true,
    pausesToLocate: true,
  },
  {
    node: 24,
    abi: '137',
    alias: 'isolated-vm-7',
    version: '7.0.1',
    prebuilt: true,
    abortsOnHashGrowth: true,
    pausesToLocate: true,
  },
  {
    node: 26,
    abi: '147',
    alias: 'isolated-vm-7',
    version: '7.0.1',
    prebuilt: true,
    abortsOnHashGrowth: false,
    pausesToLocate: false,
  },
])

/** The line serving a Node ABI, or undefined when that Node is not supported. */
export function isolatedVmLineFor(abi: string = process.versions.modules): IsolatedVmLine | undefined {
  return ISOLATED_VM_LINES.find((line) => line.abi === abi)
}

/** One sentence naming the supported Node lines, for error messages and docs. */
export function supportedNodeLines(): string {
  const majors = ISOLATED_VM_LINES.map((line) => String(line.node))
  return `Node ${majors.slice(0, -1).join(', ')} or ${majors.at(-1)}`
}

/**
 * Load the isolated-vm build for a Node ABI through `requireFrom`. Throws `CodeRuntimeError`
 * (`START_FAILED`) naming the supported lines when that Node has none, or the missing alias.
 */
export function resolveIsolatedVm(abi: string, requireFrom: (id: string) => unknown): unknown {
  const line = isolatedVmLineFor(abi)
  if (line === undefined) {
    throw new CodeRuntimeError(
      'START_FAILED',
      `isolated-vm has no build for this Node (ABI ${abi}). ` +
        `@isocode/isolate-runtime supports ${supportedNodeLines()}; run it on one of those lines.`,
    )
  }
  try {
    return requireFrom(line.alias)
  } catch (error) {
    // why: the alias is an optional dependency, so a failed native build leaves it absent, not broken loudly.
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)
    const fix = line.prebuilt
      ? 'reinstall the package with npm or pnpm (its binary ships prebuilt)'
      : 'reinstall with a C++ toolchain (python3, make, g++) so it compiles; with pnpm, list `isolated-vm@5.0.4` in onlyBuiltDependencies'
    throw new CodeRuntimeError(
      'START_FAILED',
      `isolated-vm ${line.version} for Node ${line.node} (optional dependency "${line.alias}") could not be loaded: ${reason}. Fix: ${fix}.`,
    )
  }
}
