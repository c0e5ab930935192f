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
import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

export default function Shardlab({ name, state = '', theme, height, loading, alt }) {
  const { siteConfig } = useDocusaurusContext();
  const site = String(siteConfig.customFields?.shardlabUrl || 'https://example.org/shardlab/').replace(/\/?$/, '/');
  const page = `${site}w/${name.replace('/', '-')}/`;
  const href = state ? `${page}?${state}` : page;
  return (
    <shardlab-widget name={name} state={state || undefined} theme={theme} height={height} loading={loading}>
      <a href={href}>
        <img
          src={`${page}picture.svg`}
          alt={alt || `shardlab: ${name}, a picture of its opening state`}
          loading="lazy"
          style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
        />
      </a>
    </shardlab-widget>
  );
}
