// The rows of sky_take_out's tables (资料/day01/数据库/sky.sql), as the stand-in keeps them: one
// immutable object per row (an update puts a new object in its place, so a reader holding a row
// never sees it half-changed). DATETIME columns are local `yyyy-MM-dd HH:mm:ss` strings, which
// compare as the times do; decimal(10,2) columns are whole cents.
import type { Long } from './json.js';

export interface Category {
  id: number;
  type: number | null;
  name: string;
  sort: number;
  status: number | null;
  createTime: string | null;
  updateTime: string | null;
  createUser: Long | null;
  updateUser: Long | null;
}

export interface Dish {
  id: number;
  name: string;
  categoryId: Long;
  price: number | null;
  image: string | null;
  description: string | null;
  status: number | null;
  createTime: string | null;
  updateTime: string | null;
  createUser: Long | null;
  updateUser: Long | null;
}

export interface DishFlavor {
  id: number;
  dishId: Long;
  name: string | null;
  /** A JSON array as text, e.g. `["不辣","微辣"]` (the front end JSON.parses it). */
  value: string | null;
}

export interface Setmeal {
  id: number;
  categoryId: Long;
  name: string;
  price: number;
  status: number | null;
  description: string | null;
  image: string | null;
  createTime: string | null;
  updateTime: string | null;
  createUser: Long | null;
  updateUser: Long | null;
}

export interface SetmealDish {
  id: number;
  setmealId: Long | null;
  dishId: Long | null;
  name: string | null;
  price: number | null;
  copies: number | null;
}

export interface User {
  id: number;
  openid: string | null;
  name: string | null;
  phone: string | null;
  createTime: string | null;
}

export interface AddressBook {
  id: number;
  userId: number;
  consignee: string;
  sex: string;
  phone: string;
  detail: string;
  label: string;
}

export interface Order {
  id: number;
  number: string;
  status: number;
  userId: number;
  addressBookId: number;
  orderTime: string;
  checkoutTime: string | null;
  payMethod: number;
  payStatus: number;
  amount: number;
  remark: string | null;
  phone: string | null;
  address: string | null;
  userName: string | null;
  consignee: string | null;
  cancelReason: string | null;
  rejectionReason: string | null;
  cancelTime: string | null;
  estimatedDeliveryTime: string | null;
  deliveryStatus: number;
  deliveryTime: string | null;
  packAmount: number | null;
  tablewareNumber: number | null;
  tablewareStatus: number;
}

export interface OrderDetail {
  id: number;
  name: string | null;
  image: string | null;
  orderId: number;
  dishId: number | null;
  setmealId: number | null;
  dishFlavor: string | null;
  number: number;
  amount: number;
}

/** Orders.status (StatusConstant-like constants of the Orders entity). */
export const PENDING_PAYMENT = 1;
export const TO_BE_CONFIRMED = 2;
export const CONFIRMED = 3;
export const DELIVERY_IN_PROGRESS = 4;
export const COMPLETED = 5;
export const CANCELLED = 6;
export const UN_PAID = 0;
export const PAID = 1;

/** StatusConstant */
export const ENABLE = 1;
export const DISABLE = 0;
