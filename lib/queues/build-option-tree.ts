// The option tree of a queue's chatbot (admin §2.3, §3 Queue option), built from its flat rows.
// Pure: the tree editor builds it in the browser from GET /api/queue-options, the chatbot on the
// server through loadOptionTree.

export type QueueOptionRow = {
  id: number;
  queueId: number;
  /** null for a root (GET /queue-options asks for roots with parentId -1) */
  parentId: number | null;
  title: string;
  message: string;
  /** the number the customer types to choose it; also its place in the menu */
  option: string;
};

export type QueueOptionNode = QueueOptionRow & { children: QueueOptionNode[] };

/** Menu order: by number ("2" before "10"), then by id. */
export const compareOptions = (a: Pick<QueueOptionRow, "id" | "option">, b: Pick<QueueOptionRow, "id" | "option">) =>
  a.option.localeCompare(b.option, "en", { numeric: true }) || a.id - b.id;

/** Nests the rows under their parents, each level in menu order. A row whose parent is not among them is left out. */
export function buildOptionTree(rows: readonly QueueOptionRow[]): QueueOptionNode[] {
  const nodes = new Map<number, QueueOptionNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: QueueOptionNode[] = [];
  for (const node of nodes.values()) {
    if (node.parentId === null) roots.push(node);
    else nodes.get(node.parentId)?.children.push(node);
  }
  const sort = (level: QueueOptionNode[]) => {
    level.sort(compareOptions);
    level.forEach((n) => sort(n.children));
    return level;
  };
  return sort(roots);
}

/** How many options hang below a node, at any depth (the delete confirmation names it). */
export const countDescendants = (node: QueueOptionNode): number => node.children.reduce((n, c) => n + 1 + countDescendants(c), 0);
