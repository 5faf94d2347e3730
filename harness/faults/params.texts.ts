// The words params.ts says, in English and Simplified Chinese.
import { messages } from '../i18n/index.js';

export const t = messages({
  en: {
    'fault.params.integer': 'a whole number from {min} to {max}',
    'fault.params.fraction': 'a fraction more than 0 and at most 1 (0.25: one in four)',
    'fault.params.choice': 'one of {values}',
    'fault.params.glob': 'a glob of the admin server\'s paths (* within a segment, ** across segments)',
    'fault.params.needsValue': '--{name} needs a value (--{name} {upper}).',
    'fault.params.twice': '--{name} is given twice ({first}, {second}): give it once.',
    'fault.params.usage': '  Usage: harness chaos inject {usage}',
    'fault.params.alias': ' (also {alias})',
    'fault.params.oneTooMany': '{fault} takes one argument, {placeholders}; {extra} is one too many.',
    'fault.params.manyTooMany': '{fault} takes {count} arguments, {placeholders}; {extra} is one too many.',
    'fault.params.noArgument': '{fault} takes no argument (got {extra}).',
    'fault.params.notOption': '--{name} is not an option of {fault}; it takes {known}.',
    'fault.params.noOptions': '--{name} is not an option of {fault}: it takes none.',
    'fault.params.needs': '{fault} needs {placeholder}: {describe}, {accepts}; e.g. harness chaos inject {fault} {example}.',
    'fault.params.bad': '{shown}: {placeholder} is {describe}, {accepts}; e.g. {example}.',
  },
  'zh-CN': {
    'fault.params.integer': '{min} 到 {max} 之间的整数',
    'fault.params.fraction': '大于 0、不大于 1 的小数（0.25：四个里一个）',
    'fault.params.choice': '以下之一：{values}',
    'fault.params.glob': '后端服务路径的 glob（* 匹配一段之内，** 可跨多段）',
    'fault.params.needsValue': '--{name} 需要一个值（--{name} {upper}）。',
    'fault.params.twice': '--{name} 给了两次（{first}，{second}）：只能给一次。',
    'fault.params.usage': '  用法：harness chaos inject {usage}',
    'fault.params.alias': '（也叫 {alias}）',
    'fault.params.oneTooMany': '{fault} 只接受一个参数 {placeholders}；{extra} 多余了。',
    'fault.params.manyTooMany': '{fault} 接受 {count} 个参数 {placeholders}；{extra} 多余了。',
    'fault.params.noArgument': '{fault} 不接受参数（收到了 {extra}）。',
    'fault.params.notOption': '--{name} 不是 {fault} 的选项；它接受 {known}。',
    'fault.params.noOptions': '--{name} 不是 {fault} 的选项：它没有选项。',
    'fault.params.needs': '{fault} 需要 {placeholder}：{describe}，{accepts}；例如 harness chaos inject {fault} {example}。',
    'fault.params.bad': '{shown}：{placeholder} 是{describe}，{accepts}；例如 {example}。',
  },
});
