// Debian's Chromium, launched as the e2e suite launches it (tests/e2e/playwright.config.js).
export const CHROMIUM = {
  executablePath: process.env.SHARDLAB_CHROMIUM || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
