// The three ways a program's types are erased (RT-67, RT-68), held to ts-blank-space on the program
// corpus (fixtures/programs, the eval's programs, the idioms, generated calls, the broken corpus):
// a program with no type syntax is kept as it is, and where Node strips, its text runs the same.
import { blankSpaceStrip, hasNodeStripper, isPlainJavaScript, nodeStrip } from '@isocode/isolate-runtime/internal'
import { beforeAll, describe, expect, it } from 'vitest'
import { brokenCorpus } from '../lib/check-corpus/broken.ts'
import { correctCorpus, type CorpusProgram } from '../lib/check-corpus/correct.ts'

let corpus: CorpusProgram[] = []
beforeAll(async () => {
  corpus = [...(await correctCorpus()), ...brokenCorpus()]
})

const isGap = (c: string | undefined): boolean => c !== undefined && /[\s;]/.test(c)
const count = (text: string): number => text.split(';').length - 1
// why: where one stripper puts an ASI guard `;` the other may put it a column away or leave it out;
// the program is the same when the next code cannot continue the statement before it.
const HAZARD = /[([`+\-/]/

/**
 * Where `node` and `blank` differ by more than ASI guards: every difference must lie in a gap of
 * blanks and `;` that the source had no `;` in, and a gap where only one side has a guard must be
 * followed by code that cannot continue the statement. Same length is same line:column throughout.
 */
function difference(source: string, node: string, blank: string): string | undefined {
  if (node.length !== blank.length) return `lengths ${node.length} and ${blank.length}`
  for (let i = 0; i < node.length; i++) {
    if (node[i] === blank[i]) continue
    if (!isGap(node[i]) || !isGap(blank[i]))
      return `offset ${i}: ${JSON.stringify(node[i])} against ${JSON.stringify(blank[i])}`
    let end = i
    while (isGap(node[end]) && isGap(blank[end])) end++
    if (source.slice(i, end).includes(';')) return `offset ${i}: a \`;\` of the program was erased`
    const next = /\S/.exec(blank.slice(end))?.[0]
    if (count(node.slice(i, end)) !== count(blank.slice(i, end)) && next !== undefined && HAZARD.test(next))
      return `offset ${i}: an ASI guard before \`${next}\` only one side has`
    i = end
  }
  return undefined
}

describe('the program corpus', () => {
  it('keeps every program with no type syntax as it is, which is what ts-blank-space gives', () => {
    const plain = corpus.filter((p) => isPlainJavaScript(p.code))
    const changed = plain.filter((p) => {
      const blank = blankSpaceStrip(p.code)
      return !blank.ok || blank.code !== p.code
    })
    expect(changed.map((p) => p.id)).toEqual([])
    // why: the corpus has typed programs too, so the check above cannot pass by taking every program as plain.
    expect({ plain: plain.length > 100, typed: corpus.length - plain.length > 20 }).toEqual({
      plain: true,
      typed: true,
    })
  })

  it.runIf(hasNodeStripper())('gives the runnable text and the line:column of ts-blank-space where Node strips', () => {
    let stripped = 0
    const differ: string[] = []
    for (const program of corpus) {
      const node = nodeStrip(program.code)
      if (node === undefined) continue
      stripped++
      const blank = blankSpaceStrip(program.code)
      if (!blank.ok) differ.push(`${program.id}: ts-blank-space refuses it`)
      else {
        const found = difference(program.code, node, blank.code)
        if (found !== undefined) differ.push(`${program.id}: ${found}`)
      }
    }
    expect(differ).toEqual([])
    expect(stripped).toBeGreaterThan(corpus.length / 2)
  })
})
