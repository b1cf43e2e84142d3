// why: placeholder; the anthropic adapter lands here (built on createCodeMode).
export {}
