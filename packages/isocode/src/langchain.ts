// why: placeholder; the langchain adapter lands here (built on createCodeMode).
export {}
