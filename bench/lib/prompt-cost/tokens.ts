// What a text costs: o200k_base tokens (GPT-4o and later, through gpt-tokenizer) and UTF-8 bytes.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'

/** The size of one rendering. */
export interface Cost {
  tokens: number
  bytes: number
}

/** The name of the tokenizer, as the results state it. */
export const TOKENIZER = 'o200k_base (gpt-tokenizer)'

// why: a description may quote a special-token string such as "<|endoftext|>"; it is text here.
const PLAIN = { disallowedSpecial: new Set<string>() }

/** Tokens and bytes of `text`. */
export function costOf(text: string): Cost {
  return { tokens: countTokens(text, PLAIN), bytes: Buffer.byteLength(text, 'utf8') }
}
