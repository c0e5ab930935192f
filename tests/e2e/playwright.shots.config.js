// `cargo xtask shots`: screenshots of the release build for a person to look at, not tests. The
// same browser and server as the suite (playwright.config.js), one worker, PNGs in target/shots/.
import { defineConfig } from '@playwright/test';
import suite from './playwright.config.js';

export default defineConfig({
  ...suite,
  testDir: './shots',
  testMatch: '*.shots.js',
  timeout: 180_000,
  workers: 1,
  reporter: [['list']],
  outputDir: 'test-results/shots-artifacts',
});
