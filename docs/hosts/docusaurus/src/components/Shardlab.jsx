// shardlab's widget in Docusaurus (MDX), where a <script> inside the content never runs.
//
// 1. Copy this file to src/components/Shardlab.jsx.
// 2. Load embed.js on every page, in docusaurus.config.js:
//      scripts: [{ src: 'https://example.org/shardlab/embed.js', async: true, 'data-shardlab-embed': true }],
//      customFields: { shardlabUrl: 'https://example.org/shardlab/' },
// 3. In a .mdx page:
//      import Shardlab from '@site/src/components/Shardlab';
//      <Shardlab name="ring/grow" state="vnodes=3" />
//
// It renders a <shardlab-widget> holding the widget's build-time picture and a link to it;
// embed.js defines the element and puts the live widget in the picture's place near the
// viewport. Without the script the picture and the link stay.
//
// The picture and link are the element's inner HTML, not React children: embed.js adds the live
// frame inside the element, often before React hydrates the server's HTML (an async script on a
// page opened at the embed), and React 19 takes a child it did not render for a mismatch and
// renders the whole page again, throwing the frame away. React leaves an element's inner HTML
// alone while the string stays the same.
import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

export default function Shardlab({ name, state = '', theme, height, loading, alt }) {
  const { siteConfig } = useDocusaurusContext();
  const site = String(siteConfig.customFields?.shardlabUrl || 'https://example.org/shardlab/').replace(/\/?$/, '/');
  const page = `${site}w/${name.replace('/', '-')}/`;
  const href = state ? `${page}?${state}` : page;
  const fallback =
    `<a href="${escapeHtml(href)}"><img src="${escapeHtml(`${page}picture.svg`)}"` +
    ` alt="${escapeHtml(alt || `shardlab: ${name}, a picture of its opening state`)}" loading="lazy"` +
    ' style="display:block;max-width:100%;height:auto"></a>';
  return (
    <shardlab-widget
      name={name}
      state={state || undefined}
      theme={theme}
      height={height}
      loading={loading}
      dangerouslySetInnerHTML={{ __html: fallback }}
    />
  );
}
