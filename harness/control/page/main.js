// The control page of a running `harness up`: one stream of events from the harness keeps every
// panel up to date; every action is a call of the control channel that `harness chaos` and
// `harness app` make too.
import { translatePage, t } from './i18n.js';
import { takeToken, call, stream } from './api.js';
import { h, duration } from './dom.js';
import { faultForm } from './forms.js';
import { TimelineView } from './timeline.js';
import { renderComponents, renderApplied, workerChange, incident } from './panels.js';

const $ = (id) => document.getElementById(id);
translatePage();
const token = takeToken();

const timeline = new TimelineView({ view: $('timeline-view'), tip: $('timeline-tip'), detail: $('timeline-detail'), note: $('timeline-note'), legend: $('timeline-legend'), scroll: $('timeline-scroll') });
let startedAt;
let stopped = false;

function say(el, text, ok) {
  el.className = `result ${ok ? 'ok' : 'error'}`;
  el.textContent = text;
}

/** Runs an action; its answer (or refusal) is said in `el`. */
async function act(el, path, body, words) {
  try {
    say(el, words(await call(token, path, body ?? {})), true);
  } catch (e) {
    say(el, e.message, false);
  }
}

function connection(state, why) {
  const el = $('connection');
  el.dataset.state = state;
  el.textContent = ['open', 'lost', 'refused', 'stopped'].includes(state) ? t(`control.connection.${state}`) : state;
  if (state === 'refused' || state === 'stopped') {
    stopped = true;
    const banner = $('stopped');
    banner.hidden = false;
    banner.textContent =
      state === 'refused'
        ? t('control.stopped.refused', { why })
        : t('control.stopped.again', { why: banner.dataset.why ?? t('control.stopped.stack') });
    for (const b of document.querySelectorAll('button, input, select')) if (!b.closest('#timeline')) b.disabled = true;
  }
}

function incidents(list) {
  for (const i of list) {
    if (i.earlier) {
      const d = $('earlier');
      $('earlier-incidents').prepend(incident(i));
      d.hidden = false;
      d.querySelector('summary').textContent = t('control.earlier', { count: $('earlier-incidents').children.length });
    } else {
      $('incidents').prepend(incident(i));
    }
  }
}

const undo = (a) => act($('restore-result'), '/restore', { id: a.id }, (r) => t('control.undid', { labels: r.restored.join(', ') || t('control.nothing') }));

function hello(d) {
  startedAt = Date.parse(d.components.startedAt);
  renderComponents($('components-list'), d.components);
  const front = $('open-frontend');
  if (d.components.frontend) {
    front.href = d.components.frontend;
    front.removeAttribute('aria-disabled');
  }
  if (d.workerChanges.length) $('worker-changes').replaceChildren(...d.workerChanges.map(workerChange).reverse());
  renderApplied($('applied'), d.applied, undo);
  const forms = $('fault-forms');
  forms.replaceChildren(
    ...d.faults.map((f) =>
      faultForm(f, async (body) => {
        const r = await call(token, '/faults', body);
        return { text: [t('control.applied', { label: r.applied, effect: r.effect ?? f.summary }), ...(r.warnings ?? []).map((w) => t('control.warning', { text: w }))].join('\n') };
      }),
    ),
  );
  timeline.reset(d);
  $('incidents').replaceChildren();
  $('earlier-incidents').replaceChildren();
  incidents(d.incidents);
  doctorError(d.doctor);
}

function doctorError(text) {
  const el = $('doctor-error');
  el.hidden = !text;
  el.textContent = text ?? '';
}

if (!token) {
  connection('refused', t('control.noToken'));
} else {
  stream(token, {
    state: connection,
    event(name, d) {
      if (name === 'hello') hello(d);
      else if (name === 'timeline') timeline.batch(d);
      else if (name === 'components') renderComponents($('components-list'), d);
      else if (name === 'workers') {
        $('worker-changes').querySelector('.none')?.remove();
        $('worker-changes').prepend(workerChange(d));
      }
      else if (name === 'applied') renderApplied($('applied'), d, undo);
      else if (name === 'incident') incidents([d]);
      else if (name === 'doctor') doctorError(d.error);
      else if (name === 'lagged') {
        // The harness dropped what this page did not read in time; the stream opens again with a fresh hello.
        const el = $('lagged');
        el.textContent = t('control.lagged', { count: d.dropped.toLocaleString('en') });
        el.hidden = false;
      }
      else if (name === 'bye') $('stopped').dataset.why = t('control.stopped.stackWhy', { why: d.why });
    },
  });
}

setInterval(() => {
  if (startedAt && !stopped) $('uptime').textContent = duration(Date.now() - startedAt);
}, 1000);

$('restore').addEventListener('click', () => act($('restore-result'), '/restore', {}, (r) => (r.restored.length ? t('control.restored', { labels: r.restored.join(', ') }) : t('control.nothingToRestore'))));
$('app-order').addEventListener('click', () => act($('app-result'), '/app/order', {}, (r) => t('control.app.ordered', { id: r.order.id, number: r.order.number, pushed: r.pushed })));
$('app-reset').addEventListener('click', () => act($('app-result'), '/app/reset', {}, () => t('control.app.resetDone')));
$('app-remind').addEventListener('submit', (e) => {
  e.preventDefault();
  const raw = new FormData(e.target).get('id');
  // The id goes as typed: the harness says what an order id is.
  const id = /^\d+$/.test(String(raw).trim()) ? Number(raw) : raw;
  act($('app-result'), '/app/remind', { id }, (r) => t('control.app.reminded', { id: r.order.id, number: r.order.number, pushed: r.pushed }));
});
$('timeline-window').addEventListener('change', (e) => timeline.setWindow(Number(e.target.value)));
$('timeline-pause').addEventListener('click', (e) => {
  const on = e.target.getAttribute('aria-pressed') !== 'true';
  e.target.setAttribute('aria-pressed', String(on));
  e.target.textContent = t(on ? 'control.timeline.follow' : 'control.timeline.pause');
  timeline.pause(on);
});
$('timeline-json').addEventListener('click', async () => {
  const json = await call(token, '/timeline.json');
  const a = h('a', { href: URL.createObjectURL(new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' })), download: 'timeline.json' });
  a.click();
  URL.revokeObjectURL(a.href);
});
