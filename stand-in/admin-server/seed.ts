// sky.sql's rows for the menu (资料/day01/数据库/sky.sql): 10
// categories, 24 dishes and their flavors, the orphan flavors of dishes that no longer exist, and
// no set meals. The employees are in employees.ts.
import type { Category, Dish, DishFlavor } from './tables.js';

/** The next id of each table (its AUTO_INCREMENT in the dump). */
export const NEXT_ID = { category: 23, dish: 70, dishFlavor: 104, setmeal: 32, setmealDish: 47 } as const;

const CATEGORY_ROWS: readonly [number, number, string, number, string, string][] = [
  [11, 1, '酒水饮料', 10, '2022-06-09 22:09:18', '2022-06-09 22:09:18'],
  [12, 1, '传统主食', 9, '2022-06-09 22:09:32', '2022-06-09 22:18:53'],
  [13, 2, '人气套餐', 12, '2022-06-09 22:11:38', '2022-06-10 11:04:40'],
  [15, 2, '商务套餐', 13, '2022-06-09 22:14:10', '2022-06-10 11:04:48'],
  [16, 1, '蜀味烤鱼', 4, '2022-06-09 22:15:37', '2022-08-31 14:27:25'],
  [17, 1, '蜀味牛蛙', 5, '2022-06-09 22:16:14', '2022-08-31 14:39:44'],
  [18, 1, '特色蒸菜', 6, '2022-06-09 22:17:42', '2022-06-09 22:17:42'],
  [19, 1, '新鲜时蔬', 7, '2022-06-09 22:18:12', '2022-06-09 22:18:28'],
  [20, 1, '水煮鱼', 8, '2022-06-09 22:22:29', '2022-06-09 22:23:45'],
  [21, 1, '汤类', 11, '2022-06-10 10:51:47', '2022-06-10 10:51:47'],
];

export function seedCategories(): Category[] {
  return CATEGORY_ROWS.map(([id, type, name, sort, createTime, updateTime]) => ({
    id, type, name, sort, status: 1, createTime, updateTime, createUser: 1, updateUser: 1,
  }));
}

const OSS = 'https://sky-itcast.oss-cn-beijing.aliyuncs.com/';

/** id, name, category, price (yuan), description, image file, create_time (= update_time). */
const DISH_ROWS: readonly [number, string, number, number, string, string, string][] = [
  [46, '王老吉', 11, 6, '', '41bfcacf-7ad4-4927-8b26-df366553a94c.png', '2022-06-09 22:40:47'],
  [47, '北冰洋', 11, 4, '还是小时候的味道', '4451d4be-89a2-4939-9c69-3a87151cb979.png', '2022-06-10 09:18:49'],
  [48, '雪花啤酒', 11, 4, '', 'bf8cbfc1-04d2-40e8-9826-061ee41ab87c.png', '2022-06-10 09:22:54'],
  [49, '米饭', 12, 2, '精选五常大米', '76752350-2121-44d2-b477-10791c23a8ec.png', '2022-06-10 09:30:17'],
  [50, '馒头', 12, 1, '优质面粉', '475cc599-8661-4899-8f9e-121dd8ef7d02.png', '2022-06-10 09:34:28'],
  [51, '老坛酸菜鱼', 20, 56, '原料：汤，草鱼，酸菜', '4a9cefba-6a74-467e-9fde-6e687ea725d7.png', '2022-06-10 09:40:51'],
  [52, '经典酸菜鮰鱼', 20, 66, '原料：酸菜，江团，鮰鱼', '5260ff39-986c-4a97-8850-2ec8c7583efc.png', '2022-06-10 09:46:02'],
  [53, '蜀味水煮草鱼', 20, 38, '原料：草鱼，汤', 'a6953d5a-4c18-4b30-9319-4926ee77261f.png', '2022-06-10 09:48:37'],
  [54, '清炒小油菜', 19, 18, '原料：小油菜', '3613d38e-5614-41c2-90ed-ff175bf50716.png', '2022-06-10 09:51:46'],
  [55, '蒜蓉娃娃菜', 19, 18, '原料：蒜，娃娃菜', '4879ed66-3860-4b28-ba14-306ac025fdec.png', '2022-06-10 09:53:37'],
  [56, '清炒西兰花', 19, 18, '原料：西兰花', 'e9ec4ba4-4b22-4fc8-9be0-4946e6aeb937.png', '2022-06-10 09:55:44'],
  [57, '炝炒圆白菜', 19, 18, '原料：圆白菜', '22f59feb-0d44-430e-a6cd-6a49f27453ca.png', '2022-06-10 09:58:35'],
  [58, '清蒸鲈鱼', 18, 98, '原料：鲈鱼', 'c18b5c67-3b71-466c-a75a-e63c6449f21c.png', '2022-06-10 10:12:28'],
  [59, '东坡肘子', 18, 138, '原料：猪肘棒', 'a80a4b8c-c93e-4f43-ac8a-856b0d5cc451.png', '2022-06-10 10:24:03'],
  [60, '梅菜扣肉', 18, 58, '原料：猪肉，梅菜', '6080b118-e30a-4577-aab4-45042e3f88be.png', '2022-06-10 10:26:03'],
  [61, '剁椒鱼头', 18, 66, '原料：鲢鱼，剁椒', '13da832f-ef2c-484d-8370-5934a1045a06.png', '2022-06-10 10:28:54'],
  [62, '金汤酸菜牛蛙', 17, 88, '原料：鲜活牛蛙，酸菜', '7694a5d8-7938-4e9d-8b9e-2075983a2e38.png', '2022-06-10 10:33:05'],
  [63, '香锅牛蛙', 17, 88, '配料：鲜活牛蛙，莲藕，青笋', 'f5ac8455-4793-450c-97ba-173795c34626.png', '2022-06-10 10:35:40'],
  [64, '馋嘴牛蛙', 17, 88, '配料：鲜活牛蛙，丝瓜，黄豆芽', '7a55b845-1f2b-41fa-9486-76d187ee9ee1.png', '2022-06-10 10:37:52'],
  [65, '草鱼2斤', 16, 68, '原料：草鱼，黄豆芽，莲藕', 'b544d3ba-a1ae-4d20-a860-81cb5dec9e03.png', '2022-06-10 10:41:08'],
  [66, '江团鱼2斤', 16, 119, '配料：江团鱼，黄豆芽，莲藕', 'a101a1e9-8f8b-47b2-afa4-1abd47ea0a87.png', '2022-06-10 10:42:42'],
  [67, '鮰鱼2斤', 16, 72, '原料：鮰鱼，黄豆芽，莲藕', '8cfcc576-4b66-4a09-ac68-ad5b273c2590.png', '2022-06-10 10:43:56'],
  [68, '鸡蛋汤', 21, 4, '配料：鸡蛋，紫菜', 'c09a0ee8-9d19-428d-81b9-746221824113.png', '2022-06-10 10:54:25'],
  [69, '平菇豆腐汤', 21, 6, '配料：豆腐，平菇', '16d0a3d6-2253-4cfc-9b49-bf7bd9eb2ad2.png', '2022-06-10 10:55:02'],
];

export function seedDishes(): Dish[] {
  return DISH_ROWS.map(([id, name, categoryId, yuan, description, file, time]) => ({
    id, name, categoryId, price: yuan * 100, image: OSS + file, description, status: 1,
    createTime: time, updateTime: time, createUser: 1, updateUser: 1,
  }));
}

/** The four presets of the front end's flavor picker, which are also the seed's value lists. */
export const FLAVOR_VALUES = {
  甜味: '["无糖","少糖","半糖","多糖","全糖"]',
  温度: '["热饮","常温","去冰","少冰","多冰"]',
  忌口: '["不要葱","不要蒜","不要香菜","不要辣"]',
  辣度: '["不辣","微辣","中辣","重辣"]',
} as const;

type FlavorName = keyof typeof FLAVOR_VALUES;

/** id, dish id, name; row 94 leaves 不要辣 out. Dishes 2–7 and 10 do not exist: orphans. */
const FLAVOR_ROWS: readonly [number, number, FlavorName][] = [
  [40, 10, '甜味'], [41, 7, '忌口'], [42, 7, '温度'], [45, 6, '忌口'], [46, 6, '辣度'], [47, 5, '辣度'],
  [48, 5, '甜味'], [49, 2, '甜味'], [50, 4, '甜味'], [51, 3, '甜味'], [52, 3, '忌口'],
  [86, 52, '忌口'], [87, 52, '辣度'], [88, 51, '忌口'], [89, 51, '辣度'], [92, 53, '忌口'], [93, 53, '辣度'],
  [94, 54, '忌口'], [95, 56, '忌口'], [96, 57, '忌口'], [97, 60, '忌口'], [101, 66, '辣度'], [102, 67, '辣度'],
  [103, 65, '辣度'],
];

export function seedFlavors(): DishFlavor[] {
  return FLAVOR_ROWS.map(([id, dishId, name]) => ({
    id, dishId, name, value: id === 94 ? '["不要葱","不要蒜","不要香菜"]' : FLAVOR_VALUES[name],
  }));
}
