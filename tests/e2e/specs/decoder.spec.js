// The Decoder view: each test makes one visible change and checks it in the DOM. The shared fixture
// fails any test that logs a console error or requests another origin.
import { test, expect, openRoute } from './fixtures.js';

const PIN = '241294492511762325';

const field = (page, name) => page.locator(`.field-editor[data-field="${name}"] input`);
const master = (page) => page.getByTestId('loc-master');

/** The text of a download. */
async function readDownload(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

test('pasting the Pinterest example shows its shard, type, local and host', async ({ page }) => {
  await openRoute(page, '#/decoder');
  const input = page.getByRole('textbox', { name: 'ID', exact: true });
  await input.fill('1');
  await expect(page.getByTestId('id-decimal')).toHaveText('1');
  await input.fill(` "${PIN}" `);
  await expect(page.getByTestId('id-decimal')).toHaveText(PIN);
  await expect(page.getByTestId('id-hex')).toHaveText('0x0359_4010_006B_F795');
  await expect(field(page, 'shard')).toHaveValue('3429');
  await expect(field(page, 'type')).toHaveValue('1');
  await expect(field(page, 'local')).toHaveValue('7075733');
  await expect(master(page)).toHaveText('MySQL007A');
  await expect(page.getByTestId('loc-db')).toHaveText('db03429');
  await expect(page.getByTestId('loc-query')).toHaveText('SELECT * FROM pins WHERE local_id = 7075733;');
});

test('toggling bit 46 changes the shard by one, by click and by Space', async ({ page }) => {
  await openRoute(page, '#/decoder');
  const bit46 = page.locator('#bit-46');
  await expect(bit46).toHaveAttribute('aria-pressed', 'true');
  // Its name holds what it shows, index then value (WCAG 2.5.3, label in name).
  await expect(bit46).toHaveAccessibleName('bit 46, 1');
  await bit46.click();
  await expect(field(page, 'shard')).toHaveValue('3428');
  await expect(bit46).toHaveAttribute('aria-pressed', 'false');
  await expect(bit46).toHaveAccessibleName('bit 46, 0');
  await expect(page.getByTestId('bit-readout')).toContainText('Bit 46');
  await expect(page.getByTestId('bit-readout')).toContainText('bit 0 of shard');
  await page.keyboard.press('Space');
  await expect(field(page, 'shard')).toHaveValue('3429');
  // The strip is one Tab stop; the arrow keys move along it.
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('#bit-47')).toBeFocused();
  await expect(page.locator('#bit-47')).toHaveAttribute('tabindex', '0');
  await expect(bit46).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('End');
  await expect(page.locator('#bit-0')).toBeFocused();
});

test('a boundary moves by dragging and by keyboard', async ({ page }) => {
  await openRoute(page, '#/decoder');
  // Drag the shard/type boundary (below bit 46) two bits to the right, onto bit 44.
  const grip = page.locator('#grip-1');
  await grip.scrollIntoViewIfNeeded();
  const box = await grip.boundingBox();
  const target = await page.locator('#bit-44').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page.locator('.field-editor[data-field="shard"] .field-range')).toHaveText('0 … 262143');
  await expect(page.locator('.field-editor[data-field="type"] .field-range')).toHaveText('0 … 255');
  await expect(page.getByTestId('id-decimal')).toHaveText(PIN);
  // The keyboard: focus the handle and press ← once; shard gives a bit back.
  await page.locator('#grip-1').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('.field-editor[data-field="shard"] .field-range')).toHaveText('0 … 131071');
  await expect(page.locator('#grip-1')).toBeFocused();
  // And the click alternative in the layout editor.
  await page.getByRole('button', { name: /Move the boundary between shard and type left/ }).click();
  await expect(page.locator('.field-editor[data-field="shard"] .field-range')).toHaveText('0 … 65535');
  // An invalid layout is refused with its reason.
  for (let i = 0; i < 10; i += 1) {
    await page.getByRole('button', { name: /Move the boundary between type and local left/ }).click();
  }
  await expect(page.getByTestId('layout-error')).toContainText('has no bits');
  await expect(page.locator('.field-editor[data-field="type"] .field-range')).toHaveText('0 … 1');
});

test('a boundary follows the pointer along its own row of handles (issue 19)', async ({ page }) => {
  await openRoute(page, '#/decoder');
  // Drag the shard/type handle sideways at its own height, never onto the bits, to bit 44's x.
  await page.locator('#grip-1').scrollIntoViewIfNeeded();
  const box = await page.locator('#grip-1').boundingBox();
  const target = await page.locator('#bit-44').boundingBox();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, y, { steps: 5 });
  await page.mouse.up();
  await expect(page.locator('.field-editor[data-field="shard"] .field-range')).toHaveText('0 … 262143');
  await expect(page.locator('#grip-1')).not.toHaveClass(/dragging/);
});

test('on a 390 px phone every bit is a 24 px target (issue 19)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openRoute(page, '#/decoder');
  await expect(page.locator('.strip')).toHaveAttribute('data-row-bits', /^(8|16)$/);
  const boxes = await page.locator('.bit-cell').evaluateAll((cells) =>
    cells.map((c) => { const r = c.getBoundingClientRect(); return [c.id, r.width, r.height]; }));
  expect(boxes).toHaveLength(64);
  for (const [id, width, height] of boxes) {
    expect(width, id).toBeGreaterThanOrEqual(24);
    expect(height, id).toBeGreaterThanOrEqual(24);
  }
  // The strip fits the phone: no sideways scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a wide strip is one row that names each field once and whole (issue 19)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openRoute(page, '#/decoder');
  await expect(page.locator('.strip')).toHaveAttribute('data-row-bits', '64');
  await expect(page.locator('.strip-label')).toHaveText(['reserved', 'shard', 'type', 'local']);
  // No label is cut: each shows its whole text.
  const cut = await page.locator('.strip-label-text').evaluateAll((labels) =>
    labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));
  expect(cut).toEqual([]);
});

test('on a 390 px phone the layout editor is one card per field, each control labelled (issue 19)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openRoute(page, '#/decoder');
  const rows = page.locator('.layout-table tbody tr');
  await expect(rows).toHaveCount(4);
  const cards = await rows.evaluateAll((trs) => trs.map((tr) => {
    const box = tr.getBoundingClientRect();
    const controls = [...tr.querySelectorAll('input, select, button')].map((c) => c.getBoundingClientRect());
    const labels = [...tr.querySelectorAll('td')].map((td) => getComputedStyle(td, '::before').content);
    return {
      box: [box.left, box.right, box.top, box.bottom],
      inside: controls.every((c) => c.left >= box.left - 1 && c.right <= box.right + 1 && c.top >= box.top - 1 && c.bottom <= box.bottom + 1),
      tall: controls.every((c) => c.height >= 24),
      labels,
      border: getComputedStyle(tr).borderTopStyle,
    };
  }));
  for (const card of cards) {
    expect(card.inside).toBe(true);
    expect(card.tall).toBe(true);
    expect(card.border).toBe('solid');
    for (const name of ['"name"', '"bits"', '"role"']) expect(card.labels).toContain(name);
  }
  // Cards stack without overlapping, and nothing scrolls sideways.
  for (let i = 1; i < cards.length; i += 1) expect(cards[i].box[2]).toBeGreaterThanOrEqual(cards[i - 1].box[3]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a bad host name is named while typed and the table holds still (issue 19)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openRoute(page, '#/decoder');
  const widths = () => page.locator('.shard-table thead th').evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().width)));
  const before = await widths();
  const host = page.getByLabel('Master of shards 0–511');
  await host.fill('bad name with spaces and more');
  // No blur: the message shows while the input keeps focus.
  await expect(host).toBeFocused();
  await expect(host).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#host-0-m-error')).toBeVisible();
  await expect(page.locator('#host-0-m-error')).toContainText('host names');
  expect(await widths()).toEqual(before);
});

test('the split notice reads as a success, not an error (issue 19)', async ({ page }) => {
  await openRoute(page, '#/decoder');
  await page.getByRole('button', { name: 'Split MySQL007A' }).click();
  const report = page.getByTestId('split-report');
  await expect(report).toHaveClass(/moved/);
  const colours = await report.evaluate((el) => {
    const probe = document.createElement('span');
    el.append(probe);
    const resolve = (v) => { probe.style.color = `var(${v})`; return getComputedStyle(probe).color; };
    const red = [resolve('--error'), resolve('--moved')];
    probe.remove();
    const texts = [...el.querySelectorAll('*')].map((e) => getComputedStyle(e).color);
    return { red, border: getComputedStyle(el).borderTopColor, texts };
  });
  expect(colours.red).not.toContain(colours.border);
  for (const colour of colours.texts) expect(colours.red).not.toContain(colour);
});

test('the code tab is kept in the link; a bad one is a note (issue 19)', async ({ page }) => {
  await openRoute(page, '#/decoder');
  await page.getByRole('button', { name: 'SQL (MySQL)' }).click();
  await expect(page).toHaveURL(/code=sql/);
  await page.reload();
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'SQL (MySQL)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('pre.code')).toContainText('SELECT');
  // An old link (no code) opens on Rust; a bad value says what is accepted and shows Rust.
  await page.goto('about:blank');
  await openRoute(page, '#/decoder?v=1&code=cobol');
  await expect(page.locator('.note').first()).toContainText('rust, sql or js');
  await expect(page.getByRole('button', { name: 'Rust', exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test('an invalid ID shows the reason and keeps the last good ID', async ({ page }) => {
  await openRoute(page, '#/decoder');
  const input = page.getByRole('textbox', { name: 'ID', exact: true });
  await input.fill('18446744073709551616');
  await expect(page.locator('#id-error')).toContainText('IDs are 0 … 18446744073709551615; this one has 20 digits');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('id-decimal')).toHaveText(PIN);
  await expect(master(page)).toHaveText('MySQL007A');
  // A field value that does not fit is refused too, naming the range.
  await field(page, 'shard').fill('70000');
  await expect(page.locator('.field-editor[data-field="shard"] .error')).toContainText('0 … 65535');
  await expect(page.getByTestId('id-decimal')).toHaveText(PIN);
});

test('splitting MySQL007A moves the host and keeps the ID', async ({ page }) => {
  await openRoute(page, '#/decoder');
  await expect(master(page)).toHaveText('MySQL007A');
  await page.getByRole('button', { name: 'Split MySQL007A' }).click();
  await expect(master(page)).toHaveText('MySQL009A');
  await expect(page.getByTestId('id-decimal')).toHaveText(PIN);
  await expect(field(page, 'shard')).toHaveValue('3429');
  const report = page.getByTestId('split-report');
  await expect(report).toContainText('Shards 3328–3583');
  await expect(report).toContainText('MySQL007A → MySQL009A');
  await expect(page.locator('.shard-table tbody tr')).toHaveCount(9);
});

test('a reload restores the ID, the layout and the table', async ({ page }) => {
  await openRoute(page, '#/decoder');
  await page.getByRole('button', { name: 'Split MySQL007A' }).click();
  await page.getByRole('button', { name: /Move the boundary between type and local right/ }).click();
  await page.locator('#bit-0').click();
  const host = page.getByLabel('Standby of shards 0–511');
  await host.fill('db-standby-1');
  await host.press('Enter');
  await expect(page).toHaveURL(/v=1/);
  await expect(page).toHaveURL(/table=/);
  const snapshot = async () => ({
    id: await page.getByTestId('id-decimal').textContent(),
    fields: await page.locator('.field-editor .field-range').allTextContents(),
    table: await page.locator('.shard-table tbody tr').evaluateAll((rows) =>
      rows.map((r) => [r.querySelector('th').textContent, ...[...r.querySelectorAll('input')].map((i) => i.value)].join(' '))),
    host: await master(page).textContent(),
  });
  const before = await snapshot();
  expect(before.table).toHaveLength(9);
  await page.reload();
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await expect(page.getByTestId('id-decimal')).toHaveText(before.id);
  expect(await snapshot()).toEqual(before);
});

test('a bad link falls back to defaults with a message', async ({ page }) => {
  await openRoute(page, '#/decoder?v=1&layout=flickr&id=12x');
  await expect(page.locator('.note').first()).toContainText('flickr');
  await expect(page.getByTestId('id-decimal')).toHaveText(PIN);
});

test('other presets decode and generate from the clock', async ({ page }) => {
  await openRoute(page, '#/decoder');
  await page.getByLabel('Preset').selectOption('snowflake');
  await expect(page.getByTestId('id-decimal')).toHaveText('1541815603606036480');
  await expect(page.locator('.field-editor[data-field="timestamp"] .field-meaning')).toHaveText('2022-06-28T16:07:40.105Z');
  await expect(page).toHaveURL(/layout=snowflake/);
  await page.getByRole('button', { name: 'Make an ID now' }).click();
  await expect(page.getByTestId('gen-steps')).toContainText('Read the clock');
  const year = new Date().getUTCFullYear().toString();
  await expect(page.locator('.field-editor[data-field="timestamp"] .field-meaning')).toContainText(year);
});

test('inserting a Pin takes the next local ID on its shard', async ({ page }) => {
  await openRoute(page, '#/decoder');
  await page.getByLabel(/^Shard \(/).fill('3429');
  await page.getByRole('button', { name: 'Insert a new object' }).click();
  await expect(page.getByTestId('id-decimal')).toHaveText('241294492511762326');
  await expect(page.getByTestId('gen-steps').locator('li')).toHaveCount(4);
  await expect(field(page, 'local')).toHaveValue('7075734');
});

test('an insert plays step by step, pauses, steps by hand, and shows the end at once under reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await openRoute(page, '#/decoder');
  await page.getByLabel(/^Shard \(/).fill('3429');
  await page.getByRole('button', { name: 'Insert a new object' }).click();
  const status = page.getByTestId('gen-status');
  const play = page.getByTestId('gen-play');
  // A fresh insert starts playing on its own: it shows a step of four, and Play reads Pause.
  await expect(status).toHaveText(/^Step [1-4] of 4/);
  await expect(play).toHaveText(/Pause|Replay/);
  // On a loaded machine the timer may already have moved on, so pause, then start over by hand.
  await play.click();
  await expect(play).toHaveText(/Play|Replay/);
  const startOver = page.getByTestId('gen-start-over');
  if (await startOver.isEnabled()) {
    await startOver.click();
  }
  await expect(status).toHaveText('Step 1 of 4: Pick a shard');
  await expect(page.locator('.gen-steps li.pending')).toHaveCount(3);
  await expect(play).toHaveText('Play');
  // Paused: no timer reveals the next step.
  await page.waitForTimeout(1500);
  await expect(status).toHaveText('Step 1 of 4: Pick a shard');
  // Step from the keyboard.
  await page.getByTestId('gen-step').focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('Step 2 of 4: Insert the row');
  await expect(page.locator('.gen-steps li[aria-current="step"]')).toContainText('INSERT INTO pins');
  await play.click();
  await expect(status).toHaveText(/^Step 4 of 4: Compose the ID/, { timeout: 5_000 });
  await expect(play).toHaveText('Replay');
  await expect(page.locator('.gen-steps li[aria-current="step"]')).toContainText('= 241294492511762326');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('button', { name: 'Insert a new object' }).click();
  await expect(status).toHaveText(/^Step 4 of 4: Compose the ID/);
  await expect(page.locator('.gen-steps li[aria-current="step"]')).toContainText('= 241294492511762327');
  await page.getByTestId('gen-start-over').click();
  await expect(status).toHaveText('Step 1 of 4: Pick a shard');
  await page.getByTestId('gen-step').click();
  await expect(status).toHaveText('Step 2 of 4: Insert the row');
  // Play under reduced motion jumps to the end instead of timing the steps.
  await play.click();
  await expect(status).toHaveText(/^Step 4 of 4/);
});

test('a timestamp field takes a new epoch as ISO or Unix ms, and refuses a bad one', async ({ page }) => {
  await openRoute(page, '#/decoder');
  await page.getByLabel('Preset').selectOption('snowflake');
  const meaning = page.locator('.field-editor[data-field="timestamp"] .field-meaning');
  const iso = page.getByLabel('Epoch (ISO-8601 UTC)');
  const ms = page.getByLabel('Epoch (Unix ms)');
  const error = page.getByTestId('time-error');
  await expect(meaning).toHaveText('2022-06-28T16:07:40.105Z');
  await expect(iso).toHaveValue('2010-11-04T01:42:54.657Z');
  await expect(ms).toHaveValue('1288834974657');
  // One day later: the same ID now decodes one day later.
  await iso.fill('2010-11-05T01:42:54.657Z');
  await iso.press('Enter');
  await expect(meaning).toHaveText('2022-06-29T16:07:40.105Z');
  await expect(ms).toHaveValue('1288921374657');
  await expect(page.getByTestId('id-decimal')).toHaveText('1541815603606036480');
  await expect(page.getByTestId('time-now')).toContainText('= 2022-06-29T16:07:40.105Z');
  await expect(page).toHaveURL(/fields=/);
  // 30 February is refused; the text stays for fixing and the last good epoch is kept.
  await iso.fill('2015-02-30');
  await iso.press('Enter');
  await expect(error).toContainText('day 30 does not exist');
  await expect(iso).toHaveValue('2015-02-30');
  await expect(iso).toHaveAttribute('aria-invalid', 'true');
  await expect(meaning).toHaveText('2022-06-29T16:07:40.105Z');
  const unit = page.getByLabel('Tick (ms)');
  await unit.fill('0');
  await unit.press('Enter');
  await expect(error).toContainText('1 … 86400000');
  await expect(meaning).toHaveText('2022-06-29T16:07:40.105Z');
  // Unix ms 0 is 1970: the ISO input follows, and the ID's ticks now count from 1970.
  const fromUnixZero = new Date(1656432460105 - 1288834974657).toISOString();
  await ms.fill('0');
  await ms.press('Enter');
  await expect(error).toHaveText('');
  await expect(iso).toHaveValue('1970-01-01T00:00:00.000Z');
  await expect(meaning).toHaveText(fromUnixZero);
  await page.reload();
  await expect(page.locator('body[data-app-ready="true"]')).toHaveCount(1);
  await expect(meaning).toHaveText(fromUnixZero);
});

test('the layout exports as JSON, a broken import changes nothing, a good one applies', async ({ page }) => {
  await openRoute(page, '#/decoder');
  const fields = page.locator('.field-editor');
  await expect(fields).toHaveCount(4);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export layout (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('shardlab-layout-pinterest.json');
  const exported = JSON.parse(await readDownload(download));
  expect(exported.fields.map((f) => [f.name, f.width])).toEqual([['reserved', 2], ['shard', 16], ['type', 10], ['local', 36]]);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export config table (CSV)' }).click(),
  ]);
  const rows = (await readDownload(csv)).trim().split('\n');
  expect(rows[0]).toBe('first_shard,last_shard,master,standby');
  expect(rows[7]).toBe('3072,3583,MySQL007A,MySQL007B');

  const importer = page.locator('#layout-import');
  const error = page.getByTestId('layout-import-error');
  await importer.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"fields": [') });
  await expect(error).toContainText('"broken.json" was not loaded: it is not JSON');
  await expect(fields).toHaveCount(4);
  const markup = { fields: [{ name: '<img src=x onerror=alert(1)>', width: 8, role: 'other' }] };
  await importer.setInputFiles({ name: 'markup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(markup)) });
  await expect(error).toContainText('<img src=x onerror=alert(1)>');
  await expect(page.locator('main img')).toHaveCount(0);
  await expect(fields).toHaveCount(4);
  await expect(page.getByTestId('id-decimal')).toHaveText(PIN);

  const mine = {
    fields: [
      { name: 'region', width: 4, role: 'shard' },
      { name: 'seq', width: 20, role: 'sequence' },
    ],
  };
  await importer.setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(mine)) });
  await expect(error).toHaveText('');
  await expect(fields).toHaveCount(2);
  await expect(page.locator('.field-editor[data-field="region"]')).toHaveCount(1);
  await expect(page).toHaveURL(/fields=region-4-shard\.seq-20-sequence/);
});

for (const [name, width, height] of [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
]) {
  test(`the Decoder fits a ${name} screen`, async ({ page }, info) => {
    await page.setViewportSize({ width, height });
    await openRoute(page, '#/decoder');
    await page.getByRole('button', { name: 'Split MySQL007A' }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
    // The config table: each shard range on one line (never broken at its dash), and each host
    // name whole in its input; on a phone the table scrolls inside its own box instead.
    const rangeLines = await page.locator('.shard-table tbody th').evaluateAll((cells) => cells.map((th) => {
      const text = [...th.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && /\d–\d/.test(n.textContent));
      const range = document.createRange();
      range.selectNodeContents(text);
      return [text.textContent, range.getClientRects().length];
    }));
    expect(rangeLines.length).toBe(9);
    for (const [range, lines] of rangeLines) expect(lines, `${range} on one line`).toBe(1);
    const clipped = await page.locator('.shard-table .host-input').evaluateAll(
      (inputs) => inputs.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.value),
    );
    expect(clipped, 'host names cut off').toEqual([]);
    for (const theme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.screenshot({ path: `test-results/decoder-${name}-${theme}.png`, fullPage: true });
      await page.locator('.config-table').screenshot({ path: `test-results/decoder-${name}-${theme}-table.png` });
    }
  });
}
