// Every handler of the server: the controllers of the real one, one per resource, in the order Spring
// would prefer them.
import { categoryRoutes } from './category-controller.js';
import { commonRoutes } from './common-controller.js';
import type { AdminContext } from './context.js';
import type { Route } from './dispatcher.js';
import { dishRoutes } from './dish-controller.js';
import { employeeRoutes } from './employee-controller.js';
import { orderRoutes } from './order-controller.js';
import { reportRoutes } from './report-controller.js';
import { setmealRoutes } from './setmeal-controller.js';
import { shopRoutes } from './shop-controller.js';
import { Uploads } from './uploads.js';
import { workspaceRoutes } from './workspace-controller.js';

const CONTROLLERS = [employeeRoutes, categoryRoutes, dishRoutes, setmealRoutes, orderRoutes, shopRoutes, workspaceRoutes, reportRoutes, commonRoutes];

export function adminRoutes(o: Omit<AdminContext, 'uploads'> & { uploadDir?: string }): Route[] {
  const ctx: AdminContext = { ...o, uploads: new Uploads(o.uploadDir) };
  return bySpecificity(CONTROLLERS.flatMap((routes) => routes(ctx)));
}

/** Spring prefers a literal path to a `{variable}` one that matches as well: literal routes first. */
function bySpecificity(routes: Route[]): Route[] {
  const variables = (r: Route) => (r.path.match(/\{/g) ?? []).length;
  return routes.map((r, i) => ({ r, i })).sort((a, b) => variables(a.r) - variables(b.r) || a.i - b.i).map(({ r }) => r);
}
