// The panels beside the timeline: the components, the workers' changes, the faults applied, the
// doctor's incidents.
import { h, clock } from './dom.js';
import { t } from './i18n.js';

const engineName = (engine) => (engine === 'embedded' ? t('control.engine.embedded') : engine);
const adminMode = (mode) => (['dual', 'ipv4', 'ipv6', 'down', 'external'].includes(mode) ? t(`control.admin.${mode}`) : mode);

/** The components as a definition list. */
export function renderComponents(dl, c) {
  const row = (term, ...value) => [h('dt', {}, term), h('dd', {}, ...value)];
  const pids = (list) => (list.length ? list.map((p) => h('code', { class: 'pid' }, p)) : [h('em', {}, t('control.none'))]);
  dl.replaceChildren(
    ...row(t('control.row.proxy'), t('control.proxy.profile', { engine: engineName(c.engine), os: c.os })),
    ...row(t('control.row.listens'), c.proxy.conf ? t('control.proxy.whereConf', { conf: c.proxy.conf }) : c.proxy.addresses.join(', ')),
    ...row(t('control.row.master'), c.proxy.master ? h('code', { class: 'pid', dataset: { testid: 'master-pid' } }, c.proxy.master) : h('em', {}, t('control.proxy.notRunning')), c.engine === 'embedded' ? t('control.proxy.inHarness') : null),
    ...row(t('control.row.workers'), h('span', { dataset: { testid: 'worker-pids' } }, ...joinWith(pids(c.proxy.workers), ' '))),
    ...row(t('control.row.admin'), h('span', { dataset: { testid: 'admin-mode' } }, adminMode(c.admin.mode)), c.admin.addresses.length ? t('control.admin.on', { addresses: c.admin.addresses.join(', ') }) : t('control.admin.port', { port: c.admin.port }), c.admin.upstream ? t('control.admin.upstream', { upstream: c.admin.upstream }) : ''),
    ...(c.admin.command ? row(t('control.row.adminCommand'), h('span', { dataset: { testid: 'admin-command' } }, adminCommand(c.admin.command))) : []),
    ...row(t('control.row.frontend'), c.frontend ? h('code', {}, c.frontend) : t('control.frontend.unknown'), c.frontendRoot ? t('control.frontend.from', { root: c.frontendRoot }) : ''),
    ...row(t('control.row.ports'), t('control.ports', { proxy: c.proxy.port || t('control.ports.conf'), admin: c.admin.port, page: location.port })),
    ...row(t('control.row.prefix'), h('code', {}, c.prefix)),
    ...row(t('control.row.logs'), h('code', {}, c.errorLog), ', ', h('code', {}, c.accessLog)),
    ...row(t('control.row.harness'), t('control.harness', { pid: c.harnessPid, time: clock(Date.parse(c.startedAt)).slice(0, 8) })),
  );
}

/** The user's own server started by the harness: its command and pid, and when and how it ended. */
function adminCommand(c) {
  const p = { command: c.command, pid: c.pid };
  return c.exited ? t('control.adminCommand.exited', { ...p, time: clock(Date.parse(c.exited.at)).slice(0, 8), how: c.exited.how }) : t('control.adminCommand.running', p);
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
    ...c.gone.map((p) => h('span', { class: 'gone' }, t('control.worker.gone', { pid: p }))),
    c.gone.length && c.started.length ? ' → ' : '',
    ...c.started.map((p) => h('span', { class: 'started' }, t('control.worker.started', { pid: p }))),
  );
}

/** The faults applied now, each with its undo. */
export function renderApplied(ul, applied, undo) {
  if (!applied.length) {
    ul.replaceChildren(h('li', { class: 'none' }, t('control.none')));
    return;
  }
  ul.replaceChildren(
    ...applied.map((a) =>
      h(
        'li',
        { dataset: { testid: `applied-${a.label}` } },
        h('code', {}, a.label),
        a.progress ? h('small', {}, ` ${a.progress}`) : null,
        h('button', { type: 'button', class: 'small', onclick: () => undo(a) }, t('control.undo')),
      ),
    ),
  );
}

/** One incident of the doctor's: what it is, why, what to do, and its lines. */
export function incident(i) {
  return h(
    'li',
    { class: `incident ${i.condition}`, dataset: { condition: i.condition } },
    h('p', { class: 'head' }, h('span', { class: 'condition' }, i.condition), ' ', h('time', {}, clock(Date.parse(i.at)).slice(0, 8)), ' ', h('small', {}, t(i.count > 1 ? 'control.incident.lines' : 'control.incident.line', { numbers: lineNumbers(i) }))),
    h('p', { class: 'cause' }, i.cause),
    h('p', { class: 'fix' }, h('strong', {}, t('control.incident.fix')), i.fix),
    h('details', {}, h('summary', {}, i.count === 1 ? t('control.incident.theLine') : t('control.incident.theLines', { count: i.count })), h('pre', {}, quotedText(i))),
  );
}

/** The lines quoted; the harness keeps the first and the last of a long incident, and says how many are between. */
function quotedText(i) {
  const texts = i.lines.map((l) => l.text);
  const between = i.count - i.lines.length;
  if (between > 0) texts.splice(texts.length - 1, 0, t('control.incident.summarised', { count: between.toLocaleString('en') }));
  return texts.join('\n');
}

function lineNumbers(i) {
  const nos = i.lines.map((l) => l.no);
  return i.count > 4 ? `${nos[0]}–${nos[nos.length - 1]}` : nos.join(', ');
}
