// The words input.ts says, in English and Simplified Chinese.
import { messages } from '../i18n/index.js';

export const t = messages({
  en: {
    'doctor.input.errorLog': 'error log',
    'doctor.input.accessLog': 'access log',
    'doctor.input.whereAccess': 'logs\\access.log in the nginx folder on Windows, /var/log/nginx/access.log on Linux',
    'doctor.input.whereError': 'logs\\error.log in the nginx folder on Windows (e.g. D:\\nginx-1.20.2\\logs\\error.log), /var/log/nginx/error.log on Linux',
    'doctor.input.noFile': "cannot read the {what} {path}: there is no such file. Name nginx's {what}: {where}.",
    'doctor.input.denied': 'cannot read the {what} {path}: permission denied. Run the doctor as a user who may read it, or copy the file somewhere readable.',
    'doctor.input.other': 'cannot read the {what} {path} ({code}). Check the path and try again.',
    'doctor.input.folder': 'the {what} {path} is a folder, not a log file. Name the log file itself{hint}.',
    'doctor.input.folderInside': ', e.g. {inside}',
    'doctor.input.folderWhere': ': {where}',
    'doctor.input.pipe': 'a named pipe',
    'doctor.input.socket': 'a socket',
    'doctor.input.device': 'a device',
    'doctor.input.notFile': 'not a regular file',
    'doctor.input.notLog': 'the {what} {path} is {kind}, not a log file. Name the file nginx writes ({where}), or pipe a log in with "-": cat error.log | npx harness doctor -',
  },
  'zh-CN': {
    'doctor.input.errorLog': '错误日志',
    'doctor.input.accessLog': '访问日志',
    'doctor.input.whereAccess': 'Windows 上是 nginx 目录下的 logs\\access.log，Linux 上是 /var/log/nginx/access.log',
    'doctor.input.whereError': 'Windows 上是 nginx 目录下的 logs\\error.log（例如 D:\\nginx-1.20.2\\logs\\error.log），Linux 上是 /var/log/nginx/error.log',
    'doctor.input.noFile': '无法读取{what} {path}：文件不存在。请给出 nginx 的{what}：{where}。',
    'doctor.input.denied': '无法读取{what} {path}：没有权限。请用有读取权限的用户运行 doctor，或把文件复制到可读的地方。',
    'doctor.input.other': '无法读取{what} {path}（{code}）。请检查路径后重试。',
    'doctor.input.folder': '{what} {path} 是一个文件夹，不是日志文件。请给出日志文件本身{hint}。',
    'doctor.input.folderInside': '，例如 {inside}',
    'doctor.input.folderWhere': '：{where}',
    'doctor.input.pipe': '命名管道',
    'doctor.input.socket': '套接字',
    'doctor.input.device': '设备',
    'doctor.input.notFile': '不是普通文件',
    'doctor.input.notLog': '{what} {path} 是{kind}，不是日志文件。请给出 nginx 写的文件（{where}），或用 "-" 把日志传进来：cat error.log | npx harness doctor -',
  },
});
