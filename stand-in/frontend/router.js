// The hash router (vue-router's default hash mode: the proxy only ever sees `GET /`): where the app
// is, how to go elsewhere, and which view is current (an answer that arrives after the view changed
// is dropped). app.js renders on every `hashchange`.

let viewId = 0;

/** A new view starts: its id, for isCurrent(). */
export function nextView() {
  return ++viewId;
}

export function isCurrent(id) {
  return id === viewId;
}

export function currentPath() {
  const path = location.hash.replace(/^#/, '').split('?')[0];
  return path || '/';
}

export function currentQuery() {
  return new URLSearchParams(location.hash.split('?')[1] ?? '');
}

/** router.push: to `path`, or the same view again when it is already there. */
export function go(path) {
  if (location.hash.replace(/^#/, '') === path) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = '#' + path;
}

/** router.replace (fires hashchange → render). */
export function redirect(path) {
  location.replace('#' + path);
}

/** The address changes to `path` without a render: the page shown stays as it is. */
export function rename(path) {
  history.replaceState(history.state, '', '#' + path);
}
