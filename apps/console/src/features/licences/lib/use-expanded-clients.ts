import { useState } from 'react';

/**
 * Which clients' licence cards are open. A list narrowed to one client (a search for it) shows
 * that client open: that is what the user was looking for.
 */
export function useExpandedClients(clients: readonly { id: string }[]) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const onlyClient = clients.length === 1 ? clients[0]?.id : undefined;
  const isExpanded = (id: string) => expanded.has(id) || id === onlyClient;
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (isExpanded(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { isExpanded, toggle };
}
