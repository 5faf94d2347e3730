// The two ways a controller refuses a request, each rendered by the dispatcher in one place.
import type { OutgoingHttpHeaders } from 'node:http';
import { STATUS_CODES } from 'node:http';

/** An answer that Spring MVC gives as an error page (BasicErrorController), e.g. a 400 for a value
 *  DataBinder cannot convert, or a 500 for an exception the app does not handle. */
export class SpringError extends Error {
  constructor(readonly status: number, readonly headers: OutgoingHttpHeaders = {}) {
    super(`${status} ${STATUS_CODES[status]}`);
  }
}

/** A BaseException of the app (or an integrity violation), which GlobalExceptionHandler answers as
 *  `{"code":0,"msg":…,"data":null}` with HTTP 200. */
export class BusinessError extends Error {
  constructor(readonly msg: string) {
    super(msg);
  }
}
