// Where the course's real server (the transcripts) and its reference solution answer differently.
// A student's server typed from the course may answer either way, so `harness check-server` takes
// both; the stand-in answers as the reference does (docs/admin-stand-in.md, "Deliberate differences").

export interface ReferenceAnswer {
  /** Why the two differ, in each language. */
  why: { en: string; 'zh-CN': string };
  /** What the reference answers: its status, its `code` where it answers a Result, its media type. */
  status: number;
  code?: number;
  contentType?: string;
}

const ref = (answer: Omit<ReferenceAnswer, 'why'>, en: string, zh: string): ReferenceAnswer => ({ ...answer, why: { en, 'zh-CN': zh } });

const upload = ref(
  { status: 200, code: 1 },
  'the real server answers an OSS URL; the stand-in keeps the file and answers its own /api/common/download URL',
  '真实服务返回 OSS 地址；替身服务把文件存在本地，返回它自己的 /api/common/download 地址',
);

/** `group: transcript name` → the reference solution's answer. */
export const REFERENCE: Readonly<Record<string, ReferenceAnswer>> = {
  '05-dish: page by category': ref(
    { status: 200, code: 1 },
    'the real mapper names d.categoryId, a 500; the reference solution filters by the category',
    '真实的 mapper 写的是 d.categoryId，结果是 500；参考答案按分类过滤',
  ),
  '07-order: search by time': ref(
    { status: 200, code: 1 },
    'the real mapper\'s date range is a 500; the reference solution filters by it',
    '真实的 mapper 处理日期范围时是 500；参考答案按日期范围过滤',
  ),
  '07-order: details of an id that is no number': ref(
    { status: 400 },
    'the real handler does not bind the path\'s id (a 500 whatever it is); the reference binds it, so "abc" is a 400',
    '真实的处理方法没有绑定路径里的 id（无论是什么都是 500）；参考答案绑定了它，所以 "abc" 是 400',
  ),
  '08-shop: status before it was set': ref(
    { status: 200, code: 1 },
    'a fresh Redis has no SHOP_STATUS, and the real server unboxes null: a 500; the stand-in starts open (1)',
    '新的 Redis 里没有 SHOP_STATUS，真实服务对 null 拆箱：500；替身服务一开始就是营业中（1）',
  ),
  '10-report: export': ref(
    { status: 200, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    'the real tree lacks the workbook template: a 500; the reference solution fills it',
    '真实代码里缺少 Excel 模板：500；参考答案会填好模板',
  ),
  '11-upload: upload': upload,
  '11-upload: upload of an empty file': upload,
};
