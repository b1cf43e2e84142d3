// Every row of the prompt-cost table, in table order.
import { cloudflareForms } from './cloudflare-forms.ts'
import { directForms } from './direct-forms.ts'
import type { PromptForm } from './form.ts'
import { isocodeForms } from './isocode-forms.ts'
import { utcpForm } from './utcp-form.ts'

/** Isocode's forms, the peers' forms, then direct calling. */
export const PROMPT_FORMS: readonly PromptForm[] = [...isocodeForms, ...cloudflareForms, utcpForm, ...directForms]
