// The one catalogue: every area's messages (messages/<area>.ts), in English and Simplified Chinese.
// An area exports `en` (the keys, and the English) and `zhCN` (typed to have exactly those keys).
import * as common from './messages/common.js';
import * as cli from './messages/cli.js';
import * as flags from './messages/flags.js';
import * as stack from './messages/stack.js';
import * as stackCommands from './messages/stack-commands.js';
import * as app from './messages/app.js';
import * as setup from './messages/setup.js';
import * as doctor from './messages/doctor.js';
import * as doctorUpstream from './messages/doctor-upstream.js';
import * as doctorAnswer from './messages/doctor-answer.js';
import * as doctorRequests from './messages/doctor-requests.js';
import * as doctorStartup from './messages/doctor-startup.js';
import * as doctorAccess from './messages/doctor-access.js';
import * as chaos from './messages/chaos.js';
import * as faults from './messages/faults.js';
import * as scenarios from './messages/scenarios.js';
import * as control from './messages/control.js';
import * as timeline from './messages/timeline.js';

export const CATALOGUE = {
  en: {
    ...common.en,
    ...cli.en,
    ...flags.en,
    ...stack.en,
    ...stackCommands.en,
    ...app.en,
    ...setup.en,
    ...doctor.en,
    ...doctorUpstream.en,
    ...doctorAnswer.en,
    ...doctorRequests.en,
    ...doctorStartup.en,
    ...doctorAccess.en,
    ...chaos.en,
    ...faults.en,
    ...scenarios.en,
    ...control.en,
    ...timeline.en,
  },
  'zh-CN': {
    ...common.zhCN,
    ...cli.zhCN,
    ...flags.zhCN,
    ...stack.zhCN,
    ...stackCommands.zhCN,
    ...app.zhCN,
    ...setup.zhCN,
    ...doctor.zhCN,
    ...doctorUpstream.zhCN,
    ...doctorAnswer.zhCN,
    ...doctorRequests.zhCN,
    ...doctorStartup.zhCN,
    ...doctorAccess.zhCN,
    ...chaos.zhCN,
    ...faults.zhCN,
    ...scenarios.zhCN,
    ...control.zhCN,
    ...timeline.zhCN,
  },
} as const;

export type MessageKey = keyof (typeof CATALOGUE)['en'];
