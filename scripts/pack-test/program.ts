const { files } = await tools.list_files({})
const notes = files.filter((file: string) => file.endsWith('.md')).toSorted()
const lines: Record<string, number> = {}
for (const note of notes) lines[note] = (await tools.read_file({ path: note })).trimEnd().split('\n').length
console.log('notes: ' + notes.join(', '))
return lines
