// The SSI parser fed in pieces: a page cut anywhere (inside `<!--#`, a command, a value) gives the
// same text and commands as the page whole; a cut-off command is dropped at the end.
import { test, expect } from '@playwright/test';
import { SsiParser, type SsiItem } from './parse.js';

const PAGE = 'a<b<!-x<!--#echo var="x" default=\'d\\\'q\' -->y<!--# set  var="v" value="1" -->z<!--#bad x -->w<!---->';

/** The items of `pieces` fed in turn, adjacent texts joined. */
function parse(pieces: string[], valueLength = 255): SsiItem[] {
  const p = new SsiParser(valueLength);
  const items: SsiItem[] = [];
  const drain = () => {
    for (let item = p.next(); item; item = p.next()) {
      const last = items[items.length - 1];
      if ('text' in item && last && 'text' in last) last.text += item.text;
      else items.push(item);
    }
  };
  for (const s of pieces) {
    p.push(s);
    drain();
  }
  p.end();
  drain();
  return items;
}

const WHOLE: SsiItem[] = [
  { text: 'a<b<!-x' },
  { command: 'echo', params: [['var', 'x'], ['default', "d\\'q"]] },
  { text: 'y' },
  { command: 'set', params: [['var', 'v'], ['value', '1']] },
  { text: 'z' },
  { error: 'unexpected "-" symbol after "x" parameter in "bad" SSI command' },
  { text: 'w<!---->' },
];

test('a page whole: text, commands with their parameters (a backslash kept), an error, a comment left as text', () => {
  expect(parse([PAGE])).toEqual(WHOLE);
});

test('the same page cut in two at every place, and fed a byte at a time', () => {
  for (let i = 1; i < PAGE.length; i++) expect(parse([PAGE.slice(0, i), PAGE.slice(i)])).toEqual(WHOLE);
  expect(parse([...PAGE])).toEqual(WHOLE);
});

test('ssi_value_length: a longer value is nginx\'s error; a command never closed is dropped at the end', () => {
  expect(parse(['<!--#echo var="abcd" -->'], 3)).toEqual([{ error: 'too long "abcd..." value of "var" parameter in "echo" SSI command' }]);
  expect(parse(['x<!--#echo var="a"'])).toEqual([{ text: 'x' }]);
});
