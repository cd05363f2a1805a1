/**
 * The domain screens in Chromium, through the demo host, against the real server: its DNS server, the edge and
 * mail sandboxes and the registrar widget's stand-in. A site owner connects a domain by copying the records the
 * panel shows into the demo host's "Your registrar's DNS" panel, as they would at their registrar.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './panel';
import { expect, keptPageTest, test } from './fixtures';

/** A record as the panel's DNS table shows it. */
interface ShownRecord {
  type: string;
  host: string;
  value: string;
}

/** The records of one of the panel's DNS tables, read cell by cell as a person reads them. */
async function recordsIn(panel: FrameLocator, tableName: string): Promise<ShownRecord[]> {
  const rows = panel.getByRole('table', { name: tableName }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const records: ShownRecord[] = [];
  for (const row of (await rows.all()).slice(1)) {
    const [type, host, value] = await row.getByRole('cell').allInnerTexts();
    records.push({ type: type!.trim(), host: host!.trim(), value: value!.trim() });
  }
  return records;
}

/** Adds a record in the demo host's "Your registrar's DNS" panel (outside the billing frame), as a person does. */
async function addAtRegistrar(page: Page, zone: string, record: ShownRecord) {
  const dns = page.locator('#dns-panel');
  if ((await dns.getAttribute('open')) === null) await dns.getByText("Your registrar's DNS").click();
  const form = dns.locator('#dns-add');
  await form.getByLabel('Host').fill(record.host);
  await form.getByLabel('Domain').selectOption(zone);
  await form.getByLabel('Type').selectOption(record.type);
  await form.getByLabel('Value').fill(record.value);
  await form.getByRole('button', { name: 'Add record' }).click();
  const name = record.host === '@' ? zone : `${record.host}.${zone}`;
  await expect(dns.getByRole('status')).toHaveText(`Added ${record.type} ${name}`);
}

/** The host part of a record's full name in its zone: '@' for the zone itself. */
function hostInZone(name: string, zone: string): string {
  return name === zone ? '@' : name.slice(0, -(zone.length + 1));
}

const domainInput = (panel: FrameLocator) => panel.getByRole('textbox', { name: 'Enter the domain you want to use' });

keptPageTest(
  'a starter owner connects www.example.net: the records, the registrar, activation, and live after a reload',
  async ({ page, openPanel }) => {
    const panel = await openPanel('starter', '/domain/custom');
    await domainInput(panel).fill('www.example.net');
    const records = await recordsIn(panel, 'DNS records for your custom domain');
    expect(records.map(({ type, host }) => `${type} ${host}`)).toEqual(['CNAME www', 'A @', 'TXT _site-verification']);
    expect(records[0]!.value).toBe('starter.inkwell.test');
    expect(records[2]!.value).toBe('site-verification=site_starter');
    await expectNoAxeViolations(page);

    for (const record of records) await addAtRegistrar(page, 'example.net', record);
    await panel.getByRole('button', { name: 'Activate' }).click();
    await expect(panel.getByText('Your custom domain www.example.net is active.')).toBeVisible();
    await expect(panel.getByRole('status').filter({ hasText: 'www.example.net is active' })).toBeAttached();

    await page.reload();
    const reloaded = page.frameLocator('#billing-frame');
    await expect(reloaded.getByText('Your custom domain www.example.net is active.')).toBeVisible();
    await reloaded.getByRole('link', { name: 'Back' }).click();
    const box = reloaded.getByRole('region', { name: 'Custom domain' });
    await expect(box.getByText('www.example.net')).toBeVisible();
    await expect(box.getByText('Active', { exact: true })).toBeVisible();
  },
);

keptPageTest(
  "a root domain already pointed at the platform waits for the owner's proof of control, then goes live",
  async ({ page, openPanel }) => {
    const panel = await openPanel('starter', '/domain/custom');
    await domainInput(panel).fill('example.dev');
    const records = await recordsIn(panel, 'DNS records for your custom domain');
    const proof = records.find((record) => record.type === 'TXT')!;
    expect(proof).toEqual({ type: 'TXT', host: '_site-verification', value: 'site-verification=site_starter' });

    // The platform's shared address, left behind or set by anyone: not a proof that this owner holds the domain.
    await addAtRegistrar(page, 'example.dev', { type: 'A', host: '@', value: '192.0.2.10' });
    await panel.getByRole('button', { name: 'Activate' }).click();
    await expect(panel.getByRole('button', { name: 'Activation may take up to 10 minutes' })).toBeDisabled();
    const table = panel.getByRole('table', { name: 'DNS records for your custom domain' });
    await expect(
      table.getByRole('row').filter({ hasText: '_site-verification' }).getByRole('img', { name: 'Not valid' }),
    ).toBeVisible();
    await expect(
      panel.getByText(
        `Add a TXT record at _site-verification.example.dev with the value ${proof.value}: it proves the domain is yours`,
      ),
    ).toBeVisible();
    // The panel's frame itself: a full-page shot in Chromium's headless shell catches the frame at a stale width.
    await page
      .locator('#billing-frame')
      .screenshot({ path: test.info().outputPath('root-domain-waiting-for-proof.png') });

    await addAtRegistrar(page, 'example.dev', proof);
    await expect(panel.getByText('Your custom domain example.dev is active.')).toBeVisible();
  },
);

keptPageTest('a domain another site holds is refused, and that site keeps it', async ({ openPanel }) => {
  const panel = await openPanel('active', '/domain/custom');
  await domainInput(panel).fill('example.com');
  await panel.getByRole('button', { name: 'Activate' }).click();
  // The server's refusal (domain_held) in the catalog's words, not the generic failure.
  await expect(
    panel.getByText('This domain is already connected to another site. Remove it there first, or contact support.'),
  ).toBeVisible();
  const owner = await openPanel('domain-live', '/domain');
  await expect(owner.getByRole('region', { name: 'Custom domain' }).getByText('www.example.com')).toBeVisible();
  await expect(
    owner.getByRole('region', { name: 'Custom sending domain' }).getByText('example.com', { exact: true }),
  ).toBeVisible();
});

keptPageTest('the domain input refuses an invalid domain and one on the platform domain', async ({ openPanel }) => {
  const panel = await openPanel('starter', '/domain/custom');
  const field = domainInput(panel);
  await field.fill('not a domain');
  await expect(panel.getByRole('alert')).toHaveText('Enter a valid domain');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('button', { name: 'Activate' })).toBeDisabled();
  await field.fill('blog.inkwell.test');
  await expect(panel.getByRole('alert')).toHaveText('External domains should not end in inkwell.test');
  await expect(panel.getByRole('button', { name: 'Activate' })).toBeDisabled();
  await field.fill('https://www.example.net/about');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Activate' })).toBeEnabled();
});

test('copying a record puts it on the clipboard and shows the tick', async ({ page, context, openPanel }) => {
  // The frame may only write the clipboard (the host's `allow="clipboard-write"`): the test reads it in the host page.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const panel = await openPanel('starter', '/domain/custom');
  await domainInput(panel).fill('www.example.net');
  const copy = panel.getByRole('button', { name: 'Copy CNAME value starter.inkwell.test' });
  await copy.click();
  await expect(panel.getByRole('status').filter({ hasText: 'Copied CNAME value starter.inkwell.test' })).toBeAttached();
  await expect(copy).toHaveClass(/copy-button--copied/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('starter.inkwell.test');
  // The tick lasts 2 seconds, then the copy icon is back.
  await expect(copy).not.toHaveClass(/copy-button--copied/, { timeout: 5_000 });
});

keptPageTest(
  'a pending domain says activation may take up to 10 minutes, with the button disabled',
  async ({ page, openPanel }) => {
    const panel = await openPanel('domain-pending', '/domain/custom');
    await expect(domainInput(panel)).toHaveValue('blog.example.com');
    const button = panel.getByRole('button', { name: 'Activation may take up to 10 minutes' });
    await expect(button).toBeDisabled();
    await expect(
      panel.getByRole('status').filter({ hasText: 'blog.example.com: Activation may take up to 10 minutes' }),
    ).toBeAttached();
    await expectNoAxeViolations(page);
  },
);

keptPageTest(
  'a live domain shows the active domain and the verified sending domain, whose removal the shell announces',
  async ({ page, openPanel }) => {
    const panel = await openPanel('domain-live', '/domain');
    const custom = panel.getByRole('region', { name: 'Custom domain' });
    await expect(custom.getByText('www.example.com')).toBeVisible();
    await expect(custom.getByText('Active', { exact: true })).toBeVisible();
    const sending = panel.getByRole('region', { name: 'Custom sending domain' });
    await expect(sending.getByText('example.com', { exact: true })).toBeVisible();
    await expect(sending.getByText('Verified')).toBeVisible();
    await expectNoAxeViolations(page);

    await sending.getByRole('link', { name: 'Edit custom sending domain' }).click();
    await expect(panel.getByText('Your custom sending domain example.com is verified.')).toBeVisible();
    await panel.getByRole('button', { name: 'Remove sending domain' }).click();
    // Back on /domain: the shell says what happened, and its heading holds the focus the button had.
    await expect(page).toHaveURL(/#\/pro\/domain$/);
    await expect(
      panel.getByRole('status').filter({ hasText: 'Custom sending domain example.com removed' }),
    ).toBeAttached();
    await expect(panel.getByRole('heading', { level: 1, name: 'Domain settings' })).toBeFocused();
    await expect(sending.getByRole('button', { name: 'Setup' })).toBeVisible();
  },
);

keptPageTest(
  'a sending domain is set up, its records added at the registrar, and verified',
  async ({ page, openPanel }) => {
    const panel = await openPanel('sending-initialized', '/domain');
    await panel.getByRole('region', { name: 'Custom sending domain' }).getByRole('button', { name: 'Setup' }).click();
    await expect(page).toHaveURL(/#\/pro\/domain\/sending$/);
    await expect(panel.getByRole('heading', { name: 'Add these DNS records to example.org' })).toBeVisible();
    const records = await recordsIn(panel, 'DNS records for example.org');
    expect(records.map(({ type }) => type).sort()).toEqual(['CNAME', 'TXT', 'TXT', 'TXT']);
    await expectNoAxeViolations(page);

    for (const record of records)
      await addAtRegistrar(page, 'example.org', { ...record, host: hostInZone(record.host, 'example.org') });
    await panel.getByRole('button', { name: 'Activate' }).click();
    await expect(panel.getByText('Your custom sending domain example.org is verified.')).toBeVisible();
    await expect(
      panel.getByRole('status').filter({ hasText: 'Your custom sending domain is verified' }),
    ).toBeAttached();
    await expect(panel.getByRole('button', { name: 'Remove sending domain' })).toBeVisible();
  },
);

keptPageTest('a staff owner buys a domain in the registrar widget and sees it added', async ({ page, openPanel }) => {
  const panel = await openPanel('staff', '/domain');
  const purchase = panel.getByRole('region', { name: 'Buy a new domain' });
  await expect(purchase.getByRole('button', { name: 'Purchase domain' })).toBeVisible();
  await expectNoAxeViolations(page);
  await purchase.getByRole('button', { name: 'Purchase domain' }).click();
  const widget = panel.getByRole('dialog', { name: 'Buy a domain' });
  await widget.getByLabel('Domain name').fill('caseywrites');
  await widget.getByRole('button', { name: 'Search' }).click();
  const buy = widget.getByRole('button', { name: /^Buy caseywrites\./ }).first();
  const bought = ((await buy.textContent()) ?? '').replace(/^Buy /, '');
  await buy.click();
  await expect(widget).toHaveCount(0);
  const custom = panel.getByRole('region', { name: 'Custom domain' });
  await expect(custom.getByText(bought, { exact: true })).toBeVisible();
});

keptPageTest('an owner who is not staff sees no purchase option', async ({ openPanel }) => {
  const panel = await openPanel('active', '/domain');
  await expect(panel.getByRole('region', { name: 'Custom sending domain' })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Buy a new domain' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Purchase domain' })).toHaveCount(0);
});
