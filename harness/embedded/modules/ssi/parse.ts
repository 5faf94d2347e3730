// ngx_http_ssi_parse(): an answer's bytes (latin1, a char per byte) as text and `<!--# ... -->`
// commands, fed as they come. A command cut by the end of a piece waits for the next one; its
// errors are nginx's words, and a command in error is skipped to its `-->`.

/** What the parser gives, one at a time. */
export type SsiItem =
  | { text: string }
  | { command: string; params: [string, string][] }
  /** A command the parser could not read: its [error] line. */
  | { error: string };

const START = '<!--#';
/** NGX_HTTP_SSI_COMMAND_LEN, NGX_HTTP_SSI_PARAM_LEN. */
const NAME_LEN = 32;
const BLANK = ' \r\n\t';

export class SsiParser {
  private buf = '';
  private ended = false;

  /** `valueLength`: ssi_value_length. */
  constructor(private readonly valueLength: number) {}

  push(s: string): void {
    this.buf += s;
  }

  /** The input is whole: text held for a tag that never came goes out; a command cut short is dropped. */
  end(): void {
    this.ended = true;
  }

  get drained(): boolean {
    return this.ended && !this.buf.length;
  }

  /** The next item, or undefined until more input comes. */
  next(): SsiItem | undefined {
    const buf = this.buf;
    if (!buf.length) return undefined;
    const at = buf.indexOf(START);
    if (at < 0) {
      // Hold what may be the start of a tag cut by the piece's end.
      let keep = 0;
      if (!this.ended) for (let k = Math.min(START.length - 1, buf.length); k > 0 && !keep; k--) if (START.startsWith(buf.slice(-k))) keep = k;
      return this.take(buf.length - keep);
    }
    if (at > 0) return this.take(at);
    const cmd = readCommand(buf, START.length, this.valueLength);
    if (!cmd) {
      if (this.ended) this.buf = '';
      return undefined;
    }
    this.buf = buf.slice(cmd.end);
    return cmd.item;
  }

  private take(n: number): SsiItem | undefined {
    if (!n) return undefined;
    const text = this.buf.slice(0, n);
    this.buf = this.buf.slice(n);
    return { text };
  }
}

type State = 'precommand' | 'command' | 'preparam' | 'param' | 'preequal' | 'prevalue' | 'value' | 'quoted' | 'postparam' | 'end0' | 'end1' | 'error' | 'error0' | 'error1';

/** The command from `i` (after `<!--#`) to its `-->`: undefined while it is not whole. */
function readCommand(s: string, i: number, valueLength: number): { item: SsiItem; end: number } | undefined {
  let state = 'precommand' as State;
  let command = '';
  const params: [string, string][] = [];
  let quote = '"';
  let error: string | undefined;
  const fail = (message: string, next: State = 'error') => {
    error ??= message;
    state = next;
  };
  const param = () => params[params.length - 1];
  const addToValue = (ch: string, after: State) => {
    const p = param();
    if (p[1].length === valueLength) return fail(`too long "${p[1]}${ch}..." value of "${p[0]}" parameter in "${command}" SSI command`);
    p[1] += ch;
    state = after;
  };
  for (; i < s.length; i++) {
    const ch = s[i];
    const blank = BLANK.includes(ch);
    switch (state) {
      case 'precommand':
        if (!blank) (command = ch), (state = 'command');
        break;
      case 'command':
        if (blank) state = 'preparam';
        else if (ch === '-') state = 'end0';
        else if (command.length === NAME_LEN) fail(`the "${command}${ch}..." SSI command is too long`);
        else command += ch;
        break;
      case 'preparam':
        if (ch === '-') state = 'end0';
        else if (!blank) params.push([ch, '']), (state = 'param');
        break;
      case 'param':
        if (blank) state = 'preequal';
        else if (ch === '=') state = 'prevalue';
        else if (ch === '-') fail(`unexpected "-" symbol after "${param()[0]}" parameter in "${command}" SSI command`, 'error0');
        else if (param()[0].length === NAME_LEN) fail(`too long "${param()[0]}${ch}..." parameter in "${command}" SSI command`);
        else param()[0] += ch;
        break;
      case 'preequal':
        if (ch === '=') state = 'prevalue';
        else if (!blank) fail(`unexpected "${ch}" symbol after "${param()[0]}" parameter in "${command}" SSI command`, ch === '-' ? 'error0' : 'error');
        break;
      case 'prevalue':
        if (ch === '"' || ch === "'") (quote = ch), (state = 'value');
        else if (!blank) fail(`unexpected "${ch}" symbol before value of "${param()[0]}" parameter in "${command}" SSI command`, ch === '-' ? 'error0' : 'error');
        break;
      case 'value':
        // A backslash stays in the value, with the character it quotes (the evaluation reads both).
        if (ch === quote) state = 'postparam';
        else addToValue(ch, ch === '\\' ? 'quoted' : 'value');
        break;
      case 'quoted':
        addToValue(ch, 'value');
        break;
      case 'postparam':
        if (blank) state = 'preparam';
        else if (ch === '-') state = 'end0';
        else fail(`unexpected "${ch}" symbol after "${param()[1]}" value of "${param()[0]}" parameter in "${command}" SSI command`);
        break;
      case 'end0':
        if (ch === '-') state = 'end1';
        else fail(`unexpected "${ch}" symbol in "${command}" SSI command`);
        break;
      case 'end1':
        if (ch === '>') return { item: error ? { error } : { command, params }, end: i + 1 };
        fail(`unexpected "${ch}" symbol in "${command}" SSI command`);
        break;
      case 'error':
        if (ch === '-') state = 'error0';
        break;
      case 'error0':
        state = ch === '-' ? 'error1' : 'error';
        break;
      case 'error1':
        if (ch === '>') return { item: { error: error! }, end: i + 1 };
        state = 'error';
        break;
    }
  }
  return undefined;
}
