// The one catalogue: every area's messages (messages/<area>.ts), in English and Simplified Chinese.
// An area exports `en` (the keys, and the English) and `zhCN` (typed to have exactly those keys).
import * as common from './messages/common.js';
import * as chaos from './messages/chaos.js';
import * as faults from './messages/faults.js';
import * as scenarios from './messages/scenarios.js';

export const CATALOGUE = {
  en: {
    ...common.en,
    ...chaos.en,
    ...faults.en,
    ...scenarios.en,
  },
  'zh-CN': {
    ...common.zhCN,
    ...chaos.zhCN,
    ...faults.zhCN,
    ...scenarios.zhCN,
  },
} as const;

export type MessageKey = keyof (typeof CATALOGUE)['en'];
