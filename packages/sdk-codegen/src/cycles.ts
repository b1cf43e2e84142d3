// Cycle detection over the graph of direct alias references.

/**
 * The nodes that lie on a cycle (Tarjan's strongly connected components, iterative so a chain of
 * 10,000 aliases cannot overflow the stack). A node on a self-loop counts as cyclic.
 */
export function cyclicNodes(nodes: readonly string[], edges: (node: string) => readonly string[]): Set<string> {
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cyclic = new Set<string>()
  for (const start of nodes) {
    if (order.has(start)) continue
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }]
    order.set(start, order.size)
    low.set(start, order.get(start) ?? 0)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      if (frame === undefined) break
      const targets = edges(frame.node)
      const target = targets[frame.next++]
      if (target !== undefined) {
        if (!order.has(target)) {
          order.set(target, order.size)
          low.set(target, order.get(target) ?? 0)
          stack.push(target)
          onStack.add(target)
          work.push({ node: target, next: 0 })
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, order.get(target) ?? 0))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0))
      if (low.get(frame.node) !== order.get(frame.node)) continue
      const component: string[] = []
      let member: string | undefined
      do {
        member = stack.pop()
        if (member !== undefined) {
          onStack.delete(member)
          component.push(member)
        }
      } while (member !== undefined && member !== frame.node)
      if (component.length > 1 || targets.includes(frame.node)) for (const m of component) cyclic.add(m)
    }
  }
  return cyclic
}
