/**
 * The graph of references between definitions: which definitions are recursive, which order
 * declares every definition after the ones it needs, and whether a cycle never passes through
 * an object property or array element (such a schema has no finite meaning: a validator would
 * loop, and a TypeScript alias would reference itself).
 */

/**
 * Strongly connected components of a graph given as adjacency lists, iteratively (a long chain
 * of references must not exhaust the call stack). Components come out dependencies first: every
 * component is listed after all components it can reach.
 */
export function stronglyConnected(edges: readonly (readonly number[])[]): number[][] {
  const count = edges.length;
  const order = new Array<number>(count).fill(-1);
  const low = new Array<number>(count).fill(0);
  const onStack = new Array<boolean>(count).fill(false);
  const stack: number[] = [];
  const components: number[][] = [];
  let next = 0;
  for (let start = 0; start < count; start += 1) {
    if (order[start] !== -1) continue;
    // Each frame is a node and the position of the next edge to follow.
    const frames: [number, number][] = [[start, 0]];
    order[start] = low[start] = next++;
    stack.push(start);
    onStack[start] = true;
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as [number, number];
      const [node, edge] = frame;
      const targets = edges[node] ?? [];
      if (edge < targets.length) {
        frame[1] = edge + 1;
        const target = targets[edge] as number;
        if (order[target] === -1) {
          order[target] = low[target] = next++;
          stack.push(target);
          onStack[target] = true;
          frames.push([target, 0]);
        } else if (onStack[target]) {
          low[node] = Math.min(low[node] as number, order[target] as number);
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent !== undefined)
        low[parent[0]] = Math.min(low[parent[0]] as number, low[node] as number);
      if (low[node] === order[node]) components.push(popComponent(stack, onStack, node));
    }
  }
  return components;
}

function popComponent(stack: number[], onStack: boolean[], root: number): number[] {
  const component: number[] = [];
  for (;;) {
    const member = stack.pop() as number;
    onStack[member] = false;
    component.push(member);
    if (member === root) return component.reverse();
  }
}

/** Whether each node lies on a cycle (a component of two or more, or an edge to itself). */
export function onCycle(edges: readonly (readonly number[])[]): boolean[] {
  const result = new Array<boolean>(edges.length).fill(false);
  // Most documents refer to nothing: no graph to walk.
  if (edges.every((targets) => targets.length === 0)) return result;
  for (const component of stronglyConnected(edges)) {
    const only = component[0] as number;
    const cyclic = component.length > 1 || (edges[only] ?? []).includes(only);
    if (cyclic) for (const node of component) result[node] = true;
  }
  return result;
}

/** One cycle through `start` in `edges`, as a path that ends where it began, if there is one. */
export function findCycle(
  edges: readonly (readonly number[])[],
  start: number,
): number[] | undefined {
  const previous = new Map<number, number>();
  const queue = [start];
  for (let i = 0; i < queue.length; i += 1) {
    const node = queue[i] as number;
    for (const target of edges[node] ?? []) {
      if (target === start) return [...pathTo(previous, node, start), start];
      if (!previous.has(target) && target !== start) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return undefined;
}

function pathTo(previous: ReadonlyMap<number, number>, node: number, start: number): number[] {
  const path = [node];
  let current = node;
  while (current !== start) {
    current = previous.get(current) as number;
    path.push(current);
  }
  return path.reverse();
}
