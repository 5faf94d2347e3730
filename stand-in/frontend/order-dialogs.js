// 订单管理's two dialogs (src/views/orderDetails/index.vue): 订单信息, the details of one order with
// the buttons of its status, and 拒绝原因 / 取消原因, the reason chosen before a 拒单 or a 取消.
import { request } from './api.js';
import { h, toast, dialog } from './dom.js';

/** The labels of the order statuses (the page's orderList); a status outside them shows 退款. */
export const STATUS_LABELS = { 1: '待付款', 2: '待接单', 3: '待派送', 4: '派送中', 5: '已完成', 6: '已取消' };
export const statusLabel = (status) => STATUS_LABELS[status] ?? '退款';

/** `￥` and a money figure as the page writes it: `(amount.toFixed(2) * 100) / 100`. */
export const yuan = (amount) => `￥${(Number(amount).toFixed(2) * 100) / 100}`;

/** The fixed delivery fee the page takes off the total for 菜品小计. */
const DELIVERY_FEE = 6;

/**
 * The 订单信息 dialog, open at once (as the page opens it before the answer), filled when
 * `GET /order/details/{id}` answers. `status` decides the buttons, as the page's dialogOrderStatus.
 * `autoNext`: the 处理完自动跳转下一条 box, shown for a waiting order on the 待接单 tab.
 * @param {{ id: string|number, status: number, row: object, actions: object, loaded?: () => void,
 *           autoNext?: { checked: boolean, change: (checked: boolean) => void } }} o
 */
export function detailDialog(o) {
  const body = h('div.order-detail', { 'data-testid': 'order-detail' }, h('p.order-detail__loading', {}, '加载中…'));
  const button = (text, onclick, primary) => h(`button.el-button${primary ? '.el-button--primary' : ''}`, { type: 'button', onclick }, text);
  const s = o.status;
  const autoNext = o.autoNext && h('input', { type: 'checkbox', checked: o.autoNext.checked, 'data-testid': 'order-auto-next' });
  autoNext?.addEventListener('change', () => o.autoNext.change(autoNext.checked));
  const footer = s === 6 ? undefined : [
    autoNext && h('label.el-checkbox', {}, autoNext, '处理完自动跳转下一条'),
    s === 2 && button('拒 单', () => o.actions.reject(o.row)),
    s === 2 && button('接 单', () => o.actions.accept(o.row), true),
    [1, 3, 4, 5].includes(s) && button('返 回', () => d.close()),
    s === 3 && button('派 送', () => o.actions.deliver(o.row.id), true),
    s === 4 && button('完 成', () => o.actions.complete(o.row.id), true),
    s === 1 && button('取消订单', () => o.actions.cancel(o.row), true),
  ].filter(Boolean);
  const d = dialog({ title: '订单信息', body, footer, testid: 'order-dialog', width: '53%' });
  request({ method: 'GET', path: `/order/details/${o.id}`, what: { zh: '订单详情请求', en: 'Order details request' } }).then((res) => {
    // The page reads `data` whatever the code; an HTTP error leaves the dialog empty (the banner says why).
    if (res.data) body.replaceChildren(...detailParts(res.data, s));
    o.loaded?.();
  }, () => undefined);
  return d;
}

function detailParts(f, s) {
  const field = (label, value, testid) => h('div.order-detail__field', {}, h('label', {}, label), h('span', { 'data-testid': testid }, value ?? ''));
  const subtotal = (f.amount - DELIVERY_FEE - f.packAmount).toFixed(2);
  return [
    h('div.order-top', {},
      h('div', {},
        h('label', {}, '订单号：'), h('span.order-num', { 'data-testid': 'order-detail-number' }, f.number),
        h(`span.order-status${[3, 4].includes(s) ? '.status3' : ''}`, { 'data-testid': 'order-detail-status' }, statusLabel(s))),
      h('p', {}, h('label', {}, '下单时间：'), f.orderTime)),
    h('div.order-middle', {},
      h('div.user-info', {},
        field('用户名：', f.consignee, 'order-detail-consignee'),
        field('手机号：', f.phone),
        [2, 3, 4, 5].includes(s) && field(s === 5 ? '送达时间：' : '预计送达时间：', s === 5 ? f.deliveryTime : f.estimatedDeliveryTime),
        field('地址：', f.address),
        h(`div.user-remark${s === 6 ? '.orderCancel' : ''}`, {},
          h('div', {}, s === 6 ? '取消原因' : '备注'),
          h('span', {}, s === 6 ? f.cancelReason || f.rejectionReason : f.remark))),
      h('div.dish-info', {},
        h('div.dish-label', {}, '菜品'),
        h('div.dish-list', { 'data-testid': 'order-detail-dishes' }, (f.orderDetailList ?? []).map((item) => h('div.dish-item', {},
          h('span.dish-name', {}, item.name), h('span.dish-num', {}, `x${item.number}`),
          h('span.dish-price', {}, `￥${item.amount ? item.amount.toFixed(2) : ''}`)))),
        h('div.dish-all-amount', {}, h('label', {}, '菜品小计'), h('span', {}, `￥${subtotal}`)))),
    h('div.order-bottom', {},
      h('div.amount-label', {}, '费用'),
      h('div.amount-list', {},
        field('菜品小计：', `￥${(subtotal * 100) / 100}`),
        field('派送费：', `￥${DELIVERY_FEE}`),
        field('打包费：', `￥${f.packAmount ? (f.packAmount.toFixed(2) * 100) / 100 : ''}`),
        field('合计：', f.amount ? yuan(f.amount) : '￥', 'order-detail-amount'),
        field('支付渠道：', f.payMethod === 1 ? '微信支付' : '支付宝支付'),
        field('支付时间：', f.checkoutTime))),
  ];
}

const REASONS = {
  拒绝: ['订单量较多，暂时无法接单', '菜品已销售完，暂时无法接单', '餐厅已打烊，暂时无法接单', '自定义原因'],
  取消: ['订单量较多，暂时无法接单', '菜品已销售完，暂时无法接单', '骑手不足无法配送', '客户电话取消', '自定义原因'],
};

/**
 * The 拒绝原因 or 取消原因 dialog (`title`: 拒绝 or 取消). `send(reason)` is called with the reason
 * chosen, or the custom text; it resolves true when the dialog may close.
 * @param {'拒绝'|'取消'} title @param {(reason: string) => Promise<boolean>} send
 */
export function reasonDialog(title, send) {
  const select = h('select.el-select', { 'aria-label': `${title}原因`, 'data-testid': 'reason-select' },
    h('option', { value: '' }, `请选择${title}原因`),
    REASONS[title].map((r) => h('option', { value: r }, r)));
  const custom = h('textarea.el-textarea', {
    maxlength: 20, placeholder: `请填写您${title}的原因（限20字内）`, 'aria-label': '原因', 'data-testid': 'reason-text',
  });
  const customItem = h('div.el-form-item', { hidden: true }, h('label.el-form-item__label', {}, '原因：'), custom);
  select.addEventListener('change', () => (customItem.hidden = select.value !== '自定义原因'));
  const confirm = async () => {
    const remark = custom.value.trim();
    if (!select.value) return toast(`请选择${title}原因`);
    if (select.value === '自定义原因' && !remark) return toast(`请输入${title}原因`);
    if (await send(select.value === '自定义原因' ? remark : select.value)) d.close();
  };
  const d = dialog({
    title: `${title}原因`, testid: 'reason-dialog', width: '42%',
    body: h('form.el-form.reason-form', { onsubmit: (e) => e.preventDefault() },
      h('div.el-form-item', {}, h('label.el-form-item__label', {}, `${title}原因：`), select), customItem),
    footer: [
      h('button.el-button', { type: 'button', onclick: () => d.close() }, '取 消'),
      h('button.el-button.el-button--primary', { type: 'button', onclick: confirm }, '确 定'),
    ],
  });
  return d;
}
