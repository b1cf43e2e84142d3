// Every task of the table, in table order (within a server, in the order they run: the memory
// tasks change one graph, and the filesystem task that writes a file comes last).
import type { Task } from '../lib/task.ts'
import { everythingTasks } from './everything.ts'
import { filesystemTasks } from './filesystem.ts'
import { memoryTasks } from './memory.ts'
import { tools500Tasks } from './tools500.ts'

export const TASKS: readonly Task[] = [...filesystemTasks, ...memoryTasks, ...everythingTasks, ...tools500Tasks]
