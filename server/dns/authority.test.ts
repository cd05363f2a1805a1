/** The demo's authoritative DNS server, asked through the resolver seam over a real socket. */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { startAuthority, type RunningAuthority } from './authority';
import { NodeDnsResolver } from './resolver';
import { ZoneStore } from './zones';

let dir: string;
let db: Db;
let zones: ZoneStore;
let authority: RunningAuthority;
let resolver: NodeDnsResolver;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dns-authority-'));
  db = createDatabase({ dataDir: dir, databaseUrl: null });
  await migrateToLatest(db);
  zones = new ZoneStore(db, Date.now);
  authority = await startAuthority({ zones, host: '127.0.0.1', port: 0 });
  // A busy machine (the whole suite on two cores) can hold a UDP answer past the production timeout.
  resolver = new NodeDnsResolver({ servers: [`127.0.0.1:${authority.port}`], timeoutMs: 8000, tries: 3 });
  await zones.add({ name: 'example.com', type: 'NS', value: 'ada.ns.cloudflare.com' });
  await zones.add({ name: 'inkwell.test', type: 'NS', value: 'ns1.inkwell.test' });
  await zones.add({ name: 'site.inkwell.test', type: 'A', value: '192.0.2.10' });
});

afterAll(async () => {
  await authority?.close();
  await db?.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('the authoritative DNS server', () => {
  it('answers a CNAME, and follows it inside its zones for an A question', async () => {
    await zones.add({ name: 'www.example.com', type: 'CNAME', value: 'site.inkwell.test.' });
    expect(await resolver.resolve('www.example.com', 'CNAME')).toEqual(['site.inkwell.test']);
    expect(await resolver.resolve('WWW.example.com', 'A')).toEqual(['192.0.2.10']);
  });

  it('answers NS and a long TXT (a DKIM key) whole', async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const value = `k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
    await zones.add({ name: 'pic._domainkey.example.com', type: 'TXT', value });
    expect(await resolver.resolve('example.com', 'NS')).toEqual(['ada.ns.cloudflare.com']);
    expect(await resolver.resolve('pic._domainkey.example.com', 'TXT')).toEqual([value]);
  });

  it('answers nothing for a missing name, a missing type, and a zone it does not hold', async () => {
    expect(await resolver.resolve('missing.example.com', 'CNAME')).toEqual([]);
    expect(await resolver.resolve('example.com', 'TXT')).toEqual([]);
    expect(await resolver.resolve('example.invalid', 'A')).toEqual([]);
  });

  it('sees a record as soon as it is published (no answer is cached)', async () => {
    expect(await resolver.resolve('blog.example.com', 'CNAME')).toEqual([]);
    await zones.add({ name: 'blog.example.com', type: 'CNAME', value: 'site.inkwell.test' });
    expect(await resolver.resolve('blog.example.com', 'CNAME')).toEqual(['site.inkwell.test']);
  });
});
