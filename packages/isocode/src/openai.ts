// why: placeholder; the openai adapter lands here (built on createCodeMode).
export {}
