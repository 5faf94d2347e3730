// What every controller is given: the data, the token maker, the uploads and the WebSocket sessions.
import type { Exchange } from './dispatcher.js';
import { localDateTime } from './json.js';
import type { AdminState } from './state.js';
import type { AdminTokens } from './token.js';
import type { Uploads } from './uploads.js';
import type { OrderPushes } from './websocket.js';

export interface AdminContext {
  state: AdminState;
  tokens: AdminTokens;
  uploads: Uploads;
  pushes: OrderPushes;
}

/** AutoFillAspect's values for one request: now (server local time) and the token's empId. */
export function audit(x: Exchange): { time: string; user: number | null } {
  return { time: localDateTime(x.now), user: x.empId };
}
