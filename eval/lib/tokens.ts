// What a text costs the model: o200k_base tokens (GPT-4o and later, through gpt-tokenizer), the
// tokenizer the prompt-cost bench prices tool definitions with.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'

/** The name of the tokenizer, as the results state it. */
export const TOKENIZER = 'o200k_base (gpt-tokenizer)'

// why: a tool result may quote a special-token string such as "<|endoftext|>"; it is text here.
const PLAIN = { disallowedSpecial: new Set<string>() }

/** o200k_base tokens of `text`. */
export function tokensOf(text: string): number {
  return countTokens(text, PLAIN)
}
