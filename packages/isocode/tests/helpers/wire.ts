// Provider replies in each API's wire format, for the scripted server.

/** A Chat Completions response: a `run_code` call with `code`, or a final answer. */
export function chatCompletion(turn: { code: string } | { text: string } | { arguments: string }, n: number) {
  const toolCall =
    'text' in turn
      ? undefined
      : {
          id: `call_${n}`,
          type: 'function',
          function: {
            name: 'run_code',
            arguments:
              'code' in turn ? JSON.stringify({ code: turn.code, description: 'compare the weather' }) : turn.arguments,
          },
        }
  return {
    id: `chatcmpl-${n}`,
    object: 'chat.completion',
    created: 1_764_800_000,
    model: 'gpt-test',
    choices: [
      {
        index: 0,
        logprobs: null,
        finish_reason: toolCall ? 'tool_calls' : 'stop',
        message: toolCall
          ? { role: 'assistant', content: null, refusal: null, tool_calls: [toolCall] }
          : { role: 'assistant', content: 'text' in turn ? turn.text : '', refusal: null },
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  }
}

/** A Responses API response: a `function_call` to `run_code`, or an output message. */
export function response(turn: { code: string } | { text: string }, n: number) {
  const output =
    'code' in turn
      ? {
          type: 'function_call',
          id: `fc_${n}`,
          call_id: `call_${n}`,
          name: 'run_code',
          arguments: JSON.stringify({ code: turn.code, description: 'compare the weather' }),
          status: 'completed',
        }
      : {
          type: 'message',
          id: `msg_${n}`,
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: turn.text, annotations: [] }],
        }
  return {
    id: `resp_${n}`,
    object: 'response',
    created_at: 1_764_800_000,
    status: 'completed',
    model: 'gpt-test',
    output: [output],
  }
}

/** An Anthropic Messages response: a `tool_use` block for `run_code` (after a text block), or text. */
export function message(turn: { code: string } | { text: string } | { input: unknown; name?: string }, n: number) {
  const content =
    'text' in turn
      ? [{ type: 'text', text: turn.text }]
      : [
          { type: 'text', text: 'Let me write a program.' },
          {
            type: 'tool_use',
            id: `toolu_${n}`,
            name: 'name' in turn ? turn.name : 'run_code',
            input: 'code' in turn ? { code: turn.code, description: 'compare the weather' } : turn.input,
          },
        ]
  return {
    id: `msg_${n}`,
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content,
    stop_reason: 'text' in turn ? 'end_turn' : 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  }
}
