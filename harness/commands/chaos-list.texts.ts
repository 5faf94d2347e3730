// The words chaos-list.ts says, in English and Simplified Chinese.
import { messages } from '../i18n/index.js';

export const t = messages({
  en: {
    'chaos.list.scenarios': 'Scenarios (harness chaos run <name> [--proxy nginx] [--os windows]):\n',
    'chaos.list.engines': 'engines: {engines}',
    'chaos.list.profiles': 'profiles: {profiles}',
    'chaos.list.seconds': '~{seconds} s',
    'chaos.list.secondsOn': '~{seconds} s on {profile}',
    'chaos.list.faultsOf': ', faults: {faults}',
    'chaos.list.standInOnly': ', the stand-in only',
    'chaos.list.sep': ', ',
    'chaos.list.external': '\nIn front of your own admin server: harness chaos run <name> --admin external --admin-upstream HOST:PORT (all but those marked "the stand-in only").',
    'chaos.list.faults': '\nFaults (harness chaos inject <fault> [args], on the stack `harness up` runs; `harness chaos restore` undoes them).',
    'chaos.list.faultsAdmin': 'Every admin.* fault acts on the stand-in, or on your own admin server when the stack runs with --admin-upstream HOST:PORT:\n',
    'chaos.list.conditions': '\nDoctor conditions, and the scenarios that produce them (engines, profiles where not all):\n',
    'chaos.list.noProducer': 'none: {reason}',
    'chaos.list.noScenarioYet': 'NO SCENARIO YET',
  },
  'zh-CN': {
    'chaos.list.scenarios': '场景（harness chaos run <name> [--proxy nginx] [--os windows]）：\n',
    'chaos.list.engines': '引擎：{engines}',
    'chaos.list.profiles': '系统：{profiles}',
    'chaos.list.seconds': '约 {seconds} 秒',
    'chaos.list.secondsOn': '{profile} 上约 {seconds} 秒',
    'chaos.list.faultsOf': '，故障：{faults}',
    'chaos.list.standInOnly': '，仅限管理端替身服务',
    'chaos.list.sep': '，',
    'chaos.list.external': '\n在你自己的后端服务前面运行：harness chaos run <name> --admin external --admin-upstream HOST:PORT（标有“仅限管理端替身服务”的场景除外）。',
    'chaos.list.faults': '\n故障（harness chaos inject <fault> [args]，作用于 `harness up` 运行的环境；`harness chaos restore` 撤销）。',
    'chaos.list.faultsAdmin': 'admin.* 故障都作用于管理端替身服务；环境带 --admin-upstream HOST:PORT 运行时，则作用于你自己的后端服务：\n',
    'chaos.list.conditions': '\ndoctor 能识别的状况，以及能复现它的场景（只列出不是全部支持的引擎和系统）：\n',
    'chaos.list.noProducer': '没有：{reason}',
    'chaos.list.noScenarioYet': '还没有场景',
  },
});
