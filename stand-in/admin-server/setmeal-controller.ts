// sky-server's SetmealController (@RequestMapping("/admin/setmeal")), SetmealServiceImpl,
// SetmealMapper and SetmealDishMapper, as the course's reference solution has them: a new set meal
// keeps the status it was sent (the real server's insert leaves status out, so the default 1 wins).
// Writes are all or nothing.
import { bindLongList, bindNumber, bindPath, parseQuery, type Dto } from './binding.js';
import { decimal, duplicate, notNull, varchar } from './columns.js';
import { menuPage, nameTaken, restamp } from './menu-rows.js';
import { audit, type AdminContext } from './context.js';
import { BusinessError, SpringError, sendJson, type Exchange, type Route } from './dispatcher.js';
import { SUCCESS } from './employee-controller.js';
import { money, num, str, success, time, type Long } from './json.js';
import { readJsonDto } from './json-body.js';
import type { AdminState } from './state.js';
import { DISABLE, ENABLE, type Setmeal, type SetmealDish } from './tables.js';

const SETMEAL_DISH_DTO = { id: 'long', setmealId: 'long', dishId: 'long', name: 'string', price: 'decimal', copies: 'int' } as const;
const SETMEAL_DTO = {
  id: 'long', categoryId: 'long', name: 'string', price: 'decimal', status: 'int', description: 'string', image: 'string',
  setmealDishes: { list: SETMEAL_DISH_DTO },
} as const;

/** SetmealVO: categoryName and setmealDishes after updateTime. */
function setmealVoJson(s: Setmeal, categoryName: string | null, dishes: readonly SetmealDish[]): string {
  const items = dishes.map((d) => `{"id":${d.id},"setmealId":${num(d.setmealId)},"dishId":${num(d.dishId)},"name":${str(d.name)},"price":${money(d.price)},"copies":${num(d.copies)}}`);
  return `{"id":${s.id},"categoryId":${num(s.categoryId)},"name":${str(s.name)},"price":${money(s.price)},"status":${num(s.status)},"description":${str(s.description)},"image":${str(s.image)},"updateTime":${time(s.updateTime)},"categoryName":${str(categoryName)},"setmealDishes":[${items.join(',')}]}`;
}

export function setmealRoutes({ state }: AdminContext): Route[] {
  return [
    { method: 'POST', path: '/admin/setmeal', handle: (x) => save(x, state) },
    { method: 'GET', path: '/admin/setmeal/page', handle: (x) => page(x, state) },
    { method: 'DELETE', path: '/admin/setmeal', handle: (x) => deleteBatch(x, state) },
    { method: 'GET', path: '/admin/setmeal/{id}', handle: (x) => byId(x, state) },
    { method: 'PUT', path: '/admin/setmeal', handle: (x) => update(x, state) },
    { method: 'POST', path: '/admin/setmeal/status/{status}', handle: (x) => startOrStop(x, state) },
  ];
}

function dishesOf(state: AdminState, setmealId: Long | null): SetmealDish[] {
  return [...state.setmealDishes.values()].filter((d) => d.setmealId === setmealId);
}

/** setmeal_dish rows to insert: a null list or item is a NullPointerException, an empty list an
 *  SQL syntax error (`insert … values` with nothing after it): 500 either way. */
function setmealDishRows(state: AdminState, dto: Dto, setmealId: Long | null): SetmealDish[] {
  const items = dto.setmealDishes as (Dto | null)[] | null;
  if (!items?.length) throw new SpringError(500);
  let id = state.next.setmealDish;
  return items.map((d) => {
    if (d === null) throw new SpringError(500);
    return {
      id: id++, setmealId, dishId: d.dishId as Long | null, name: varchar(d.name as string | null, 32), price: decimal(d.price as number | null),
      copies: d.copies as number | null,
    };
  });
}

function addDishes(state: AdminState, rows: readonly SetmealDish[]): void {
  for (const d of rows) state.setmealDishes.set(d.id, d);
  state.next.setmealDish += rows.length;
}

/** saveWithDish: the set meal, then its dishes, in one transaction. */
async function save(x: Exchange, state: AdminState): Promise<void> {
  const dto = await readJsonDto(x, SETMEAL_DTO);
  const { time: now, user } = audit(x);
  state.write(() => {
    const meal: Setmeal = {
      id: state.next.setmeal, categoryId: notNull(dto.categoryId as Long | null), name: varchar(notNull(dto.name as string | null), 32)!,
      price: decimal(notNull(dto.price as number | null))!, status: dto.status as number | null,
      description: varchar(dto.description as string | null, 255), image: varchar(dto.image as string | null, 255),
      createTime: now, updateTime: now, createUser: user, updateUser: user,
    };
    if (nameTaken(state.setmeals.values(), meal.name)) duplicate(meal.name);
    const dishes = setmealDishRows(state, dto, meal.id);
    state.setmeals.set(meal.id, meal);
    state.next.setmeal++;
    addDishes(state, dishes);
  });
  sendJson(x, SUCCESS);
}

/** pageQuery(SetmealPageQueryDTO): `name like`, `category_id =`, `status =`; the category's name joined. */
function page(x: Exchange, state: AdminState): void {
  sendJson(x, menuPage<Setmeal>(state, parseQuery(x.query), 'setmeals', (s, categoryName) => setmealVoJson(s, categoryName, [])));
}

/** deleteBatch: refused when one is on sale; an unknown id is a 500; `ids=` (empty) does nothing. */
function deleteBatch(x: Exchange, state: AdminState): void {
  const ids = bindLongList(parseQuery(x.query), 'ids');
  state.write(() => {
    for (const id of ids) {
      const meal = state.setmeals.get(id as number);
      if (!meal) throw new SpringError(500);
      if (meal.status === ENABLE) throw new BusinessError('起售中的套餐不能删除');
    }
    for (const id of ids) {
      state.setmeals.delete(id as number);
      for (const d of dishesOf(state, id)) state.setmealDishes.delete(d.id);
    }
  });
  sendJson(x, SUCCESS);
}

/** getByIdWithDish: SetmealVO with its dishes and categoryName null; unknown: 500. */
function byId(x: Exchange, state: AdminState): void {
  const id = bindPath(x.params.id, 'long') as number;
  const meal = state.setmeals.get(id);
  if (!meal) throw new SpringError(500);
  sendJson(x, success(setmealVoJson(meal, null, dishesOf(state, id))));
}

/** update: the non-null fields and the update audit columns, then its dishes replaced by the ones
 *  sent (written even for an unknown id: setmeal_dish has no foreign key). No check that its dishes
 *  are on sale. */
async function update(x: Exchange, state: AdminState): Promise<void> {
  const dto = await readJsonDto(x, SETMEAL_DTO);
  const { time: now, user } = audit(x);
  state.write(() => {
    const id = dto.id as Long | null;
    const old = state.setmeals.get(id as number);
    const name = varchar(dto.name as string | null, 32);
    const changed: Setmeal | undefined = old && {
      ...old, categoryId: (dto.categoryId as Long | null) ?? old.categoryId, name: name ?? old.name, price: decimal(dto.price as number | null) ?? old.price,
      status: (dto.status as number | null) ?? old.status, description: varchar(dto.description as string | null, 255) ?? old.description,
      image: varchar(dto.image as string | null, 255) ?? old.image, updateTime: now, updateUser: user ?? old.updateUser,
    };
    if (old && name !== null && nameTaken(state.setmeals.values(), name, old.id)) duplicate(name);
    const dishes = setmealDishRows(state, dto, id);
    if (changed) state.setmeals.set(changed.id, changed);
    for (const d of dishesOf(state, id)) state.setmealDishes.delete(d.id);
    addDishes(state, dishes);
  });
  sendJson(x, SUCCESS);
}

/** startOrStop: starting is refused while one of its dishes (that still exists) is stopped. */
function startOrStop(x: Exchange, state: AdminState): void {
  const status = bindPath(x.params.status, 'int') as number;
  const id = bindNumber(parseQuery(x.query), 'id', 'long');
  const stamp = audit(x);
  state.write(() => {
    if (status === ENABLE) {
      for (const d of dishesOf(state, id)) {
        if (state.dishes.get(d.dishId as number)?.status === DISABLE) throw new BusinessError('套餐内包含未启售菜品，无法启售');
      }
    }
    restamp(state.setmeals, id, { status }, stamp);
  });
  sendJson(x, SUCCESS);
}
