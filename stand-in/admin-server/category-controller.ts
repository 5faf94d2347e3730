// sky-server's CategoryController (@RequestMapping("/admin/category")), CategoryServiceImpl and
// CategoryMapper: add (disabled), page, delete (refused while a dish or set meal uses it), edit,
// enable/disable, and the list of enabled categories of a type.
import { bindNumber, bindPaging, bindPath, bindString, parseQuery, type Dto } from './binding.js';
import { duplicate, notNull, varchar } from './columns.js';
import { audit, type AdminContext } from './context.js';
import { BusinessError, sendJson, type Exchange, type Route } from './dispatcher.js';
import { SUCCESS } from './employee-controller.js';
import { num, str, success, time } from './json.js';
import { readJsonDto } from './json-body.js';
import { containsLike } from './like.js';
import { pageAnswer } from './paging.js';
import { nameTaken, restamp } from './menu-rows.js';
import type { AdminState } from './state.js';
import { DISABLE, ENABLE, type Category } from './tables.js';

const CATEGORY_DTO = { id: 'long', type: 'int', name: 'string', sort: 'int' } as const;

export function categoryJson(c: Category): string {
  return `{"id":${c.id},"type":${num(c.type)},"name":${str(c.name)},"sort":${c.sort},"status":${num(c.status)},"createTime":${time(c.createTime)},"updateTime":${time(c.updateTime)},"createUser":${num(c.createUser)},"updateUser":${num(c.updateUser)}}`;
}

export function categoryRoutes({ state }: AdminContext): Route[] {
  return [
    { method: 'POST', path: '/admin/category', handle: (x) => save(x, state) },
    { method: 'GET', path: '/admin/category/page', handle: (x) => page(x, state) },
    { method: 'DELETE', path: '/admin/category', handle: (x) => deleteById(x, state) },
    { method: 'PUT', path: '/admin/category', handle: (x) => update(x, state) },
    { method: 'POST', path: '/admin/category/status/{status}', handle: (x) => startOrStop(x, state) },
    { method: 'GET', path: '/admin/category/list', handle: (x) => list(x, state) },
  ];
}

/** `order by sort asc, create_time desc` (then id, where MySQL's order is undefined). */
function bySortThenNewest(a: Category, b: Category): number {
  return a.sort - b.sort || (b.createTime ?? '').localeCompare(a.createTime ?? '') || a.id - b.id;
}

/** CategoryServiceImpl.save: status 0 (a new category is disabled), the audit columns. */
async function save(x: Exchange, state: AdminState): Promise<void> {
  const dto = await readJsonDto(x, CATEGORY_DTO);
  const { time: now, user } = audit(x);
  state.write(() => {
    const name = varchar(notNull(dto.name as string | null), 32)!;
    const sort = notNull(dto.sort as number | null);
    if (nameTaken(state.categories.values(), name)) duplicate(name);
    const id = state.next.category++;
    state.categories.set(id, { id, type: dto.type as number | null, name, sort, status: DISABLE, createTime: now, updateTime: now, createUser: user, updateUser: user });
  });
  sendJson(x, SUCCESS);
}

/** pageQuery(CategoryPageQueryDTO): `name like`, `type =`. */
function page(x: Exchange, state: AdminState): void {
  const params = parseQuery(x.query);
  const { page, pageSize } = bindPaging(params);
  const name = bindString(params, 'name');
  const type = bindNumber(params, 'type', 'int');
  const body = state.memo(JSON.stringify(['category/page', page, pageSize, name, type]), () => {
    const match = name ? containsLike(name) : () => true;
    const rows = [...state.categories.values()].filter((c) => match(c.name) && (type === null || c.type === type)).sort(bySortThenNewest);
    return pageAnswer(rows, page, pageSize, categoryJson);
  });
  sendJson(x, body);
}

/** deleteById(Long id): refused while any dish, then any set meal, has the category; an unknown or
 *  missing id deletes nothing. */
function deleteById(x: Exchange, state: AdminState): void {
  const id = bindNumber(parseQuery(x.query), 'id', 'long');
  state.write(() => {
    for (const d of state.dishes.values()) if (d.categoryId === id) throw new BusinessError('当前分类关联了菜品,不能删除');
    for (const s of state.setmeals.values()) if (s.categoryId === id) throw new BusinessError('当前分类关联了套餐,不能删除');
    state.categories.delete(id as number);
  });
  sendJson(x, SUCCESS);
}

/** update(CategoryDTO): the non-null type, name and sort, and the update audit columns. */
async function update(x: Exchange, state: AdminState): Promise<void> {
  const dto: Dto = await readJsonDto(x, CATEGORY_DTO);
  const { time: now, user } = audit(x);
  state.write(() => {
    const old = state.categories.get(dto.id as number);
    if (!old) return;
    const name = varchar(dto.name as string | null, 32);
    if (name !== null && nameTaken(state.categories.values(), name, old.id)) duplicate(name);
    state.categories.set(old.id, {
      ...old, type: (dto.type as number | null) ?? old.type, name: name ?? old.name, sort: (dto.sort as number | null) ?? old.sort,
      updateTime: now, updateUser: user ?? old.updateUser,
    });
  });
  sendJson(x, SUCCESS);
}

/** startOrStop: any status is stored; no cascade to the category's dishes or set meals. */
function startOrStop(x: Exchange, state: AdminState): void {
  const status = bindPath(x.params.status, 'int') as number;
  const id = bindNumber(parseQuery(x.query), 'id', 'long');
  const stamp = audit(x);
  state.write(() => restamp(state.categories, id, { status }, stamp));
  sendJson(x, SUCCESS);
}

/** list(Integer type): the enabled categories (of the type, when given). */
function list(x: Exchange, state: AdminState): void {
  const type = bindNumber(parseQuery(x.query), 'type', 'int');
  const body = state.memo(JSON.stringify(['category/list', type]), () => {
    const rows = [...state.categories.values()].filter((c) => c.status === ENABLE && (type === null || c.type === type)).sort(bySortThenNewest);
    return Buffer.from(success(`[${rows.map(categoryJson).join(',')}]`));
  });
  sendJson(x, body);
}
