// The hosts test (specs-hosts/): shardlab embedded in real Hugo, Docusaurus and MkDocs Material
// sites that `cargo xtask hosts` built. Each site is served on its own loopback port, so each is
// another origin than shardlab's, as on the web. The list of sites comes from the manifest the
// xtask writes (SHARDLAB_HOSTS_MANIFEST).
import { readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.js';

const manifestPath = process.env.SHARDLAB_HOSTS_MANIFEST;
if (!manifestPath) throw new Error('SHARDLAB_HOSTS_MANIFEST is not set: run this through `cargo xtask hosts`');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const server = (name, port, probe) => ({
  command: `node serve-hosts.mjs ${name}`,
  url: `http://127.0.0.1:${port}${probe}`,
  reuseExistingServer: false,
  timeout: 20_000,
});

export default defineConfig({
  ...base,
  testDir: './specs-hosts',
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/hosts-results.json' }]],
  outputDir: 'test-results/hosts-artifacts',
  webServer: [
    server('shardlab', manifest.shardlab.port, '/embed.js'),
    ...manifest.hosts.map((host) => server(host.name, host.port, host.post)),
  ],
});
