// What the embed specs measure of an iframe: its content's height against the height its host
// gave it, and whether anything inside overflows. Shared by embed.spec.js (the example post, a
// whole view) and widgets.spec.js (every widget from another site).
import { expect } from '@playwright/test';

/** The iframe's own content height against the height the host gave it, and its overflow. */
export async function fit(iframe) {
  const frame = await (await iframe.elementHandle()).contentFrame();
  const inner = await frame.evaluate(() => {
    const root = document.documentElement;
    return {
      content: Math.ceil(Math.max(root.getBoundingClientRect().height, document.body.scrollHeight)),
      scrollHeight: root.scrollHeight,
      clientHeight: root.clientHeight,
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
    };
  });
  const outer = await iframe.evaluate((el) => el.getBoundingClientRect().height);
  return { ...inner, outer };
}

/** Scrolls to the iframe and waits until the app inside it is ready; returns its frame. */
export async function openedFrame(iframe) {
  await iframe.scrollIntoViewIfNeeded();
  const frame = await (await iframe.elementHandle()).contentFrame();
  await expect(frame.locator('body[data-app-ready="true"]')).toHaveCount(1);
  return frame;
}

/**
 * Waits until the iframe fits its content, and returns the measurements. The checks hold at one
 * moment: checked one after another they would race the content (the ring grows when its
 * statistics arrive, and the iframe follows a frame later). `sideways: false` leaves the width
 * to the caller, which measures it with its own message.
 */
export async function expectFitted(iframe, { sideways = true } = {}) {
  let f;
  await expect
    .poll(async () => {
      // Chromium stops rendering a cross-site frame that is wholly off screen, so it would not
      // report a late change of height; a reader scrolls to it, and so does the test.
      await iframe.scrollIntoViewIfNeeded();
      f = await fit(iframe);
      return {
        heightFollowsContent: Math.abs(f.outer - f.content) <= 1,
        nothingCutOffAtTheBottom: f.scrollHeight <= f.clientHeight + 1,
        nothingWiderThanTheFrame: !sideways || f.scrollWidth <= f.clientWidth + 1,
      };
    }, { message: 'the iframe fits its content' })
    .toEqual({ heightFollowsContent: true, nothingCutOffAtTheBottom: true, nothingWiderThanTheFrame: true });
  return f;
}
