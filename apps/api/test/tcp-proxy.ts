import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** What the proxy does with traffic: forward it, drop every connection, or swallow it silently. */
export type ProxyMode = 'pass' | 'cut' | 'silent';

export interface TcpProxy {
  port: number;
  /** 'cut' also ends the open connections; 'silent' keeps them open and forwards nothing. */
  setMode(mode: ProxyMode): void;
  close(): Promise<void>;
}

/** A TCP proxy on a free local port in front of `target`, to play database faults in tests. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = createConnection(target);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(from);
      from.on('data', (chunk) => {
        if (mode === 'pass') to.write(chunk);
      });
      from.on('close', () => {
        open.delete(from);
        to.destroy();
      });
      from.on('error', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    setMode(next) {
      mode = next;
      if (next === 'cut') for (const socket of open) socket.destroy();
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
