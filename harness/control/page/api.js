// The page's calls to the control channel. The token comes in the URL harness up printed; the page
// keeps it in sessionStorage (this tab, this origin) and takes it out of the address bar at once, so
// that it is not in the history, a bookmark or a screenshot. Every call sends it in a header.
import { t } from './i18n.js';

const KEY = 'harness-control-token';
const HEADER = 'x-harness-token';

/** Reads the token from the URL (then removes it from there) or from this tab's storage. */
export function takeToken() {
  const url = new URL(location.href);
  const given = url.searchParams.get('token');
  if (given) {
    sessionStorage.setItem(KEY, given);
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  return sessionStorage.getItem(KEY) ?? undefined;
}

export class CallError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** A call: GET without a body, POST with one. Resolves with the answer's JSON; a refusal rejects with its message. */
export async function call(token, path, body) {
  const r = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { [HEADER]: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  });
  let json;
  try {
    json = await r.json();
  } catch {
    throw new CallError(t('control.call.noJson', { status: r.status }), r.status);
  }
  if (!r.ok) throw new CallError(json.error ?? t('control.call.status', { status: r.status }), r.status);
  return json;
}

/**
 * Reads the server-sent events of /events: `on.event(name, data)` for each, `on.state(state, why)`
 * as the connection goes ('open', 'lost', 'refused', 'stopped'). A stream that ends without the
 * harness's goodbye is opened again (the harness restarting its channel is not a thing: a stack
 * that went away says so, and a new `harness up` has a new token).
 */
export function stream(token, on) {
  let said = false;
  const open = async () => {
    let r;
    try {
      r = await fetch('/events', { headers: { [HEADER]: token }, cache: 'no-store' });
    } catch {
      return retry(t('control.call.noAnswer'));
    }
    if (r.status === 401 || r.status === 403) {
      const why = await r.json().then((j) => j.error, () => t('control.call.refused', { status: r.status }));
      return on.state('refused', why);
    }
    if (!r.ok || !r.body) return retry(t('control.call.status', { status: r.status }));
    on.state('open');
    const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let name = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) name = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (name === 'bye') said = true;
          if (data) on.event(name, JSON.parse(data));
        }
      }
    } catch {
      // the connection went: below
    }
    if (said) on.state('stopped');
    else retry(t('control.call.lost'));
  };
  const retry = (why) => {
    on.state('lost', why);
    setTimeout(open, 1000);
  };
  void open();
}
