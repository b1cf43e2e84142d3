// `cm.programs`: save a run or a program text as `programs.<name>`, list, show and delete
// saved programs. The registry checks and keeps them; this file resolves a run to its code, turns
// refusals into IsocodeErrors and makes `cm.sdk` and run_code's description follow at once.
import { RegistryError } from '@isocode/registry'
import type { ProgramLibrary, SavedProgram } from '@isocode/registry'
import type { RunStore } from '@isocode/run-store'
import { IsocodeError } from '../errors.ts'
import type { CodeModePrograms, ProgramSource, SaveProgramOptions } from '../types.ts'

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** What `cm.programs` needs: the registry's library, the run store and a way to re-render the SDK text. */
export interface ProgramsHost {
  library: ProgramLibrary
  store: RunStore
  /** Render `cm.sdk` and run_code's description again. */
  reassemble(): Promise<void>
  /** Throws CLOSED once the Code Mode is closed. */
  open(what: string): void
}

async function codeOf(store: RunStore, source: ProgramSource): Promise<string> {
  const fields = typeof source === 'object' && source !== null ? Object.keys(source) : []
  const given = fields.filter((field) => field === 'runId' || field === 'code')
  if (given.length !== 1)
    throw new IsocodeError(
      'programs.save: source must be { runId } (a recorded run) or { code } (a program text), exactly one of them',
      'INVALID_PROGRAM',
    )
  if ('code' in source) {
    if (typeof source.code !== 'string')
      throw new IsocodeError('programs.save: source.code must be the program text, a string', 'INVALID_PROGRAM')
    return source.code
  }
  if (typeof source.runId !== 'string' || source.runId === '')
    throw new IsocodeError('programs.save: source.runId must be a run id (result.runId)', 'INVALID_PROGRAM')
  const run = await store.getRun(source.runId)
  if (run === undefined)
    throw new IsocodeError(
      `programs.save: source.runId: the store has no run ${source.runId} (runs are recorded when a store is given or a tool needs approval; pass { code } instead)`,
      'RUN_NOT_FOUND',
    )
  return run.code
}

/** A refusal of the registry or the store as the facade's IsocodeError. */
function refused(error: unknown): never {
  if (error instanceof IsocodeError) throw error
  if (error instanceof RegistryError && (error.code === 'INVALID_PROGRAM' || error.code === 'INVALID_INPUT'))
    throw new IsocodeError(error.message, 'INVALID_PROGRAM', { cause: error })
  throw new IsocodeError(`programs: the run store refused: ${message(error)}`, 'STORE', { cause: error })
}

/** Build `cm.programs` over `host`. */
export function createPrograms(host: ProgramsHost): CodeModePrograms {
  const { library } = host
  return {
    async save(name: string, source: ProgramSource, options: SaveProgramOptions): Promise<SavedProgram> {
      host.open('programs.save')
      let saved: SavedProgram
      try {
        saved = await library.save(name, await codeOf(host.store, source), options)
      } catch (error) {
        return refused(error)
      }
      await host.reassemble()
      return saved
    },
    async list(): Promise<SavedProgram[]> {
      host.open('programs.list')
      // why: another process on the same store may have saved or deleted programs meanwhile.
      await library.refresh().catch(refused)
      await host.reassemble()
      return library.list()
    },
    async get(name: string): Promise<SavedProgram | undefined> {
      host.open('programs.get')
      if (typeof name !== 'string')
        throw new IsocodeError('programs.get(name): name must be a string', 'INVALID_PROGRAM')
      await library.refresh().catch(refused)
      return library.get(name)
    },
    async delete(name: string): Promise<boolean> {
      host.open('programs.delete')
      if (typeof name !== 'string')
        throw new IsocodeError('programs.delete(name): name must be a string', 'INVALID_PROGRAM')
      const existed = await library.delete(name).catch(refused)
      await host.reassemble()
      return existed
    },
  }
}
