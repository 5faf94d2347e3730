// A finding of a server's log → its cause and fix in the user's language. The fix fits the system
// the log shows (a Windows path, Winsock's wording) and names both when the log does not tell.
import type { Explained } from '../types.js';
import type { Finding } from './findings.js';
import { t } from './explain.texts.js';

export type ServerPlatform = 'windows' | 'linux' | undefined;

/** Both systems' ways when the log does not say which it ran on. */
function bySystem(platform: ServerPlatform, windows: string, linux: string): string {
  return platform === 'windows' ? windows : platform === 'linux' ? linux : `${windows} ${linux}`;
}

/** The active profiles as the log said them ('' none, '?' not said). */
const profilesSaid = (profiles: string) =>
  profiles === '' ? t('server.datasource.noProfile') : profiles === '?' ? t('server.datasource.unknownProfiles') : t('server.datasource.profiles', { profiles });

/** Where MySQL was asked for: the JDBC URL's host and port, when the log shows the URL. */
const at = (f: Record<string, string>) => (f.host ? `${f.host}:${f.port ?? '3306'}` : t('server.mysql.atUnknown'));

export function explainFinding(finding: Finding, platform: ServerPlatform): Explained {
  const f = finding.facts;
  switch (finding.condition) {
    case 'server-port-in-use': {
      const port = f.port || '8080';
      return {
        cause: t('server.port.cause', { port }),
        fix: bySystem(platform, t('server.port.findWindows', { port }), t('server.port.findLinux', { port })) + t('server.port.move'),
      };
    }
    case 'mysql-unreachable': {
      const port = f.port ?? '3306';
      const reason =
        f.reason === 'refused' ? t('server.mysql.refused', { at: at(f) })
        : f.reason === 'unknown-host' ? t('server.mysql.unknownHost', { host: f.host || '?' })
        : f.reason === 'timeout' ? t('server.mysql.timeout', { at: at(f) })
        : t('server.mysql.other', { at: at(f) });
      const start = f.reason === 'unknown-host' ? '' : bySystem(platform, t('server.mysql.fixWindows', { port }), t('server.mysql.fixLinux', { port }));
      return { cause: reason + t('server.mysql.effect'), fix: (start + t('server.mysql.where')).trim() };
    }
    case 'mysql-access-denied':
      return {
        cause: t('server.access.cause', { user: f.user, from: f.from, password: f.password || '?' }) + t('server.mysql.effect'),
        fix: t('server.access.fix', { user: f.user, host: f.host ?? 'localhost' }) + (f.password === 'NO' ? t('server.access.noPassword') : ''),
      };
    case 'mysql-unknown-database':
      return { cause: t('server.database.cause', { database: f.database }) + t('server.mysql.effect'), fix: t('server.database.fix') };
    case 'redis-refused': {
      const port = /:(\d+)$/.exec(f.address)?.[1] ?? '6379';
      return {
        cause: t('server.redis.cause', { at: f.address ? ` ${f.address}` : '', refused: f.refused ? t('server.redis.refused') : '' }),
        fix: bySystem(platform, t('server.redis.fixWindows', { port }), t('server.redis.fixLinux', { port })) + t('server.redis.where'),
      };
    }
    case 'datasource-url-missing':
      return { cause: t('server.datasource.cause', { profiles: profilesSaid(f.profiles) }), fix: t('server.datasource.fix') };
    case 'setting-unresolved':
      return { cause: t('server.setting.cause', { setting: f.setting, profiles: profilesSaid(f.profiles) }), fix: t('server.setting.fix', { setting: f.setting }) };
    case 'jwt-error':
      return jwt(f);
    case 'request-exception': {
      const hint =
        /NullPointerException/.test(f.exception) ? t('server.request.hint.npe')
        : /BindingException/.test(f.exception) && /Invalid bound statement/.test(f.message) ? t('server.request.hint.binding')
        : /SQLSyntaxErrorException|BadSqlGrammarException|SQLIntegrityConstraintViolationException/.test(f.exception) ? t('server.request.hint.sql')
        : '';
      return {
        cause: t('server.request.cause', { exception: f.exception, message: f.message ? `: ${f.message}` : '', at: f.frame ? t('server.request.at', { frame: f.frame }) : '', hint }),
        fix: f.frame ? t('server.request.fix', { frame: f.frame }) : t('server.request.fixNoFrame'),
      };
    }
    case 'server-failed-to-start': {
      const what = f.description || (f.exception ? t('server.start.exception', { exception: f.exception, message: f.message }) : '?');
      return { cause: t('server.start.cause', { what }), fix: f.action ? `${t('server.start.fix')} (${f.action})` : t('server.start.fixNoAction') };
    }
    case 'server-error':
      return {
        cause: t('server.error.cause', { message: f.message, exception: f.exception ? t('server.error.exception', { exception: f.exception }) : '', at: f.frame ? t('server.request.at', { frame: f.frame }) : '' }),
        fix: t('server.error.fix'),
      };
  }
}

function jwt(f: Record<string, string>): Explained {
  const message = f.message || f.kind;
  switch (f.kind) {
    case 'expired':
      return { cause: t('server.jwt.expired', { message }), fix: t('server.jwt.expiredFix'), detail: { harmless: true } };
    case 'signature':
      return { cause: t('server.jwt.signature'), fix: t('server.jwt.signatureFix') };
    case 'malformed':
      return { cause: t('server.jwt.malformed', { message }), fix: t('server.jwt.malformedFix') };
    case 'missing':
      return { cause: t('server.jwt.missing'), fix: t('server.jwt.missingFix') };
    case 'weak-key':
      return { cause: t('server.jwt.weakKey'), fix: t('server.jwt.weakKeyFix') };
    case 'jaxb':
      return { cause: t('server.jwt.jaxb'), fix: t('server.jwt.jaxbFix') };
    default:
      return { cause: t('server.jwt.other', { message }), fix: t('server.jwt.otherFix') };
  }
}
