// sky-server's admin ShopController (@RequestMapping("/admin/shop")): the 营业状态 kept in Redis under
// SHOP_STATUS. Any integer is stored; the JSON body the front end also sends is not read.
import { bindPath } from './binding.js';
import type { AdminContext } from './context.js';
import { SpringError, sendJson, type Route } from './dispatcher.js';
import { SUCCESS } from './employee-controller.js';
import { success } from './json.js';

export function shopRoutes({ state }: AdminContext): Route[] {
  return [
    {
      method: 'PUT',
      path: '/admin/shop/{status}',
      handle: (x) => {
        const status = bindPath(x.params.status, 'int') as number;
        state.write(() => (state.shopStatus = status));
        sendJson(x, SUCCESS);
      },
    },
    {
      method: 'GET',
      path: '/admin/shop/status',
      handle: (x) => {
        // Never set: the controller's log line unboxes null, a NullPointerException.
        if (state.shopStatus === null) throw new SpringError(500);
        sendJson(x, success(String(state.shopStatus)));
      },
    },
  ];
}
