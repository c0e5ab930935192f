// Serves one site of the hosts test on loopback: `node serve-hosts.mjs shardlab` serves the
// shardlab build, `node serve-hosts.mjs hugo` (docusaurus, mkdocs) a host's built site, each on
// the port the manifest (SHARDLAB_HOSTS_MANIFEST, written by `cargo xtask hosts`) gives it.
import { readFileSync } from 'node:fs';
import { serve } from './serve.mjs';

const manifest = JSON.parse(readFileSync(process.env.SHARDLAB_HOSTS_MANIFEST, 'utf8'));
const name = process.argv[2];
const site = name === 'shardlab' ? manifest.shardlab : manifest.hosts.find((host) => host.name === name);
if (!site) throw new Error(`the manifest lists no site named ${name}`);
await serve([['/', site.root]], site.port);
console.log(`${name} on http://127.0.0.1:${site.port}/`);
