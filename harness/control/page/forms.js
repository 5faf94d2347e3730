// A form for each fault, drawn from the fault's own description of its arguments (the one the
// CLI's parser reads): a field per argument, of its type, with its range or choices, what it is
// and an example. The values go to the harness by name; the harness checks them with the CLI's
// own parser, and its message is what the form shows, word for word.
import { h } from './dom.js';
import { t } from './i18n.js';

/** The field of one argument. */
function field(param) {
  const id = `f-${Math.random().toString(36).slice(2)}`;
  let input;
  if (param.type === 'choice') {
    // Nothing chosen at first: a required choice left so gets the harness's message, as on the command line.
    const none = param.required ? t('control.form.choose', { placeholder: param.placeholder }) : param.default !== undefined ? `(${param.default})` : '—';
    input = h('select', { id, name: param.name }, h('option', { value: '' }, none), ...param.values.map((v) => h('option', { value: v }, v)));
  } else {
    // Numbers are typed as text: the harness's message, not the browser's, says what is wrong.
    const numeric = param.type === 'integer' || param.type === 'fraction';
    input = h('input', { id, name: param.name, type: 'text', inputmode: numeric ? (param.type === 'integer' ? 'numeric' : 'decimal') : undefined, placeholder: param.example, autocomplete: 'off', spellcheck: 'false' });
  }
  const range = param.type === 'integer' ? t('control.form.range', { min: param.min, max: param.max }) : param.type === 'fraction' ? t('control.form.fraction') : '';
  if (param.required) input.setAttribute('aria-required', 'true');
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, param.flag ? `--${param.name}` : param.placeholder, param.required ? h('span', { class: 'required', title: t('control.form.required'), 'aria-hidden': 'true' }, ' *') : null),
    input,
    h('small', {}, `${param.describe}${range}`),
  );
}

/** What the form's values are, by name (empty fields left out). */
function values(form) {
  const flags = {};
  for (const [k, v] of new FormData(form)) if (String(v).trim() !== '') flags[k] = String(v).trim();
  return flags;
}

/** The command a user would type for these values. */
function command(fault, flags) {
  const parts = ['harness chaos inject', fault.name];
  for (const p of fault.params) {
    const v = flags[p.name];
    if (v === undefined) continue;
    parts.push(p.flag ? `--${p.name} ${v}` : v);
  }
  return parts.join(' ');
}

/**
 * One fault's form, in a <details> of its own.
 * @param {{name: string, summary: string, usage: string, params: object[]}} fault
 * @param {(body: object) => Promise<{text: string}>} inject
 */
export function faultForm(fault, inject) {
  const result = h('p', { class: 'result', role: 'status' });
  const preview = h('code', { class: 'command' }, command(fault, {}));
  const submit = h('button', { type: 'submit' }, t('control.faults.inject'));
  const form = h('form', { novalidate: true, dataset: { fault: fault.name } }, ...fault.params.map(field), h('p', { class: 'preview' }, preview), submit, result);
  form.addEventListener('input', () => (preview.textContent = command(fault, values(form))));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    submit.disabled = true;
    result.className = 'result';
    result.textContent = t('control.form.applying');
    try {
      const r = await inject({ name: fault.name, flags: values(form) });
      result.classList.add('ok');
      result.textContent = r.text;
    } catch (err) {
      result.classList.add('error');
      result.textContent = err.message;
    } finally {
      submit.disabled = false;
    }
  });
  return h('details', { class: 'fault', dataset: { testid: `fault-${fault.name}` } }, h('summary', {}, h('strong', {}, fault.name), ' ', h('span', { class: 'usage' }, fault.usage.slice(fault.name.length).trim())), h('p', { class: 'summary' }, fault.summary), form);
}
