// A module of its own so the socket's event schemas (and zod) load with socket.io-client, after
// the first screen, rather than with the signed-in shell.
export { serverToClientEvents } from '@patrol/contracts';
