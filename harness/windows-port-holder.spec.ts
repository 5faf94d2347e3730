// Who holds a port on Windows, read from what netstat and tasklist print on an English and a
// Chinese (code page 936) system: the fixtures in tests/fixtures/windows/, with the commands faked.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { consoleText, imageName, listeningPid, windowsPortHolder, type ConsoleRun } from './windows-port-holder.js';
import { repoRoot } from './paths.js';

const fixture = (name: string) => readFileSync(join(repoRoot, 'tests', 'fixtures', 'windows', name));

/** netstat and tasklist as a system prints them: `netstat -p TCP`, `-p TCPv6`, and tasklist's answer for each PID. */
function windows(lang: 'en' | 'zh-CN', tasklist: Record<number, string>): { run: ConsoleRun; calls: string[][] } {
  const gbk = lang === 'zh-CN' ? '.gbk' : '';
  const calls: string[][] = [];
  const run: ConsoleRun = async (file, args) => {
    calls.push([file, ...args]);
    if (file === 'netstat') return fixture(`netstat-${args[2].toLowerCase()}.${lang}${gbk}.txt`);
    const pid = Number(/^PID eq (\d+)$/.exec(args[1])![1]);
    return fixture(tasklist[pid] ?? `tasklist-none.${lang}${gbk}.txt`);
  };
  return { run, calls };
}

test('English: the LISTENING line of the port, not a TIME_WAIT or ESTABLISHED one, and its program', async () => {
  const w = windows('en', { 6120: 'tasklist-6120.en.csv', 15872: 'tasklist-15872.en.csv' });
  expect(await windowsPortHolder(80, w.run)).toEqual({ pid: 6120, command: 'nginx.exe' });
  expect(w.calls).toEqual([
    ['netstat', '-ano', '-p', 'TCP'],
    ['tasklist', '/FI', 'PID eq 6120', '/FO', 'CSV', '/NH'],
  ]);
  expect(await windowsPortHolder(8080, w.run)).toEqual({ pid: 15872, command: 'java.exe' });
});

test('English: a port only IPv6 listens on is found in netstat -p TCPv6; a port no one listens on is nobody\'s', async () => {
  const w = windows('en', { 11240: 'tasklist-11240.en.csv' });
  // A dev server on [::1] alone (Vite's `localhost` on Node 17 and later).
  expect(await windowsPortHolder(5173, w.run)).toEqual({ pid: 11240, command: 'node.exe' });
  expect(w.calls.map((c) => c.join(' '))).toEqual(['netstat -ano -p TCP', 'netstat -ano -p TCPv6', 'tasklist /FI PID eq 11240 /FO CSV /NH']);
  w.calls.length = 0;
  // 135 is in both lists: the IPv4 one is asked first; 54012 is a client's port, never a listener.
  expect(await windowsPortHolder(54012, w.run)).toBeUndefined();
  expect(w.calls.map((c) => c.join(' '))).toEqual(['netstat -ano -p TCP', 'netstat -ano -p TCPv6']);
  // The process has gone between netstat and tasklist: its PID is still worth saying.
  expect(await windowsPortHolder(135, w.run)).toEqual({ pid: 1052, command: '?' });
});

test('Chinese (GBK): the headers are translated, the rows are not; PID 4 is System (HTTP.sys, IIS)', async () => {
  const w = windows('zh-CN', { 4: 'tasklist-4.zh-CN.gbk.csv', 9876: 'tasklist-9876.zh-CN.gbk.csv' });
  expect(await windowsPortHolder(80, w.run)).toEqual({ pid: 4, command: 'System' });
  // A program whose name is Chinese, in GBK bytes.
  expect(await windowsPortHolder(8080, w.run)).toEqual({ pid: 9876, command: '苍穹外卖后台.exe' });
  expect(await windowsPortHolder(3307, w.run)).toBeUndefined();
});

test('the console\'s bytes: UTF-8 when they are UTF-8 (chcp 65001), else GBK', () => {
  expect(consoleText(fixture('tasklist-9876.zh-CN.gbk.csv'))).toBe('"苍穹外卖后台.exe","9876","Console","1","96,512 K"\r\n');
  expect(consoleText(Buffer.from('"苍穹外卖后台.exe","9876"', 'utf8'))).toBe('"苍穹外卖后台.exe","9876"');
  expect(consoleText(fixture('tasklist-none.zh-CN.gbk.txt'))).toBe('信息: 没有运行的任务匹配指定标准。\r\n');
});

test('a state in another language still counts as listening by its foreign address 0.0.0.0:0 or [::]:0', () => {
  expect(listeningPid('  TCP    0.0.0.0:80             0.0.0.0:0              ABHÖREN         4\r\n', 80)).toBe(4);
  expect(listeningPid('  TCP    [::]:80                [::]:0                 ABHÖREN         4\r\n', 80)).toBe(4);
  expect(listeningPid('  TCP    127.0.0.1:80           127.0.0.1:5000         HERGESTELLT     8\r\n', 80)).toBeUndefined();
  // 8080 is not 80, nor 80 8080.
  expect(listeningPid('  TCP    0.0.0.0:8080           0.0.0.0:0              LISTENING       9\r\n', 80)).toBeUndefined();
  expect(imageName('"a ""b"".exe","12","Console","1","1 K"', 12)).toBe('a "b".exe');
});

test('netstat or tasklist that cannot run: nobody known, no error', async () => {
  expect(await windowsPortHolder(80, async () => Promise.reject(new Error('spawn netstat ENOENT')))).toBeUndefined();
});
