// ngx_http_process_user_agent(): the browsers nginx tells apart by User-Agent, for the settings
// that work around their bugs (gzip_disable msie6, keepalive_disable msie6 and safari).

export interface Browser {
  /** MSIE 4.x and 5.x, and 6.x without SV1. */
  msie6: boolean;
  /** Safari on Mac OS X. */
  safari: boolean;
}

export function browser(ua: string | undefined): Browser {
  if (ua === undefined) return { msie6: false, safari: false };
  const opera = ua.includes('Opera');
  const at = ua.indexOf('MSIE ');
  const msie = at >= 0 && at + 7 < ua.length && !opera;
  let msie6 = false;
  if (msie && ua[at + 6] === '.') {
    const major = ua[at + 5];
    msie6 = major === '4' || major === '5' || (major === '6' && !ua.slice(at + 8).includes('SV1'));
  }
  // The later checks run only for an agent that is neither MSIE nor Opera, first match wins.
  const safari = !msie && !opera && !ua.includes('Gecko/') && !ua.includes('Chrome/') && ua.includes('Safari/') && ua.includes('Mac OS X');
  return { msie6, safari };
}
