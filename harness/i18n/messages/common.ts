// Words every command uses: how a failure is introduced, and the hint to read the help.
export const en = {
  'common.usage': 'usage: {usage}   (--help lists every option)',
  'common.badLang': 'unknown language "{value}": use --lang en or --lang zh-CN',
} as const;

export const zhCN: Record<keyof typeof en, string> = {
  'common.usage': '用法：{usage}   （--help 列出全部选项）',
  'common.badLang': '不认识的语言 "{value}"：请用 --lang en 或 --lang zh-CN',
};
