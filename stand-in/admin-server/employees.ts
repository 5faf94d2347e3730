// The `employee` table's seed: sky.sql's one row (admin, after the course's MD5 fix) and 85 more,
// so that the employee list has pages to turn and names to search.
import { createHash } from 'node:crypto';

/** com.sky.entity.Employee, fields in the order Jackson writes them. Times as the app's
 *  JacksonObjectMapper writes LocalDateTime: `yyyy-MM-dd HH:mm`. */
export interface Employee {
  id: number;
  username: string;
  name: string;
  password: string;
  phone: string;
  sex: string;
  idNumber: string;
  status: number;
  createTime: string;
  updateTime: string;
  createUser: number;
  updateUser: number;
}

/** `DigestUtils.md5DigestAsHex(password.getBytes())`: how the server stores and checks passwords. */
export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Every seed account's password is 123456, stored as its MD5 (the course's day-01 fix). */
export const SEED_PASSWORD = '123456';
const SEED_PASSWORD_MD5 = md5Hex(SEED_PASSWORD);

/** StatusConstant.DISABLE: login answers 账号被锁定. */
export const DISABLED = 0;

/** sky.sql's one row, after the MD5 update the lecture asks for. */
const ADMIN: Employee = {
  id: 1, username: 'admin', name: '管理员', password: SEED_PASSWORD_MD5, phone: '13812312312', sex: '1',
  idNumber: '110101199001010047', status: 1, createTime: '2022-02-15 15:51', updateTime: '2022-02-17 09:16',
  createUser: 10, updateUser: 1,
};

type Person = readonly [name: string, username: string, sex: '0' | '1'];
/** The lecture's own examples come first (赵六 is the disabled one). */
const COURSE_EXAMPLES: readonly Person[] = [['张三', 'zhangsan', '1'], ['李四', 'lisi', '1'], ['王五', 'wangwu', '1'], ['赵六', 'zhaoliu', '1']];
const LATIN: readonly Person[] = [['Tom', 'tom', '1'], ['Lucy', 'lucy', '0'], ['Jack Ma', 'jackma', '1'], ['Alice', 'alice', '0'], ['Bob', 'bob', '1'], ['David Li', 'davidli', '1'], ['Emma', 'emma', '0']];
const SURNAMES = [['张', 'zhang'], ['李', 'li'], ['王', 'wang'], ['赵', 'zhao'], ['刘', 'liu'], ['陈', 'chen'], ['杨', 'yang'], ['黄', 'huang'], ['周', 'zhou'], ['吴', 'wu'], ['徐', 'xu'], ['孙', 'sun'], ['马', 'ma'], ['朱', 'zhu'], ['胡', 'hu'], ['郭', 'guo'], ['何', 'he'], ['林', 'lin'], ['罗', 'luo'], ['高', 'gao']] as const;
const GIVEN = [['伟', 'wei', '1'], ['芳', 'fang', '0'], ['娜', 'na', '0'], ['敏', 'min', '0'], ['静', 'jing', '0'], ['强', 'qiang', '1'], ['磊', 'lei', '1'], ['军', 'jun', '1'], ['洋', 'yang', '1'], ['艳', 'yan', '0'], ['勇', 'yong', '1'], ['杰', 'jie', '1'], ['娟', 'juan', '0'], ['涛', 'tao', '1'], ['明', 'ming', '1'], ['超', 'chao', '1'], ['秀英', 'xiuying', '0'], ['桂英', 'guiying', '0'], ['建华', 'jianhua', '1'], ['丽', 'li', '0']] as const;

/** 86 rows: 9 pages of 10, 5 of 20, 3 of 30 and 3 of 40, each with a short last page. */
const SEED_SIZE = 86;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function formatTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** An 18-character resident ID (GB 11643): region, birth date, sequence (odd = male), check digit. */
function idNumber(id: number, sex: string): string {
  const regions = ['110101', '310104', '440305', '330106', '510107', '420106'];
  const birth = new Date(Date.UTC(1985, 0, 1) + id * 53 * DAY).toISOString().slice(0, 10).replaceAll('-', '');
  const sequence = String((id * 37) % 500 * 2 + (sex === '1' ? 1 : 0)).padStart(3, '0');
  const body = regions[id % regions.length] + birth + sequence;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(body[i]), 0);
  return body + '10X98765432'[sum % 11];
}

function person(index: number, taken: Set<string>): Person {
  if (index < COURSE_EXAMPLES.length) return COURSE_EXAMPLES[index];
  if (index % 12 === 6) return LATIN[Math.floor(index / 12) % LATIN.length];
  const [surname, surnamePinyin] = SURNAMES[index % SURNAMES.length];
  const [given, givenPinyin, sex] = GIVEN[(index * 7 + Math.floor(index / SURNAMES.length)) % GIVEN.length];
  let username = surnamePinyin + givenPinyin;
  for (let n = 2; taken.has(username); n++) username = surnamePinyin + givenPinyin + n;
  return [surname + given, username, sex];
}

function seed(): Employee[] {
  const rows = [ADMIN];
  const taken = new Set([ADMIN.username]);
  const firstCreated = Date.UTC(2022, 2, 1, 9, 0);
  for (let id = 2; id <= SEED_SIZE; id++) {
    const [name, username, sex] = person(id - 2, taken);
    taken.add(username);
    const created = firstCreated + (id - 2) * (DAY + 37 * MINUTE);
    const updated = created + (id % 5) * DAY + ((id * 11) % 60) * MINUTE;
    rows.push({
      id, username, name, password: SEED_PASSWORD_MD5,
      phone: '1' + ['38', '39', '50', '58', '86', '88'][id % 6] + String((id * 7919) % 100_000_000).padStart(8, '0'),
      sex, idNumber: idNumber(id, sex),
      status: username === 'zhaoliu' || id % 17 === 0 ? DISABLED : 1,
      createTime: formatTime(created), updateTime: formatTime(updated), createUser: 1, updateUser: 1,
    });
  }
  return rows;
}

/** The seed table, in id order: `select * from employee` has no ORDER BY, so MySQL returns
 *  primary-key order. A server's own rows start as copies of these (state.ts). */
export const EMPLOYEES: readonly Employee[] = Object.freeze(seed().map((e) => Object.freeze(e)));

/** The next id a new employee gets. */
export const NEXT_EMPLOYEE_ID = SEED_SIZE + 1;

/** The default password of a new employee (PasswordConstant.DEFAULT_PASSWORD), stored as its MD5. */
export const DEFAULT_PASSWORD_MD5 = SEED_PASSWORD_MD5;
