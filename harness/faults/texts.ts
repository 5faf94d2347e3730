// What is said of the faults as a whole: a name that is no fault, and a restore that had nothing to undo.
import { messages } from '../i18n/index.js';

export const faultsText = messages({
  en: {
    'chaos.runner.nothingApplied': 'nothing applied',
    'chaos.inject.noFault': 'no fault "{name}". The faults: {names} (`harness chaos list` says what each does).',
  },
  'zh-CN': {
    'chaos.runner.nothingApplied': '没有施加任何故障',
    'chaos.inject.noFault': '没有名为 "{name}" 的故障。全部故障：{names}（`harness chaos list` 说明了每个故障的作用）。',
  },
});
