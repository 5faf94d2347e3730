// The catalogue of the areas whose texts have not moved beside their modules yet (messages/<area>.ts),
// in English and Simplified Chinese. An area exports `en` (the keys, and the English) and `zhCN`
// (typed to have exactly those keys). A module's own texts are made with messages() beside it.
import * as common from './messages/common.js';
import * as cli from './messages/cli.js';
import * as flags from './messages/flags.js';
import * as stack from './messages/stack.js';
import * as stackCommands from './messages/stack-commands.js';
import * as app from './messages/app.js';
import * as setup from './messages/setup.js';
import * as chaos from './messages/chaos.js';

export const CATALOGUE = {
  en: {
    ...common.en,
    ...cli.en,
    ...flags.en,
    ...stack.en,
    ...stackCommands.en,
    ...app.en,
    ...setup.en,
    ...chaos.en,
  },
  'zh-CN': {
    ...common.zhCN,
    ...cli.zhCN,
    ...flags.zhCN,
    ...stack.zhCN,
    ...stackCommands.zhCN,
    ...app.zhCN,
    ...setup.zhCN,
    ...chaos.zhCN,
  },
} as const;

export type MessageKey = keyof (typeof CATALOGUE)['en'];
