// Playwright runs the release build in Debian's Chromium; it never downloads a browser.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.SHARDLAB_PORT || 4178);

export default defineConfig({
  testDir: './specs',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    trace: 'off',
    // The release pages register an offline service worker (www/sw.js). Once it controls a page it
    // answers that page's requests, out of reach of page.route; only offline.spec.js lets it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node serve.mjs',
    url: `http://127.0.0.1:${port}/index.html`,
    reuseExistingServer: false,
    timeout: 20_000,
  },
});
