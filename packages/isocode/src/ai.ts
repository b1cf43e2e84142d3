// why: placeholder; the ai adapter lands here (built on createCodeMode).
export {}
