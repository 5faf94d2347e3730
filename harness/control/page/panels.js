// The panels beside the timeline: the components, the workers' changes, the faults applied, the
// doctor's incidents.
import { h, clock } from './dom.js';

const ENGINE = { embedded: 'embedded nginx', nginx: 'nginx' };
const ADMIN = { dual: 'listening on both loopbacks', ipv4: 'listening on IPv4 only', ipv6: 'listening on IPv6 only', down: 'not listening (down)', external: 'your own server (--admin external)' };

/** The components as a definition list. */
export function renderComponents(dl, c) {
  const row = (term, ...value) => [h('dt', {}, term), h('dd', {}, ...value)];
  const pids = (list) => (list.length ? list.map((p) => h('code', { class: 'pid' }, p)) : [h('em', {}, 'none')]);
  dl.replaceChildren(
    ...row('proxy', `${ENGINE[c.engine] ?? c.engine}, ${c.os} profile`),
    ...row('listens', c.proxy.conf ? `where ${c.proxy.conf} says` : c.proxy.addresses.join(', ')),
    ...row('master', c.proxy.master ? h('code', { class: 'pid', dataset: { testid: 'master-pid' } }, c.proxy.master) : h('em', {}, 'not running'), c.engine === 'embedded' ? ' (in the harness)' : null),
    ...row('workers', h('span', { dataset: { testid: 'worker-pids' } }, ...joinWith(pids(c.proxy.workers), ' '))),
    ...row('admin', h('span', { dataset: { testid: 'admin-mode' } }, ADMIN[c.admin.mode] ?? c.admin.mode), c.admin.addresses.length ? ` on ${c.admin.addresses.join(', ')}` : ` (port ${c.admin.port})`, c.admin.upstream ? `, passing requests to your server on ${c.admin.upstream}` : ''),
    ...row('front end', c.frontend ? h('code', {}, c.frontend) : 'none the harness knows of (your conf decides what / serves)', c.frontendRoot ? ` from ${c.frontendRoot}` : ''),
    ...row('ports', `proxy ${c.proxy.port || '(your conf\'s)'}, admin ${c.admin.port}, this page ${location.port}`),
    ...row('prefix', h('code', {}, c.prefix)),
    ...row('logs', h('code', {}, c.errorLog), ', ', h('code', {}, c.accessLog)),
    ...row('harness', `pid ${c.harnessPid}, ready at ${clock(Date.parse(c.startedAt)).slice(0, 8)}`),
  );
}

function joinWith(nodes, sep) {
  return nodes.flatMap((n, i) => (i ? [sep, n] : [n]));
}

/** A change of the workers, newest first: `12:01:02 1234 gone → 1240 started`. */
export function workerChange(c) {
  return h(
    'li',
    { class: 'fresh' },
    h('time', {}, clock(Date.parse(c.at)).slice(0, 12)),
    ' ',
    ...c.gone.map((p) => h('span', { class: 'gone' }, `${p} gone`)),
    c.gone.length && c.started.length ? ' → ' : '',
    ...c.started.map((p) => h('span', { class: 'started' }, `${p} started`)),
  );
}

/** The faults applied now, each with its undo. */
export function renderApplied(ul, applied, undo) {
  if (!applied.length) {
    ul.replaceChildren(h('li', { class: 'none' }, 'none'));
    return;
  }
  ul.replaceChildren(
    ...applied.map((a) =>
      h(
        'li',
        { dataset: { testid: `applied-${a.label}` } },
        h('code', {}, a.label),
        a.progress ? h('small', {}, ` ${a.progress}`) : null,
        h('button', { type: 'button', class: 'small', onclick: () => undo(a) }, 'Undo'),
      ),
    ),
  );
}

/** One incident of the doctor's: what it is, why, what to do, and its lines. */
export function incident(i) {
  return h(
    'li',
    { class: `incident ${i.condition}`, dataset: { condition: i.condition } },
    h('p', { class: 'head' }, h('span', { class: 'condition' }, i.condition), ' ', h('time', {}, clock(Date.parse(i.at)).slice(0, 8)), ' ', h('small', {}, `error.log line${i.lines.length > 1 ? 's' : ''} ${lineNumbers(i.lines)}`)),
    h('p', { class: 'cause' }, i.cause),
    h('p', { class: 'fix' }, h('strong', {}, 'Fix: '), i.fix),
    h('details', {}, h('summary', {}, `the ${i.lines.length === 1 ? 'line' : `${i.lines.length} lines`}`), h('pre', {}, i.lines.map((l) => l.text).join('\n'))),
  );
}

function lineNumbers(lines) {
  const nos = lines.map((l) => l.no);
  return nos.length > 4 ? `${nos[0]}–${nos[nos.length - 1]}` : nos.join(', ');
}
