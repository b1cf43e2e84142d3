// A TypeScript language service kept warm across checks: the lib files and the SDK file are parsed
// once and reused while the SDK text stays the same; each check replaces only the program file.
import { basename, dirname, join } from 'node:path'
import ts from 'typescript'
import { PROGRAM_FILE } from './wrap.ts'

/** The SDK text's file name inside the language service. */
export const SDK_FILE = '/tools-sdk.d.ts'
const GLOBALS_FILE = '/sandbox-globals.d.ts'
// why: the lib files are served from a folder of their own; under their real path (inside
// node_modules) every check's new program looked up TypeScript's package.json for each of them
// (module format), on disk, a fifth of a warm check.
const LIB_DIR = '/typescript-lib/'
const REAL_LIB_DIR = dirname(ts.getDefaultLibFilePath({}))
// why: the sandbox's globals besides `tools` and the error class (the SDK declares those); ES2023
// without the DOM, so a program is checked against what the isolate really has.
const GLOBALS = `declare const console: {
  log(...data: any[]): void; info(...data: any[]): void; warn(...data: any[]): void;
  error(...data: any[]): void; debug(...data: any[]): void;
};
declare function setTimeout(handler: (...args: any[]) => void, timeout?: number, ...args: any[]): number;
declare function clearTimeout(id: number | undefined): void;
`

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts'],
  strict: true,
  noEmit: true,
  noResolve: true,
  skipLibCheck: true,
  types: [],
  // why: the program is a script (a function body); `export` in it is a syntax error V8 reports.
  moduleDetection: ts.ModuleDetectionKind.Legacy,
}

interface VirtualFile {
  text: string
  version: number
  snapshot: ts.IScriptSnapshot
}

/** A language service over three files: the sandbox globals, the SDK and the wrapped program. */
export class WarmLanguageService {
  private readonly files = new Map<string, VirtualFile>()
  private readonly libs = new Map<string, ts.IScriptSnapshot | undefined>()
  readonly service: ts.LanguageService

  constructor() {
    this.set(GLOBALS_FILE, GLOBALS)
    this.set(SDK_FILE, '')
    this.set(PROGRAM_FILE, '')
    const host: ts.LanguageServiceHost = {
      getScriptFileNames: () => [GLOBALS_FILE, SDK_FILE, PROGRAM_FILE],
      getScriptVersion: (name) => String(this.files.get(name)?.version ?? 0),
      getScriptSnapshot: (name) => this.files.get(name)?.snapshot ?? this.lib(name),
      getCurrentDirectory: () => '/',
      getCompilationSettings: () => OPTIONS,
      getDefaultLibFileName: (options) => `${LIB_DIR}${basename(ts.getDefaultLibFilePath(options))}`,
      fileExists: (name) => this.files.has(name) || ts.sys.fileExists(realPath(name)),
      readFile: (name) => this.files.get(name)?.text ?? ts.sys.readFile(realPath(name)),
    }
    this.service = ts.createLanguageService(host, ts.createDocumentRegistry())
  }

  /** Replace the SDK text (a no-op when it is unchanged, so the parsed SDK is reused) and the program. */
  update(sdkText: string, wrappedProgram: string): void {
    if (this.files.get(SDK_FILE)?.text !== sdkText) this.set(SDK_FILE, sdkText)
    this.set(PROGRAM_FILE, wrappedProgram)
  }

  private set(name: string, text: string): void {
    const version = (this.files.get(name)?.version ?? 0) + 1
    this.files.set(name, { text, version, snapshot: ts.ScriptSnapshot.fromString(text) })
  }

  // why: lib files never change; read from the typescript package once per process.
  private lib(name: string): ts.IScriptSnapshot | undefined {
    if (!this.libs.has(name)) {
      const text = ts.sys.readFile(realPath(name))
      this.libs.set(name, text === undefined ? undefined : ts.ScriptSnapshot.fromString(text))
    }
    return this.libs.get(name)
  }
}

/** Where a file of the language service is on disk: a lib file's in TypeScript's own folder. */
function realPath(name: string): string {
  return name.startsWith(LIB_DIR) ? join(REAL_LIB_DIR, name.slice(LIB_DIR.length)) : name
}
