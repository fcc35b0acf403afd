/**
 * Selections in a two-level list (counties with municipalities, substance groups with substances):
 * an entry with no children means the whole parent; otherwise only the listed children.
 */
export interface TreeEntry<P, C> {
  parent: P;
  children: C[];
}

export function isWhole<P, C>(entries: readonly TreeEntry<P, C>[], parent: P): boolean {
  return entries.some((e) => e.parent === parent && e.children.length === 0);
}

export function isChildSelected<P, C>(entries: readonly TreeEntry<P, C>[], parent: P, child: C): boolean {
  const entry = entries.find((e) => e.parent === parent);
  return entry !== undefined && (entry.children.length === 0 || entry.children.includes(child));
}

/** Ticks or unticks "the whole parent"; unticking removes the parent with every child. */
export function toggleWhole<P, C>(entries: readonly TreeEntry<P, C>[], parent: P, on: boolean): TreeEntry<P, C>[] {
  const rest = entries.filter((e) => e.parent !== parent);
  return on ? [...rest, { parent, children: [] }] : rest;
}

/**
 * Ticks or unticks one child. Unticking a child of a whole parent keeps its siblings; unticking
 * the last child removes the parent.
 */
export function toggleChild<P, C>(
  entries: readonly TreeEntry<P, C>[],
  parent: P,
  child: C,
  on: boolean,
  allChildren: readonly C[],
): TreeEntry<P, C>[] {
  const entry = entries.find((e) => e.parent === parent);
  const current = entry === undefined ? [] : entry.children.length === 0 ? [...allChildren] : entry.children;
  const children = on ? [...new Set([...current, child])] : current.filter((c) => c !== child);
  const rest = entries.filter((e) => e.parent !== parent);
  if (children.length === 0) return rest;
  const index = entry ? entries.indexOf(entry) : entries.length;
  const next = [...rest];
  next.splice(Math.min(index, next.length), 0, { parent, children });
  return next;
}
