import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Agent, get } from 'node:http';

/**
 * The API's workers as Linux sees them (WORKERS=n: a supervising primary and its children), read
 * from /proc: which they are, their memory, and which one answered a request.
 */

/** The pids of a process's children; none once it has exited. */
export function childPids(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return text ? text.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

/** A process's resident memory in MiB, or undefined once it has exited. */
export function rssMiB(pid: number): number | undefined {
  try {
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}

const hexPort = (port: number) => `:${port.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Which of `pids` holds the server end of the loopback connection from `clientPort` to
 * `serverPort`: the socket's inode from /proc/net/tcp, then the process with a descriptor on it.
 */
function servingPid(serverPort: number, clientPort: number, pids: number[]): number | undefined {
  const row = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find(
      ([, local, remote]) =>
        local?.endsWith(hexPort(serverPort)) && remote?.endsWith(hexPort(clientPort)),
    );
  const socket = row && `socket:[${row[9]}]`;
  if (!socket) return undefined;
  return pids.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`) === socket;
        } catch {
          return false; // Closed while we looked.
        }
      });
    } catch {
      return false; // The process has exited.
    }
  });
}

/**
 * GET /ready on a new connection (the cluster's primary hands each new connection to the workers
 * in turn) and which of `workerPids` answered it. Status 0 when no answer came within 3 s.
 */
export function probeReady(
  port: number,
  workerPids: number[],
): Promise<{ status: number; pid?: number }> {
  // A keep-alive connection of its own: the server keeps its end open while the pid is looked up.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise<{ status: number; pid?: number }>((resolve) => {
    const request = get(
      { host: '127.0.0.1', port, path: '/ready', agent, timeout: 3_000 },
      (response) => {
        const pid = servingPid(port, request.socket!.localPort!, workerPids);
        response.resume();
        resolve({ status: response.statusCode ?? 0, pid });
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve({ status: 0 }));
  }).finally(() => agent.destroy());
}
