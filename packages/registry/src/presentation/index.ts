export { presentCallOf, presentResultOf } from './present.ts'
export { isToolCallView, isToolResultView } from './view-check.ts'
export { fileDiffs, textHunks, wholeFileDiff } from './file-diff.ts'
/** @public */
export type { Presenters } from './present.ts'
export type { TextHunk } from './file-diff.ts'
/** @public */
export type { FileDiffOptions } from './file-diff.ts'
export type { ToolResultSnapshot } from './views.ts'
/** @public */
export type { FileDiff, ToolCallView, ToolKind, ToolLocation, ToolResultView } from './views.ts'
