// The golden transcripts as shipped: one file per group (login, token, employee, …), read in the
// order they were recorded, since later requests see what earlier ones wrote.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../paths.js';
import type { TranscriptFile } from './transcript.js';

export const goldenFolder = join(repoRoot, 'harness', 'check-server', 'transcripts');

export interface GoldenGroup {
  /** The file's name without `.json`: `01-login`. */
  group: string;
  file: TranscriptFile;
}

export function readGolden(folder = goldenFolder): GoldenGroup[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ group: f.replace(/\.json$/, ''), file: JSON.parse(readFileSync(join(folder, f), 'utf8')) as TranscriptFile }));
}
