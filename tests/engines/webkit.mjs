// WebKit: Debian's WebKitWebDriver driving WebKitGTK's MiniBrowser with `--automation`, through
// selenium-webdriver. The MiniBrowser has no headless mode, so the run is under xvfb-run
// (`cargo xtask test` starts it so); the driver has no log endpoint, so errors come from the
// pages' hook alone (errors.js).
import { spawn } from 'node:child_process';
import { Builder, By, Key, until } from 'selenium-webdriver';

const DRIVER = process.env.SHARDLAB_WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
const MINIBROWSER =
  process.env.SHARDLAB_MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Starts a session, retrying while the driver process is still opening its port. */
async function session(server) {
  const capabilities = {
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
  };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await new Builder().usingServer(server).withCapabilities(capabilities).build();
    } catch (e) {
      if (attempt >= 40) throw e;
      await new Promise((done) => setTimeout(done, 250));
    }
  }
}

/** One MiniBrowser window for the whole run, as the driver the checks in cases.mjs use. */
export async function launch({ width, height }) {
  const port = Number(process.env.SHARDLAB_WEBDRIVER_PORT || 4223);
  const driverProcess = spawn(DRIVER, [`--port=${port}`], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((done) => driverProcess.once('exit', done));
  // However this run ends, the driver (and the MiniBrowser it started) ends with it.
  process.once('exit', () => driverProcess.kill());
  let driver;
  try {
    driver = await session(`http://127.0.0.1:${port}`);
  } catch (e) {
    driverProcess.kill();
    throw e;
  }
  await driver.manage().setTimeouts({ pageLoad: 60_000, script: 30_000 });
  await driver.manage().window().setRect({ x: 0, y: 0, width, height });
  const capabilities = await driver.getCapabilities();
  const element = (selector) => driver.wait(until.elementLocated(By.css(selector)), 30_000);
  return {
    name: 'WebKit',
    version: `${capabilities.get('browserName')} ${capabilities.get('browserVersion')}`,
    async navigate(url) {
      await driver.switchTo().defaultContent();
      await driver.get('about:blank');
      await driver.get(url);
    },
    evaluate: (fn, ...args) => driver.executeScript(`return (${fn}).apply(null, arguments);`, ...args),
    async type(selector, text, { enter = false } = {}) {
      const input = await element(selector);
      await driver.executeScript('arguments[0].focus(); arguments[0].select && arguments[0].select();', input);
      await input.sendKeys(enter ? text + Key.ENTER : text);
    },
    async click(selector) {
      await (await element(selector)).click();
    },
    async enterFrame(selector) {
      await driver.switchTo().frame(await element(selector));
    },
    async leaveFrame() {
      await driver.switchTo().defaultContent();
    },
    hearsPageErrors: false,
    takeDriverErrors: () => [],
    async close() {
      try {
        await driver.quit();
      } finally {
        driverProcess.kill();
        await exited;
      }
    },
  };
}
