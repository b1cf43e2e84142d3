// Generated blocks of the root README, between `<!-- name:start -->` and `<!-- name:end -->`.

const markers = (name: string): [string, string] => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`]

function bounds(text: string, name: string): [number, number] {
  const [open, close] = markers(name)
  const start = text.indexOf(open)
  const end = text.indexOf(close)
  if (start < 0 || end < start)
    throw new Error(`README: no "${open}" ... "${close}" block; add both markers where the block belongs`)
  return [start + open.length, end]
}

/** The text between the markers of block `name`, without the newlines around it. */
export function readBlock(text: string, name: string): string {
  const [from, to] = bounds(text, name)
  return text.slice(from, to).replace(/^\n/, '').replace(/\n$/, '')
}

/** `text` with the body of block `name` replaced by `body`. */
export function writeBlock(text: string, name: string, body: string): string {
  const [from, to] = bounds(text, name)
  return `${text.slice(0, from)}\n${body}\n${text.slice(to)}`
}
