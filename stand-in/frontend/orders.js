// 订单管理 (src/views/orderDetails/index.vue, route /order[?status=N][?orderId=N]): the tabs with
// their badges, the search (订单号, 手机号, 下单时间), the columns of each tab, paging, the details
// and the actions 接单, 拒单, 派送, 完成, 取消, with the same calls and parameters as the real page.
import { request } from './api.js';
import { h, toast, empty } from './dom.js';
import { nextView, isCurrent, rename } from './router.js';
import { layout } from './layout.js';
import { pagination } from './pagination.js';
import { detailDialog, reasonDialog, statusLabel, yuan } from './order-dialogs.js';

const WHAT = {
  page: { zh: '订单列表请求', en: 'Order list request' },
  statistics: { zh: '订单数量请求', en: 'Order counts request' },
  action: { zh: '订单操作请求', en: 'Order action request' },
};

/** The tabs (tabChange.vue): a badge on 待接单, 待派送 and 派送中 from /order/statistics. */
const TABS = [
  [0, '全部订单'], [2, '待接单', 'toBeConfirmed'], [3, '待派送', 'confirmed'], [4, '派送中', 'deliveryInProgress'], [5, '已完成'], [6, '已取消'],
];

/** The columns: label, the tabs that show it, the cell. */
const COLUMNS = [
  ['订单号', [0, 2, 3, 4, 5, 6], (r) => r.number],
  ['订单菜品', [2, 3, 4], (r) => r.orderDishes],
  ['订单状态', [0], (r) => statusLabel(r.status)],
  ['用户名', [0, 5, 6], (r) => r.consignee],
  ['手机号', [0, 5, 6], (r) => r.phone],
  ['地址', [0, 2, 3, 4, 5, 6], (r) => r.address],
  ['下单时间', [0, 6], (r) => r.orderTime],
  ['取消时间', [6], (r) => r.cancelTime],
  ['取消原因', [6], (r) => r.cancelReason],
  ['送达时间', [5], (r) => r.deliveryTime],
  ['预计送达时间', [2, 3, 4], (r) => r.estimatedDeliveryTime],
  ['实收金额', [0, 2, 5], (r) => yuan(r.amount)],
  ['备注', [2, 3, 4, 5], (r) => r.remark],
  ['餐具数量', [2, 3, 4], (r) => r.tablewareNumber],
];

export function orderView(query) {
  const id = nextView();
  const state = {
    input: '', phone: '', begin: '', end: '', page: 1, pageSize: 10, counts: 0, tableData: [], loaded: false,
    active: Number(query.get('status')) || 0, orderStatus: 0, isSearch: false, statics: {}, seq: 0,
  };
  let detail = null;

  // --- tabs
  const tabs = h('div.tab-change', { role: 'tablist', 'aria-label': '订单状态' });
  function renderTabs() {
    tabs.replaceChildren(...TABS.map(([value, label, count]) => {
      const n = count ? Number(state.statics[count]) || 0 : 0;
      return h(`button.tab-item${value === state.active ? '.active' : ''}`, {
        type: 'button', role: 'tab', 'aria-selected': value === state.active ? 'true' : 'false', 'data-testid': `order-tab-${value}`,
        onclick: () => changeTab(value),
      }, label, n > 0 && h('sup.el-badge__content', { 'data-testid': 'order-tab-badge' }, n > 99 ? '99+' : n));
    }));
  }
  function changeTab(value) {
    if (value === state.active) return;
    state.active = value;
    // The real page keeps the page number here; the stub goes back to page 1 of the other tab.
    state.page = 1;
    for (const input of [number, phone, begin, end]) input.value = '';
    Object.assign(state, { input: '', phone: '', begin: '', end: '' });
    rename('/order');
    renderTabs();
    init(false);
  }

  // --- search bar
  const input = (key, attrs) => {
    const el = h('input.el-input__inner', { type: 'text', autocomplete: 'off', ...attrs });
    el.addEventListener('input', () => (state[key] = el.value));
    el.addEventListener('keyup', (e) => {
      if (e.key === 'Enter') {
        state.page = 1;
        init(false);
      }
    });
    return el;
  };
  const number = input('input', { id: 'order-number', placeholder: '请填写订单号', 'data-testid': 'order-number' });
  const phone = input('phone', { id: 'order-phone', placeholder: '请填写手机号', 'data-testid': 'order-phone' });
  const begin = input('begin', { type: 'date', 'aria-label': '开始日期', 'data-testid': 'order-begin' });
  const end = input('end', { type: 'date', 'aria-label': '结束日期', 'data-testid': 'order-end' });
  const searchButton = h('button.el-button.normal-btn', { type: 'button', 'data-testid': 'order-search-button' }, '查询');
  searchButton.addEventListener('click', () => {
    state.page = 1;
    init(true);
  });

  // --- table, pagination
  const body = h('div.table-area');
  const pager = pagination(state, () => init(false));

  function renderTable() {
    // The real page shows the pagination only past 10 orders.
    pager.el.hidden = !state.loaded || state.counts <= 10;
    if (!state.loaded) {
      body.replaceChildren(h('div.table-loading', { 'data-testid': 'order-loading' }, '加载中…'));
      return;
    }
    if (!state.tableData.length) {
      body.replaceChildren(empty(state.isSearch, 'order-empty'));
      return;
    }
    const columns = COLUMNS.filter(([, shown]) => shown.includes(state.orderStatus));
    const rows = state.tableData.map((row) => h('tr', { 'data-testid': 'order-row', 'data-id': row.id },
      columns.map(([, , cell]) => h('td', {}, cell(row) ?? '')),
      h('td.col-actions', {}, actionButtons(row))));
    body.replaceChildren(h('table.el-table.order-table', { 'data-testid': 'order-table' },
      h('thead', {}, h('tr', {}, columns.map(([label]) => h('th', { scope: 'col' }, label)), h('th', { scope: 'col' }, '操作'))),
      h('tbody', {}, rows)));
  }

  function actionButtons(row) {
    const button = (text, cls, onclick) => h(`button.text-btn.${cls}`, { type: 'button', onclick }, text);
    const s = row.status;
    return [
      s === 2 && button('接单', 'blueBug', () => actions.accept(row)),
      s === 3 && button('派送', 'blueBug', () => actions.deliver(row.id)),
      s === 4 && button('完成', 'blueBug', () => actions.complete(row.id)),
      s === 2 && button('拒单', 'delBut', () => actions.reject(row)),
      [1, 3, 4, 5].includes(s) && button('取消', 'delBut', () => actions.cancel(row)),
      button('查看', 'blueBug', () => openDetail(row.id, row.status, row)),
    ].filter(Boolean);
  }

  // --- the actions: each answer with code 1 toasts 操作成功, closes the dialog and reloads the list.
  // 处理完自动跳转下一条: after 接 单 or 拒 单 in the dialog (`inDialog`) of a waiting order on the 待接单
  // tab, the reloaded list's first order opens (when more than one is left), as on the real page.
  const next = { checked: true, pending: false };
  async function act(call, inDialog = false) {
    try {
      const res = await request({ ...call, what: WHAT.action });
      if (res.code === 1) {
        toast('操作成功', 'success');
        detail?.close();
        next.pending = inDialog;
        init(false);
        return true;
      }
      toast(res.msg);
    } catch (err) {
      toast('请求出错了：' + err.message);
    }
    return false;
  }
  const actions = {
    accept: (row, inDialog) => act({ method: 'PUT', path: '/order/confirm', body: { id: row.id } }, inDialog),
    deliver: (orderId) => act({ method: 'PUT', path: `/order/delivery/${orderId}` }),
    complete: (orderId) => act({ method: 'PUT', path: `/order/complete/${orderId}` }),
    reject: (row, inDialog) => reason('拒绝', (r) => act({ method: 'PUT', path: '/order/rejection', body: { id: row.id, rejectionReason: r } }, inDialog)),
    cancel: (row) => reason('取消', (r) => act({ method: 'PUT', path: '/order/cancel', body: { id: row.id, cancelReason: r } })),
  };
  function reason(title, send) {
    detail?.close();
    reasonDialog(title, send);
  }

  const fromDialog = { ...actions, accept: (row) => actions.accept(row, true), reject: (row) => actions.reject(row, true) };

  function openDetail(orderId, status, row, loaded) {
    detail?.close();
    const autoNext = status === 2 && state.orderStatus === 2 ? { checked: next.checked, change: (c) => (next.checked = c) } : undefined;
    detail = detailDialog({ id: orderId, status, row: row ?? { id: orderId, status }, actions: fromDialog, loaded, autoNext });
  }

  /** GET /order/conditionSearch, then on code 1 GET /order/statistics; only the newest answer counts. */
  async function init(isSearch) {
    const afterDialog = next.pending;
    next.pending = false;
    state.isSearch = Boolean(isSearch);
    const seq = ++state.seq;
    const tab = state.active;
    const dates = state.begin && state.end;
    try {
      const res = await request({
        method: 'GET', path: '/order/conditionSearch', what: WHAT.page,
        params: {
          page: state.page, pageSize: state.pageSize, number: state.input || undefined, phone: state.phone || undefined,
          beginTime: dates ? `${state.begin} 00:00:00` : undefined, endTime: dates ? `${state.end} 23:59:59` : undefined,
          status: tab || undefined,
        },
      });
      if (!isCurrent(id) || seq !== state.seq) return;
      if (res.code !== 1) return toast(res.msg);
      Object.assign(state, { tableData: res.data.records, orderStatus: tab, counts: Number(res.data.total), loaded: true });
      statistics();
      const first = res.data.records[0];
      if (afterDialog && next.checked && tab === 2 && res.data.records.length > 1) openDetail(first.id, first.status, first);
    } catch (err) {
      if (!isCurrent(id) || seq !== state.seq) return;
      toast('请求出错了：' + err.message);
    }
    renderTable();
    pager.render();
  }

  async function statistics() {
    try {
      const res = await request({ method: 'GET', path: '/order/statistics', what: WHAT.statistics });
      if (!isCurrent(id)) return;
      if (res.code !== 1) return toast(res.msg);
      state.statics = res.data ?? {};
      renderTabs();
    } catch (err) {
      toast('请求出错了：' + err.message);
    }
  }

  renderTabs();
  renderTable();
  pager.render();
  init(false);
  // From a notification (/order?orderId=N): that order's details, as the page opens them, as if it
  // were waiting (待接单: 拒 单 and 接 单); then the address drops the orderId.
  const orderId = query.get('orderId');
  if (orderId && orderId !== 'undefined') openDetail(orderId, 2, undefined, () => rename('/order'));

  return layout(
    h('div.dashboard-container', {},
      tabs,
      h('div.container', {},
        h('div.tableBar', {},
          h('label', { for: 'order-number' }, '订单号：'), h('span.search', {}, number),
          h('label', { for: 'order-phone' }, '手机号：'), h('span.search', {}, phone),
          h('label', {}, '下单时间：'), h('span.date-range', {}, begin, h('span', {}, '至'), end),
          searchButton),
        body,
        pager.el)), '/order');
}
