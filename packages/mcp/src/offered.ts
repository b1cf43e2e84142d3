import type { Context } from 'cordis'

/**
 * The names tools/list offers, kept until the tool set changes: a tools/call of another
 * name is refused. One per Code Mode server on stdio; one for every session of an HTTP server
 * (what tools/list offers is the same for all of them), so neither a new session nor a stateless
 * request assembles the prompt and the SDK again to learn them.
 */
export class OfferedNames {
  private names: Promise<Set<string>> | undefined
  private readonly stop: () => void

  /** `list`: what tools/list offers now (it assembles the prompt). */
  constructor(
    ctx: Context,
    private readonly list: () => Promise<ReadonlyArray<{ name: string }>>,
  ) {
    this.stop = ctx.on('tools/change', () => (this.names = undefined))
  }

  /** The offered names, assembled on the first call after a change. */
  get(): Promise<Set<string>> {
    return (this.names ??= this.list().then(
      (tools) => new Set(tools.map((tool) => tool.name)),
      (error: unknown) => {
        // why: a failed assembly (no runtime loaded yet) is asked again next time, not remembered.
        this.names = undefined
        throw error
      },
    ))
  }

  /** What a tools/list just offered. */
  set(tools: ReadonlyArray<{ name: string }>): void {
    this.names = Promise.resolve(new Set(tools.map((tool) => tool.name)))
  }

  /** Stop following tool changes. */
  dispose(): void {
    this.stop()
  }
}
