// sky-server's DishController (@RequestMapping("/admin/dish")), DishServiceImpl, DishMapper and
// DishFlavorMapper, as the course's reference solution has them (its page filters on category_id;
// the real server's typo `d.categoryId` makes that filter a 500). Writes are all or nothing.
import { bindLongList, bindNumber, bindPath, parseQuery, type Dto } from './binding.js';
import { decimal, duplicate, notNull, varchar } from './columns.js';
import { menuPage, nameTaken, newestFirst, restamp } from './menu-rows.js';
import { audit, type AdminContext } from './context.js';
import { BusinessError, SpringError, sendJson, type Exchange, type Route } from './dispatcher.js';
import { SUCCESS } from './employee-controller.js';
import { money, num, str, success, time, type Long } from './json.js';
import { readJsonDto } from './json-body.js';
import type { AdminState } from './state.js';
import { DISABLE, ENABLE, type Dish, type DishFlavor } from './tables.js';

const FLAVOR_DTO = { id: 'long', dishId: 'long', name: 'string', value: 'string' } as const;
const DISH_DTO = {
  id: 'long', name: 'string', categoryId: 'long', price: 'decimal', image: 'string', description: 'string', status: 'int', flavors: { list: FLAVOR_DTO },
} as const;

export function dishJson(d: Dish): string {
  return `{"id":${d.id},"name":${str(d.name)},"categoryId":${num(d.categoryId)},"price":${money(d.price)},"image":${str(d.image)},"description":${str(d.description)},"status":${num(d.status)},"createTime":${time(d.createTime)},"updateTime":${time(d.updateTime)},"createUser":${num(d.createUser)},"updateUser":${num(d.updateUser)}}`;
}

/** DishVO: no createTime/createUser; categoryName and flavors after updateTime. */
function dishVoJson(d: Dish, categoryName: string | null, flavors: readonly DishFlavor[]): string {
  const fl = flavors.map((f) => `{"id":${f.id},"dishId":${num(f.dishId)},"name":${str(f.name)},"value":${str(f.value)}}`);
  return `{"id":${d.id},"name":${str(d.name)},"categoryId":${num(d.categoryId)},"price":${money(d.price)},"image":${str(d.image)},"description":${str(d.description)},"status":${num(d.status)},"updateTime":${time(d.updateTime)},"categoryName":${str(categoryName)},"flavors":[${fl.join(',')}]}`;
}

export function dishRoutes({ state }: AdminContext): Route[] {
  return [
    { method: 'POST', path: '/admin/dish', handle: (x) => save(x, state) },
    { method: 'GET', path: '/admin/dish/page', handle: (x) => page(x, state) },
    { method: 'DELETE', path: '/admin/dish', handle: (x) => deleteBatch(x, state) },
    { method: 'GET', path: '/admin/dish/list', handle: (x) => list(x, state) },
    { method: 'GET', path: '/admin/dish/{id}', handle: (x) => byId(x, state) },
    { method: 'PUT', path: '/admin/dish', handle: (x) => update(x, state) },
    { method: 'POST', path: '/admin/dish/status/{status}', handle: (x) => startOrStop(x, state) },
  ];
}

/** dish_flavor rows to insert for `dishId`, checked; a null item is the service's NullPointerException. */
function flavorRows(state: AdminState, dto: Dto, dishId: Long | null): DishFlavor[] {
  const items = dto.flavors as (Dto | null)[] | null;
  if (!items?.length) return [];
  let id = state.next.dishFlavor;
  return items.map((f) => {
    if (f === null) throw new SpringError(500);
    return { id: id++, dishId: notNull(dishId), name: varchar(f.name as string | null, 32), value: varchar(f.value as string | null, 255) };
  });
}

function addFlavors(state: AdminState, rows: readonly DishFlavor[]): void {
  for (const f of rows) state.flavors.set(f.id, f);
  state.next.dishFlavor += rows.length;
}

function flavorsOf(state: AdminState, dishId: number): DishFlavor[] {
  return [...state.flavors.values()].filter((f) => f.dishId === dishId);
}

/** saveWithFlavor: the dish with the status it was sent (a null one stays NULL), then its flavors. */
async function save(x: Exchange, state: AdminState): Promise<void> {
  const dto = await readJsonDto(x, DISH_DTO);
  const { time: now, user } = audit(x);
  state.write(() => {
    const name = varchar(notNull(dto.name as string | null), 32)!;
    const categoryId = notNull(dto.categoryId as Long | null);
    const dish: Dish = {
      id: state.next.dish, name, categoryId, price: decimal(dto.price as number | null), image: varchar(dto.image as string | null, 255),
      description: varchar(dto.description as string | null, 255), status: dto.status as number | null,
      createTime: now, updateTime: now, createUser: user, updateUser: user,
    };
    if (nameTaken(state.dishes.values(), name)) duplicate(name);
    const flavors = flavorRows(state, dto, dish.id);
    state.dishes.set(dish.id, dish);
    state.next.dish++;
    addFlavors(state, flavors);
  });
  sendJson(x, SUCCESS);
}

/** pageQuery(DishPageQueryDTO): `name like`, `category_id =`, `status =`; the category's name joined. */
function page(x: Exchange, state: AdminState): void {
  sendJson(x, menuPage<Dish>(state, parseQuery(x.query), 'dishes', (d, categoryName) => dishVoJson(d, categoryName, [])));
}

/**
 * deleteBatch(@RequestParam List<Long> ids): refused when one of them is on sale, or in a set meal;
 * else the dishes and their flavors go. An unknown id is a NullPointerException (500); an empty
 * list reaches `in ()`, an SQL syntax error (500).
 */
function deleteBatch(x: Exchange, state: AdminState): void {
  const ids = bindLongList(parseQuery(x.query), 'ids');
  state.write(() => {
    for (const id of ids) {
      const dish = state.dishes.get(id as number);
      if (!dish) throw new SpringError(500);
      if (dish.status === ENABLE) throw new BusinessError('起售中的菜品不能删除');
    }
    if (ids.length === 0) throw new SpringError(500);
    for (const sd of state.setmealDishes.values()) if (ids.includes(sd.dishId)) throw new BusinessError('当前菜品关联了套餐,不能删除');
    for (const id of ids) {
      state.dishes.delete(id as number);
      for (const f of flavorsOf(state, id as number)) state.flavors.delete(f.id);
    }
  });
  sendJson(x, SUCCESS);
}

/** getByIdWithFlavor: DishVO with its flavors (id order) and categoryName null; unknown: 500. */
function byId(x: Exchange, state: AdminState): void {
  const id = bindPath(x.params.id, 'long') as number;
  const dish = state.dishes.get(id);
  if (!dish) throw new SpringError(500);
  sendJson(x, success(dishVoJson(dish, null, flavorsOf(state, id))));
}

/** updateWithFlavor: the non-null dish fields and the update audit columns, then its flavors
 *  replaced by the ones sent. With an unknown id no dish changes, but the flavors are written all
 *  the same (dish_flavor has no foreign key); with no id they are refused (dish_id NOT NULL). */
async function update(x: Exchange, state: AdminState): Promise<void> {
  const dto = await readJsonDto(x, DISH_DTO);
  const { time: now, user } = audit(x);
  state.write(() => {
    const id = dto.id as Long | null;
    const old = state.dishes.get(id as number);
    const name = varchar(dto.name as string | null, 32);
    const changed: Dish | undefined = old && {
      ...old, name: name ?? old.name, categoryId: (dto.categoryId as Long | null) ?? old.categoryId,
      price: decimal(dto.price as number | null) ?? old.price, image: varchar(dto.image as string | null, 255) ?? old.image,
      description: varchar(dto.description as string | null, 255) ?? old.description, status: (dto.status as number | null) ?? old.status,
      updateTime: now, updateUser: user ?? old.updateUser,
    };
    if (old && name !== null && nameTaken(state.dishes.values(), name, old.id)) duplicate(name);
    const flavors = flavorRows(state, dto, id);
    if (changed) state.dishes.set(changed.id, changed);
    for (const f of state.flavors.values()) if (f.dishId === id) state.flavors.delete(f.id);
    addFlavors(state, flavors);
  });
  sendJson(x, SUCCESS);
}

/** list(Long categoryId): the dishes on sale (of the category, when given), newest first. Any other
 *  parameter, `name` included, is ignored. */
function list(x: Exchange, state: AdminState): void {
  const categoryId = bindNumber(parseQuery(x.query), 'categoryId', 'long');
  const body = state.memo(JSON.stringify(['dish/list', String(categoryId)]), () => {
    const rows = [...state.dishes.values()].filter((d) => d.status === ENABLE && (categoryId === null || d.categoryId === categoryId)).sort(newestFirst);
    return Buffer.from(success(`[${rows.map(dishJson).join(',')}]`));
  });
  sendJson(x, body);
}

/** startOrStop: the dish's status; stopping a dish stops every set meal that contains it. */
function startOrStop(x: Exchange, state: AdminState): void {
  const status = bindPath(x.params.status, 'int') as number;
  const id = bindNumber(parseQuery(x.query), 'id', 'long');
  const stamp = audit(x);
  state.write(() => {
    restamp(state.dishes, id, { status }, stamp);
    if (status !== DISABLE) return;
    for (const sd of state.setmealDishes.values()) if (sd.dishId === id) restamp(state.setmeals, sd.setmealId, { status: DISABLE }, stamp);
  });
  sendJson(x, SUCCESS);
}
