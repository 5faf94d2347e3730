// Element UI's el-pagination as the list pages use it: `layout="total, sizes, prev, pager, next,
// jumper"`, page sizes 10, 20, 30, 40.
import { h } from './dom.js';

export const PAGE_SIZES = [10, 20, 30, 40];
/** Element UI's pager shows at most 7 page numbers, with "…" jumps of 5 pages. */
const PAGER_COUNT = 7;

/**
 * The pagination of a list whose `state` holds `page`, `pageSize` and `counts` (the total); `load()`
 * asks for the page the state names. `render()` draws it again (after an answer).
 * @param {{ page: number, pageSize: number, counts: number }} state
 * @param {() => void} load
 */
export function pagination(state, load) {
  const el = h('div.el-pagination', { 'data-testid': 'pagination' });

  function pageCount() {
    return Math.max(1, Math.ceil(state.counts / state.pageSize));
  }

  function setPage(p) {
    const page = Math.min(Math.max(1, Math.floor(Number(p)) || 1), pageCount());
    if (page === state.page) {
      renderPagination();
      return;
    }
    state.page = page;
    load();
  }

  /** Element UI's pager: 1, a window around the current page, the last page, "…" in between. */
  function pagerItems() {
    const count = pageCount();
    const current = state.page;
    const half = (PAGER_COUNT - 1) / 2;
    let prevMore = false;
    let nextMore = false;
    if (count > PAGER_COUNT) {
      prevMore = current > PAGER_COUNT - half;
      nextMore = current < count - half;
    }
    const middle = [];
    if (prevMore && !nextMore) {
      for (let i = count - (PAGER_COUNT - 2); i < count; i++) middle.push(i);
    } else if (!prevMore && nextMore) {
      for (let i = 2; i < PAGER_COUNT; i++) middle.push(i);
    } else if (prevMore && nextMore) {
      const offset = Math.floor(PAGER_COUNT / 2) - 1;
      for (let i = current - offset; i <= current + offset; i++) middle.push(i);
    } else {
      for (let i = 2; i < count; i++) middle.push(i);
    }
    return [1, prevMore && 'prev-more', ...middle, nextMore && 'next-more', count > 1 && count].filter(Boolean);
  }

  function renderPagination() {
    const count = pageCount();
    const sizes = h('select.page-size', { 'data-testid': 'page-size', 'aria-label': '每页条数' },
      PAGE_SIZES.map((n) => h('option', { value: n, selected: n === state.pageSize }, `${n}条/页`)));
    sizes.addEventListener('change', () => {
      state.pageSize = Number(sizes.value);
      // The real pages reload with the current page (and Element then clamps it to the new page
      // count); the stub goes back to page 1 on a size change.
      state.page = 1;
      load();
    });
    const prev = h('button.btn-prev', {
      type: 'button', 'aria-label': '上一页', 'data-testid': 'page-prev', disabled: state.page <= 1,
    }, '‹');
    prev.addEventListener('click', () => setPage(state.page - 1));
    const next = h('button.btn-next', {
      type: 'button', 'aria-label': '下一页', 'data-testid': 'page-next', disabled: state.page >= count,
    }, '›');
    next.addEventListener('click', () => setPage(state.page + 1));
    const pager = h('ul.el-pager', { 'data-testid': 'pager' }, pagerItems().map((item) => {
      if (item === 'prev-more' || item === 'next-more') {
        const jump = item === 'prev-more' ? -(PAGER_COUNT - 2) : PAGER_COUNT - 2;
        return h(`li.more.${item === 'prev-more' ? 'btn-quickprev' : 'btn-quicknext'}`, {
          role: 'button', tabindex: 0, 'aria-label': item === 'prev-more' ? `向前 ${-jump} 页` : `向后 ${jump} 页`,
          onclick: () => setPage(state.page + jump), onkeydown: (e) => e.key === 'Enter' && setPage(state.page + jump),
        }, '…');
      }
      const active = item === state.page;
      return h(`li.number${active ? '.active' : ''}`, {
        role: 'button', tabindex: 0, 'aria-current': active ? 'page' : undefined, 'data-testid': 'page-number',
        onclick: () => setPage(item), onkeydown: (e) => e.key === 'Enter' && setPage(item),
      }, item);
    }));
    const jumper = h('input.el-pagination__editor', {
      type: 'number', min: 1, max: count, value: state.page, 'aria-label': '前往页码', 'data-testid': 'page-jump',
    });
    jumper.addEventListener('change', () => setPage(jumper.value));
    jumper.addEventListener('keyup', (e) => {
      if (e.key === 'Enter') setPage(jumper.value);
    });
    el.replaceChildren(
      h('span.el-pagination__total', { 'data-testid': 'pagination-total' }, `共 ${state.counts} 条`),
      h('span.el-pagination__sizes', {}, sizes),
      prev, pager, next,
      h('span.el-pagination__jump', {}, '前往', jumper, '页'));
  }

  return { el, render: renderPagination, pageCount };
}
