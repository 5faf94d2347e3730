// The system packages the suite needs and npm cannot bring, by the names this machine's package
// manager knows them: what `harness setup` installs, and what an error tells a user to install.
import { packageManager } from './platform.js';
import { messages } from './i18n/index.js';

const t = messages({
  en: {
    'setup.advice.run': 'run `{command}`',
    'setup.advice.noPm': "install {what} with your system's package manager",
  },
  'zh-CN': {
    'setup.advice.run': '运行 `{command}`',
    'setup.advice.noPm': '用操作系统的包管理器安装 {what}',
  },
});

export type Need = 'chromium' | 'nginx' | 'strace' | 'cjk-font' | 'perl-websocket';
export type PackageManager = NonNullable<ReturnType<typeof packageManager>>;

const PACKAGES: Record<PackageManager, Record<Need, string>> = {
  'apt-get': { chromium: 'chromium', nginx: 'nginx', strace: 'strace', 'cjk-font': 'fonts-wqy-zenhei', 'perl-websocket': 'libprotocol-websocket-perl' },
  dnf: { chromium: 'chromium', nginx: 'nginx', strace: 'strace', 'cjk-font': 'wqy-zenhei-fonts', 'perl-websocket': 'perl-Protocol-WebSocket' },
};

/** What a need is, for a machine without a package manager we know. */
const DESCRIBED: Record<Need, string> = {
  chromium: 'Chromium',
  nginx: 'nginx',
  strace: 'strace',
  'cjk-font': 'a CJK font (WenQuanYi Zen Hei)',
  'perl-websocket': "Perl's Protocol::WebSocket",
};

export function packagesOf(needs: Need[], pm: PackageManager): string[] {
  return needs.map((n) => PACKAGES[pm][n]);
}

/**
 * How to install `needs` on this machine (or on `where`): "run `sudo apt-get install -y nginx`",
 * or words where no package manager is known.
 */
export function installAdvice(needs: Need[], where = { pm: packageManager(), root: process.getuid?.() === 0 }): string {
  const { pm, root } = where;
  if (!pm) return t('setup.advice.noPm', { what: needs.map((n) => DESCRIBED[n]).join(', ') });
  return t('setup.advice.run', { command: `${root ? '' : 'sudo '}${pm} install -y ${packagesOf(needs, pm).join(' ')}` });
}
