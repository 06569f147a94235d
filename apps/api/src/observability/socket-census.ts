/** A console socket open on this process, as the system panel counts it. */
export interface LiveSocket {
  userId: string;
  role: string;
  /** The handshake's User-Agent header ('' when none). */
  userAgent: string;
}

/**
 * The port through which the realtime server tells the rest of the process which sockets are
 * open, without the system figures reaching into socket.io (and without a module in realtime/).
 */
export interface SocketCensus {
  /** Names the function that lists the open sockets; answers the function that withdraws it. */
  attach(source: () => Iterable<LiveSocket>): () => void;
  /** The sockets open now, on this process. */
  sockets(): LiveSocket[];
}

/** A census fed by every attached source (one per realtime server; tests may run two). */
export function createSocketCensus(): SocketCensus {
  const sources = new Set<() => Iterable<LiveSocket>>();
  return {
    attach(source) {
      sources.add(source);
      return () => sources.delete(source);
    },
    sockets: () => [...sources].flatMap((source) => [...source()]),
  };
}
