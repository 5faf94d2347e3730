// The one catalogue: every area's messages (messages/<area>.ts), in English and Simplified Chinese.
// An area exports `en` (the keys, and the English) and `zhCN` (typed to have exactly those keys).
import * as common from './messages/common.js';
import * as cli from './messages/cli.js';

export const CATALOGUE = {
  en: {
    ...common.en,
    ...cli.en,
  },
  'zh-CN': {
    ...common.zhCN,
    ...cli.zhCN,
  },
} as const;

export type MessageKey = keyof (typeof CATALOGUE)['en'];
