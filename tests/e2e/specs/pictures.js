// Test data for the embeds' fallback pictures. `cargo xtask dist` writes each widget's
// `w/<view>-<widget>/picture.svg` and `pictures.json` (another branch's work); until a build has
// them, these routes answer the missing files with a stand-in picture and list, so the embed
// specs can check where the picture goes without depending on how it is drawn. A build that has
// the files serves its own.
const STAND_IN_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="680" height="512" viewBox="0 0 680 512">'
  + '<rect width="680" height="512" fill="#e8e2d4"/><text x="24" y="48" font-size="24">test picture</text></svg>';

const STAND_IN_LIST = JSON.stringify([
  ...['decoder', 'ring', 'board'].map((view) => ({ name: view, path: `w/${view}/`, alt: `Test data: the ${view}`, width: 680, height: 512 })),
  { name: 'ring/grow', path: 'w/ring-grow/', alt: 'Test data: a ring of four servers', width: 680, height: 512 },
  { name: 'decoder/paste', path: 'w/decoder-paste/', alt: 'Test data: an ID and its fields', width: 680, height: 512 },
  { name: 'board/solve', path: 'w/board-solve/', alt: 'Test data: a design and its verdict', width: 680, height: 512 },
]);

/** Answers requests for pictures the served build lacks with stand-ins (in `target`: a page or a context). */
export async function standInPictures(target) {
  const standIn = (body, contentType) => async (route) => {
    const real = await route.fetch().catch(() => null);
    if (real && real.ok()) return route.fulfill({ response: real });
    return route.fulfill({ status: 200, contentType, body });
  };
  await target.route('**/w/*/picture.svg', standIn(STAND_IN_SVG, 'image/svg+xml'));
  await target.route('**/pictures.json', standIn(STAND_IN_LIST, 'application/json'));
}
