// How the admin server listens, in a module of its own so the CLI can name the modes without
// loading the server.

/** dual: `::1` and `127.0.0.1` (two sockets); ipv4 / ipv6: one of them; down: nothing listens. */
export type ListenMode = 'dual' | 'ipv4' | 'ipv6' | 'down';
export const LISTEN_MODES: readonly ListenMode[] = Object.freeze(['dual', 'ipv4', 'ipv6', 'down'] as const);
