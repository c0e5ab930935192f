// A two-page Docusaurus site holding one shardlab embed, built by `cargo xtask hosts`. The
// component is the shipped recipe (docs/hosts/docusaurus/src/components/Shardlab.jsx), copied in
// before the build; the shardlab address below is replaced with the loopback site's.
const shardlab = 'https://example.org/shardlab/';

export default {
  title: 'A notebook on sharding',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  // The recipe: embed.js on every page, and the site's address for the component.
  scripts: [{ src: `${shardlab}embed.js`, async: true, 'data-shardlab-embed': true }],
  customFields: { shardlabUrl: shardlab },
  presets: [
    [
      'classic',
      {
        docs: { routeBasePath: '/' },
        blog: false,
      },
    ],
  ],
  themeConfig: {
    navbar: { title: 'A notebook on sharding' },
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: false },
  },
};
