import { test as base } from '@playwright/test';

export interface StackOptions {
  engine: 'embedded' | 'nginx';
}

export const test = base.extend<StackOptions>({
  engine: ['embedded', { option: true }],
});

export { expect } from '@playwright/test';
