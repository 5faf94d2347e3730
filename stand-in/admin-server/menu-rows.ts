// What the menu's tables (category, dish, setmeal) share: a unique name, the AutoFillAspect's update
// columns on every change, and the dish and set-meal pages' filters.
import { bindNumber, bindPaging, bindString } from './binding.js';
import { padSpace } from './columns.js';
import type { Long } from './json.js';
import { containsLike } from './like.js';
import { pageAnswer } from './paging.js';
import type { AdminState } from './state.js';

interface MenuRow {
  id: number;
  name: string;
  status: number | null;
  createTime: string | null;
  updateTime: string | null;
  updateUser: Long | null;
}

/** Whether another row (not `except`) has the name, under utf8_bin's PAD SPACE comparison. */
export function nameTaken(rows: Iterable<{ id: number; name: string }>, name: string, except?: number): boolean {
  const wanted = padSpace(name);
  for (const r of rows) if (r.id !== except && padSpace(r.name) === wanted) return true;
  return false;
}

/** `update … set <change>, update_time = now, update_user = empId where id = #{id}` (no row: nothing). */
export function restamp<T extends MenuRow>(table: Map<number, T>, id: Long | null, change: Partial<T>, audit: { time: string; user: number | null }): void {
  const old = table.get(id as number);
  if (old) table.set(old.id, { ...old, ...change, updateTime: audit.time, updateUser: audit.user ?? old.updateUser });
}

/** `order by create_time desc` (then the newer id first). */
export function newestFirst(a: { createTime: string | null; id: number }, b: { createTime: string | null; id: number }): number {
  return (b.createTime ?? '').localeCompare(a.createTime ?? '') || b.id - a.id;
}

/** The dish and set-meal pages: `name like`, `category_id =`, `status =`, newest first, each row as
 *  its VO with the category's name joined. */
export function menuPage<T extends MenuRow & { categoryId: Long }>(
  state: AdminState, params: Map<string, string[]>, table: 'dishes' | 'setmeals', vo: (row: T, categoryName: string | null) => string,
): Buffer {
  const { page, pageSize } = bindPaging(params);
  const name = bindString(params, 'name');
  const categoryId = bindNumber(params, 'categoryId', 'int');
  const status = bindNumber(params, 'status', 'int');
  return state.memo(JSON.stringify([table, page, pageSize, name, String(categoryId), status]), () => {
    const match = name ? containsLike(name) : () => true;
    const rows = [...(state[table].values() as Iterable<T>)]
      .filter((r) => match(r.name) && (categoryId === null || r.categoryId === categoryId) && (status === null || r.status === status))
      .sort(newestFirst);
    return pageAnswer(rows, page, pageSize, (r) => vo(r, state.categories.get(r.categoryId as number)?.name ?? null));
  });
}
