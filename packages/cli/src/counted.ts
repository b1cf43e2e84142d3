// Counts in messages: "1 tool", "2 tools", never "1 tools".

/** `count` followed by `one` or `many` (default: `one` + "s") as the count needs: `counted(1, 'program')` is "1 program". */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}
